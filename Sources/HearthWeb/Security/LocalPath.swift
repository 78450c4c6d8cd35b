/// A place on this site a browser may be sent to (after signing in, after a form): an absolute path, and the
/// query after it, that every browser's URL parser reads as a path on this origin.
///
/// Browsers forgive much in a `Location`: they drop tabs and newlines anywhere, trim spaces and control characters
/// at the ends, read `\` as `/`, and take `//host` as another site. So a target is accepted only when it is
/// printable ASCII with no space, no backslash and no control character, raw or percent-encoded (at any depth of
/// encoding, and past ASCII no Unicode space or invisible character either); starts with exactly one `/`; and has no
/// `.` or `..` segment, raw or encoded. What is left can only be
/// read one way: as a path on the origin that sent it.
struct LocalPath: Sendable, Hashable, CustomStringConvertible {
    /// The path and query, as they go in a `Location` header or a form's hidden field.
    let description: String

    /// The longest target kept, in bytes.
    static let maximumBytes = 2_000

    /// `text` when it is a path on this site; nil otherwise.
    init?(_ text: (some StringProtocol)?) {
        guard let text, Self.isLocal(Substring(text)) else { return nil }
        description = String(text)
    }

    private static func isLocal(_ text: Substring) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 1, bytes.count <= maximumBytes, bytes[0] == UInt8(ascii: "/") else { return false }
        if bytes.count > 1, bytes[1] == UInt8(ascii: "/") || bytes[1] == UInt8(ascii: "\\") { return false }
        guard bytes.allSatisfy(isAllowedRaw) else { return false }
        // What the text says once percent-decoded, as often as it decodes to something new: a double-encoded
        // `%252F%252F` must not become `//` in some reader further on.
        var decoded = bytes
        for _ in 0..<4 {
            guard let next = percentDecoded(decoded) else { return false }
            guard next.allSatisfy(isAllowedDecoded) else { return false }
            if next == decoded { break }
            decoded = next
        }
        if decoded.count > 1, decoded[1] == UInt8(ascii: "/") { return false }
        // Encoded text past ASCII must be UTF-8 with no space, control or invisible formatting character in it
        // (an ideographic space, a right-to-left override).
        guard let text = String(validating: decoded, as: UTF8.self),
            text.unicodeScalars.allSatisfy({ !isHidden($0) })
        else { return false }
        return !hasDotSegment(bytes) && !hasDotSegment(decoded)
    }

    /// Whitespace, control, format and separator characters: what reads as nothing, or as a break.
    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isWhitespace { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .surrogate, .unassigned,
            .privateUse:
            return true
        default: return false
        }
    }

    /// Printable ASCII but for space and backslash.
    private static func isAllowedRaw(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\")
    }

    /// Once decoded, a byte may also be anything at or above 0x80 (UTF-8 of a name with accents), but still no
    /// control character, space, backslash or DEL.
    private static func isAllowedDecoded(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte != 0x7F && byte != UInt8(ascii: "\\")
    }

    /// `bytes` with each `%XX` replaced by its byte; nil when a `%` is not followed by two hex digits.
    private static func percentDecoded(_ bytes: [UInt8]) -> [UInt8]? {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "%") else {
                result.append(byte)
                index += 1
                continue
            }
            guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            else { return nil }
            result.append(high << 4 | low)
            index += 3
        }
        return result
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Whether the path (before any `?` or `#`) has a `.` or `..` segment.
    private static func hasDotSegment(_ bytes: [UInt8]) -> Bool {
        let path = bytes.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        return path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).contains { segment in
            segment.elementsEqual([UInt8(ascii: ".")]) || segment.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")])
        }
    }
}
