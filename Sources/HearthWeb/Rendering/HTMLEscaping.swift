import Mustache

/// How the pages escape what `{{name}}` prints: `&`, `<`, `>`, `"` and `'` become character references, as
/// Mustache's own HTML content type does, found by one pass over the UTF-8 bytes (a quote followed by a
/// combining mark is escaped too), and a value with none of them is returned as it is, without a copy.
///
/// Registered with Mustache as ``name`` when the templates are compiled; every template names it in its first
/// tag (`{{% CONTENT_TYPE: HEARTH_HTML}}`), since a partial starts again from the library's default. A template
/// that forgot it would still be escaped, by the library's slower escaping.
struct HTMLEscaping: MustacheContentType {
    /// The content type's name in a template's `CONTENT_TYPE` pragma.
    static let name = "HEARTH_HTML"
    /// The pragma each template starts with.
    static let pragma = "{{% CONTENT_TYPE: \(name)}}"

    func escapeText(_ text: String) -> String { Self.escaped(text) }

    /// `text` with the five characters HTML gives meaning to replaced by their references.
    static func escaped(_ text: String) -> String {
        let utf8 = text.utf8
        let needsEscaping =
            utf8.withContiguousStorageIfAvailable { $0.contains(where: isSpecial) } ?? utf8.contains(where: isSpecial)
        guard needsEscaping else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count + 32)
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): bytes.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): bytes.append(contentsOf: "&#39;".utf8)
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
