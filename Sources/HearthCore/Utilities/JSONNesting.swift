/// How deeply a JSON text's arrays and objects nest, found in one pass over its bytes before it is decoded.
///
/// Decoding a value nested `n` deep costs more than `n` times a flat one (each level's decoder keeps the path to
/// it), and JSON's decoder only refuses past 512 levels: a GraphQL request's variables and a recipe page's
/// JSON-LD are held to a limit before they are decoded at all. Brackets inside strings count for nothing.
public enum JSONNesting {
    /// Whether `bytes` nests arrays and objects deeper than `limit`.
    public static func exceeds(_ limit: Int, in bytes: some Sequence<UInt8>) -> Bool {
        depth(of: bytes, stoppingPast: limit) > limit
    }

    /// The deepest nesting in `bytes`; the scan stops at the first level past `limit`.
    public static func depth(of bytes: some Sequence<UInt8>, stoppingPast limit: Int = .max) -> Int {
        var depth = 0
        var deepest = 0
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
                deepest = max(deepest, depth)
                if depth > limit { return depth }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth = max(0, depth - 1)
            default:
                break
            }
        }
        return deepest
    }
}
