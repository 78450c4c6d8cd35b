public import Foundation
import HearthCore

/// A streaming reader of OFX files, both 1.x (SGML: elements without end tags, a `KEY:VALUE` header) and
/// 2.x (XML with an `<?OFX …?>` processing instruction): the one OFX reader of Hearth.
///
/// It reads the file in 64 KiB chunks and hands out one token at a time, so a statement of any size takes
/// the same memory. It checks that the file is OFX (a header, then `<OFX>`), that it is whole (it ends with
/// `</OFX>`), and refuses a tag or value over ``maximumTokenBytes``, naming the file and the line.
///
/// SGML leaves it to a DTD to say which tags hold values: here a start tag followed by text is an
/// ``Token/element(_:_:)``, one followed by another tag a ``Token/start(_:)`` (an aggregate — or an empty
/// element, which a reader looking for aggregates by name can ignore). Values have entities decoded and
/// are read as UTF-8, or as Windows-1252 when they are not valid UTF-8 (`CHARSET:1252`).
///
/// ```swift
/// let reader = try OFXReader(url: url)
/// try reader.forEachToken { token, line in
///     if case .element("TRNAMT", let value) = token { print(line, value) }
/// }
/// ```
public final class OFXReader {
    /// One piece of an OFX document. Names are as written (OFX names are upper case).
    public enum Token: Sendable, Equatable {
        /// A start tag not followed by a value: an aggregate such as `STMTTRN`.
        case start(String)
        /// An end tag.
        case end(String)
        /// A tag and its value, such as `TRNAMT` and `-12.50`; the value is trimmed and may be empty.
        case element(String, String)
    }

    /// The longest tag or value accepted, in bytes.
    public static let maximumTokenBytes = 1 << 16

    private let input: ChunkedInput

    /// Bytes read so far, for progress.
    public var bytesRead: Int { input.bytesRead }
    /// The size of the input in bytes.
    public var totalBytes: Int { input.totalBytes }
    /// How the input is named in messages.
    public var label: String { input.label }

    /// Reads the file at `url`.
    /// - Throws: ``HearthCore/ServiceError`` (not found) when the file cannot be opened.
    public init(url: URL, chunkSize: Int = 1 << 16) throws {
        input = try ChunkedInput(url: url, chunkSize: chunkSize)
    }

    /// Reads bytes already in memory (tests, the head of a file).
    public init(bytes: [UInt8], label: String = "the input") {
        input = ChunkedInput(bytes: bytes, label: label)
    }

    private enum State {
        case header, text, tag
    }

    /// Calls `body` with each token and the line it starts on, in order, until the input ends.
    /// - Throws: ``HearthCore/ServiceError`` (validation failed) when the input is not OFX, is cut short,
    ///   holds binary data or a token over the bound, naming the file and line; or what `body` throws.
    public func forEachToken(_ body: (Token, Int) throws -> Void) throws {
        var bytes = GrowableBuffer<UInt8>(capacity: 1_024)
        defer { bytes.deallocate() }
        var state = State.header
        var line = 1
        var tagLine = 1
        var previousWasCR = false
        var atStart = true
        var pending: (name: String, line: Int)?
        var sawRoot = false
        var sawEnd = false
        let label = input.label
        let limit = Self.maximumTokenBytes

        func fail(_ problem: String) -> ServiceError {
            ServiceError(.validationFailed, "\(label), line \(line): \(problem) Nothing was imported.")
        }
        func notOFX(_ what: String) -> ServiceError {
            ServiceError(
                .validationFailed,
                "\(label) is not an OFX file (\(what), line \(line)); export the statement from your bank as OFX (Money or Quicken Web Connect), or pass --format for what it is. Nothing was imported."
            )
        }
        func flushPending() throws {
            if let open = pending {
                pending = nil
                try body(.start(open.name), open.line)
            }
        }
        func endTag(_ content: UnsafeBufferPointer<UInt8>) throws {
            let first = content.first ?? 0
            if first == UInt8(ascii: "?") || first == UInt8(ascii: "!") {
                // A processing instruction (`<?xml …?>`, `<?OFX …?>`), a comment or a declaration.
                guard !sawRoot || first == UInt8(ascii: "!") else {
                    throw fail("a processing instruction inside <OFX>.")
                }
                return
            }
            if first == UInt8(ascii: "/") {
                let name = Self.name(UnsafeBufferPointer(rebasing: content.dropFirst()))
                guard sawRoot else { throw notOFX("it starts with </\(name)>") }
                if let open = pending, open.name == name {
                    pending = nil
                    try body(.element(name, ""), open.line)
                } else {
                    try flushPending()
                    try body(.end(name), tagLine)
                }
                if name == "OFX" { sawEnd = true }
                return
            }
            let selfClosing = content.last == UInt8(ascii: "/")
            let name = Self.name(UnsafeBufferPointer(rebasing: content.dropLast(selfClosing ? 1 : 0)))
            guard !name.isEmpty else {
                throw sawRoot ? fail("<\(name)> is not an OFX tag.") : notOFX("it starts with <\(name)>")
            }
            if !sawRoot {
                guard name == "OFX" else { throw notOFX("it starts with <\(name)> rather than <OFX>") }
                sawRoot = true
            } else if sawEnd {
                throw fail("<\(name)> after </OFX>; the file holds more than one statement document.")
            }
            try flushPending()
            if selfClosing {
                try body(.element(name, ""), tagLine)
            } else {
                pending = (name, tagLine)
            }
        }

        try input.forEachChunk { chunk in
            var index = 0
            if atStart {
                atStart = false
                if chunk.count >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF { index = 3 }
            }
            while index < chunk.count {
                let byte = chunk[index]
                index += 1
                let wasCR = previousWasCR
                previousWasCR = byte == 13
                if byte == 10 {
                    if !wasCR { line += 1 }
                } else if byte == 13 {
                    line += 1
                } else if byte == 0 {
                    throw notOFX("binary data")
                }
                switch state {
                case .header:
                    if byte == UInt8(ascii: "<") {
                        let trimmed = String(decoding: bytes.buffer, as: UTF8.self).trimmingCharacters(
                            in: .whitespacesAndNewlines)
                        guard trimmed.isEmpty || trimmed.hasPrefix("OFXHEADER:") else {
                            throw notOFX("it starts with \"\(trimmed.prefix(40))\" rather than an OFX header")
                        }
                        bytes.removeAll()
                        state = .tag
                        tagLine = line
                    } else {
                        bytes.append(byte)
                        guard bytes.count <= 4_096 else { throw notOFX("no <OFX> in its first 4 KiB") }
                    }
                case .text:
                    if byte == UInt8(ascii: "<") {
                        let text = Self.trimmed(bytes.buffer)
                        if !text.isEmpty {
                            guard let open = pending else {
                                throw fail(
                                    "text \"\(String(decoding: UnsafeBufferPointer(rebasing: text.prefix(40)), as: UTF8.self))\" outside any tag; the file is damaged."
                                )
                            }
                            pending = nil
                            try body(.element(open.name, Self.value(text)), open.line)
                        }
                        bytes.removeAll()
                        state = .tag
                        tagLine = line
                    } else {
                        bytes.append(byte)
                        if bytes.count > limit { throw fail("a value longer than \(limit / 1024) KiB.") }
                    }
                case .tag:
                    if byte == UInt8(ascii: ">") {
                        try endTag(Self.trimmed(bytes.buffer))
                        bytes.removeAll()
                        state = .text
                    } else if byte == UInt8(ascii: "<") {
                        throw sawRoot ? fail("a tag that is never closed with >.") : notOFX("a tag never closed")
                    } else {
                        bytes.append(byte)
                        if bytes.count > limit { throw fail("a tag longer than \(limit / 1024) KiB.") }
                    }
                }
            }
            return true
        }
        guard sawRoot else {
            throw notOFX(input.totalBytes == 0 ? "it is empty" : "there is no <OFX> tag")
        }
        guard sawEnd, state == .text else {
            throw ServiceError(
                .validationFailed,
                "\(label) ends at line \(line) before </OFX>: the file is cut short. Download the statement again; nothing was imported."
            )
        }
        try flushPending()
    }

    /// `bytes` without leading and trailing white space, line ends included.
    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 9 || byte == 10 || byte == 13 }
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// A tag's name: its bytes up to the first space, as written.
    private static func name(_ content: UnsafeBufferPointer<UInt8>) -> String {
        let trimmed = Self.trimmed(content)
        let end = trimmed.firstIndex(where: { $0 == 0x20 || $0 == 9 || $0 == 10 || $0 == 13 }) ?? trimmed.count
        return String(decoding: UnsafeBufferPointer(rebasing: trimmed[..<end]), as: UTF8.self)
    }

    /// A value as text: UTF-8, else Windows-1252, with character and entity references replaced.
    static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text =
            String(validating: bytes, as: UTF8.self)
            ?? String(data: Data(buffer: bytes), encoding: .windowsCP1252)
            ?? String(decoding: bytes, as: UTF8.self)
        guard text.contains("&") else { return text }
        return decodeEntities(text)
    }

    private static let entities = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]

    /// `text` with `&amp;`, `&#233;`, `&#xE9;` and the like replaced; an `&` that starts none is kept.
    static func decodeEntities(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            if let semicolon = after.prefix(10).firstIndex(of: ";") {
                let reference = after[..<semicolon]
                var replacement: String?
                if reference.hasPrefix("#x") || reference.hasPrefix("#X") {
                    replacement = UInt32(reference.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map {
                        String(Character($0))
                    }
                } else if reference.hasPrefix("#") {
                    replacement = UInt32(reference.dropFirst()).flatMap(Unicode.Scalar.init).map {
                        String(Character($0))
                    }
                } else {
                    replacement = entities[reference.lowercased()]
                }
                if let replacement {
                    result += replacement
                    rest = after[after.index(after: semicolon)...]
                    continue
                }
            }
            result += "&"
            rest = after
        }
        return result + rest
    }
}
