import GraphQL
import OrderedCollections

/// About how many bytes a GraphQL value (`Map`) holds in memory, for caches that count what they keep.
///
/// Strings count their UTF-8 bytes, every value a fixed overhead for its box and its slot in its container, and
/// dictionary keys their bytes. The walk keeps its own stack, so values nested however deep (variables are
/// JSON from the client) cannot exhaust the thread's.
enum MapSize {
    /// What one value costs besides the bytes of its strings.
    static let overhead = 48

    /// The bytes of every value in `variables`, and of their names.
    static func bytes(of variables: [String: Map]) -> Int {
        var total = 0
        var pending: [Map] = []
        for (name, value) in variables {
            total += overhead + name.utf8.count
            pending.append(value)
        }
        while let value = pending.popLast() {
            total += overhead
            switch value {
            case .string(let text):
                total += text.utf8.count
            case .array(let elements):
                pending.append(contentsOf: elements)
            case .dictionary(let fields):
                for (name, element) in fields {
                    total += name.utf8.count
                    pending.append(element)
                }
            default:
                break
            }
        }
        return total
    }
}
