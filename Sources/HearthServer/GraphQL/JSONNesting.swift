/// How deeply a JSON text's arrays and objects nest, found in one pass over its bytes before it is decoded.
///
/// Decoding a value nested `n` deep costs more than `n` times a flat one (each level's decoder keeps the path to
/// it), and JSON's decoder only refuses past 512 levels: a request's variables are held to GraphQL's own nesting
/// limit before they are decoded at all. Brackets inside strings count for nothing.
enum JSONNesting {
    /// Whether `bytes` nests arrays and objects deeper than `limit`.
    static func exceeds(_ limit: Int, in bytes: some Sequence<UInt8>) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth = max(0, depth - 1)
            default:
                break
            }
        }
        return false
    }
}
