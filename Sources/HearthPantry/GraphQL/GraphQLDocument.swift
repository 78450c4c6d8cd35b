/// Rewrites an operation so every object's selection set asks for `__typename`, which the normalized cache needs
/// to name the objects it stores (`Typename:id`).
///
/// The operation's own (root) selection set is left as written, as are braces inside arguments (input
/// objects), strings, block strings and comments; a fragment's selection set gets `__typename` too.
enum GraphQLDocument {
    static func addingTypename(to document: String) -> String {
        var output = ""
        output.reserveCapacity(document.count + 64)
        var parentheses = 0
        var depth = 0
        var definitionStart = 0
        var index = document.startIndex
        while index < document.endIndex {
            let character = document[index]
            if document[index...].hasPrefix("\"\"\"") {
                let start = index
                index = document.index(index, offsetBy: 3)
                while index < document.endIndex, !document[index...].hasPrefix("\"\"\"") {
                    index =
                        document[index] == "\\"
                        ? document.index(index, offsetBy: 2, limitedBy: document.endIndex) ?? document.endIndex
                        : document.index(after: index)
                }
                index = document.index(index, offsetBy: 3, limitedBy: document.endIndex) ?? document.endIndex
                output += document[start..<index]
                continue
            }
            switch character {
            case "\"":
                let start = index
                index = document.index(after: index)
                while index < document.endIndex, document[index] != "\"", document[index] != "\n" {
                    index =
                        document[index] == "\\"
                        ? document.index(index, offsetBy: 2, limitedBy: document.endIndex) ?? document.endIndex
                        : document.index(after: index)
                }
                if index < document.endIndex { index = document.index(after: index) }
                output += document[start..<index]
                continue
            case "#":
                let start = index
                while index < document.endIndex, document[index] != "\n" { index = document.index(after: index) }
                output += document[start..<index]
                continue
            case "(":
                parentheses += 1
            case ")":
                parentheses = max(0, parentheses - 1)
            case "{" where parentheses == 0:
                let isFragment = String(decoding: output.utf8.dropFirst(definitionStart), as: UTF8.self).drop {
                    $0.isWhitespace || $0 == ","
                }.hasPrefix("fragment")
                output.append(depth > 0 || isFragment ? "{ __typename" : "{")
                depth += 1
                index = document.index(after: index)
                continue
            case "}" where parentheses == 0:
                depth = max(0, depth - 1)
                output.append(character)
                index = document.index(after: index)
                if depth == 0 { definitionStart = output.utf8.count }
                continue
            default:
                break
            }
            output.append(character)
            index = document.index(after: index)
        }
        return output
    }
}
