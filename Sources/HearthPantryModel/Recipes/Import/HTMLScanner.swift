/// A forgiving, single-pass reader of HTML into tags and text, enough to find a page's JSON-LD blocks and its
/// microdata: no tree is built and nothing recurses, so its time and memory grow with the page's length only.
///
/// Comments, doctypes and processing instructions are skipped; the contents of `script`, `style`, `textarea` and
/// `title` are one raw text each (not decoded, not scanned for tags); attribute names and tag names are read in
/// lower case, attribute values and text with their character references decoded. A `<` that starts no tag is
/// text.
enum HTMLScanner {
    /// A piece of a page.
    enum Token: Equatable {
        /// A start tag with its attributes (a name repeated keeps its first value); `selfClosing` for `<br/>`.
        case start(String, [String: String], selfClosing: Bool)
        /// An end tag.
        case end(String)
        /// Text between tags, decoded; raw for the contents of `script` and `style`.
        case text(String)
    }

    /// Elements that never have contents or an end tag.
    static let void: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]

    /// Whether a tag of this name starts or ends a line of the text a reader sees.
    static func breaksLine(_ name: String) -> Bool {
        lineBreaking.contains(name)
    }

    private static let lineBreaking: Set<String> = [
        "p", "br", "li", "div", "ol", "ul", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "section", "article", "dd",
        "dt", "blockquote",
    ]

    private static let rawText: Set<String> = ["script", "style", "textarea", "title"]

    /// The tokens of `bytes`, in order.
    static func tokens(_ bytes: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        var textStart = 0
        let count = bytes.count

        func flushText(upTo end: Int) {
            if end > textStart {
                let text = String(decoding: bytes[textStart..<end], as: UTF8.self)
                tokens.append(.text(HTMLText.decoded(Substring(text))))
            }
        }

        while index < count {
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < count else {
                index += 1
                continue
            }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                flushText(upTo: index)
                if starts(bytes, at: index, with: "<!--") {
                    index = find(bytes, "-->", from: index + 4).map { $0 + 3 } ?? count
                } else {
                    index = find(bytes, ">", from: index + 2).map { $0 + 1 } ?? count
                }
                textStart = index
                continue
            }
            let closing = next == UInt8(ascii: "/")
            let nameStart = closing ? index + 2 : index + 1
            guard nameStart < count, isLetter(bytes[nameStart]) else {
                index += 1
                continue
            }
            flushText(upTo: index)
            var cursor = nameStart
            while cursor < count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: ">"),
                bytes[cursor] != UInt8(ascii: "/")
            {
                cursor += 1
            }
            let name = String(decoding: bytes[nameStart..<cursor], as: UTF8.self).lowercased()
            if closing {
                tokens.append(.end(name))
                index = find(bytes, ">", from: cursor).map { $0 + 1 } ?? count
                textStart = index
                continue
            }
            let (attributes, selfClosing, after) = readAttributes(bytes, from: cursor)
            tokens.append(.start(name, attributes, selfClosing: selfClosing))
            index = after
            textStart = index
            if rawText.contains(name), !selfClosing {
                let end = findEndTag(bytes, name, from: index) ?? count
                if end > index {
                    let raw = String(decoding: bytes[index..<end], as: UTF8.self)
                    tokens.append(.text(name == "title" || name == "textarea" ? HTMLText.decoded(Substring(raw)) : raw))
                }
                tokens.append(.end(name))
                index = end < count ? (find(bytes, ">", from: end).map { $0 + 1 } ?? count) : count
                textStart = index
            }
        }
        flushText(upTo: count)
        return tokens
    }

    /// The attributes from `start` to the tag's `>`, whether it ended with `/>`, and where the text after it starts.
    private static func readAttributes(_ bytes: [UInt8], from start: Int) -> ([String: String], Bool, Int) {
        var attributes: [String: String] = [:]
        var index = start
        let count = bytes.count
        var selfClosing = false
        while index < count {
            while index < count, isSpace(bytes[index]) { index += 1 }
            guard index < count else { break }
            if bytes[index] == UInt8(ascii: ">") { return (attributes, selfClosing, index + 1) }
            if bytes[index] == UInt8(ascii: "/") {
                selfClosing = true
                index += 1
                continue
            }
            selfClosing = false
            let nameStart = index
            while index < count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="),
                bytes[index] != UInt8(ascii: ">"), !(bytes[index] == UInt8(ascii: "/") && index > nameStart)
            {
                index += 1
            }
            if index == nameStart { index += 1 }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            while index < count, isSpace(bytes[index]) { index += 1 }
            var value = ""
            if index < count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                while index < count, isSpace(bytes[index]) { index += 1 }
                if index < count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                    let quote = bytes[index]
                    let valueStart = index + 1
                    var end = valueStart
                    while end < count, bytes[end] != quote { end += 1 }
                    value = String(decoding: bytes[valueStart..<min(end, count)], as: UTF8.self)
                    index = min(end + 1, count)
                } else {
                    let valueStart = index
                    while index < count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                    value = String(decoding: bytes[valueStart..<index], as: UTF8.self)
                }
            }
            if attributes[name] == nil { attributes[name] = HTMLText.decoded(Substring(value)) }
        }
        return (attributes, selfClosing, count)
    }

    private static func findEndTag(_ bytes: [UInt8], _ name: String, from start: Int) -> Int? {
        let pattern = Array(("</" + name).utf8)
        var index = start
        while let found = find(bytes, "</", from: index) {
            if found + pattern.count <= bytes.count,
                zip(bytes[found..<(found + pattern.count)], pattern).allSatisfy({ lower($0) == $1 })
            {
                let after = found + pattern.count
                if after >= bytes.count || isSpace(bytes[after]) || bytes[after] == UInt8(ascii: ">") { return found }
            }
            index = found + 2
        }
        return nil
    }

    private static func find(_ bytes: [UInt8], _ pattern: StaticString, from start: Int) -> Int? {
        let needle = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
        var index = max(start, 0)
        while index + needle.count <= bytes.count {
            if matches(bytes, at: index, needle) { return index }
            index += 1
        }
        return nil
    }

    private static func starts(_ bytes: [UInt8], at index: Int, with pattern: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
        return index + needle.count <= bytes.count && matches(bytes, at: index, needle)
    }

    private static func matches(_ bytes: [UInt8], at index: Int, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        for offset in 0..<needle.count where bytes[index + offset] != needle[offset] { return false }
        return true
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}
