/// One pass over a GraphQL document's bytes before the parser sees it: counts its tokens and how deeply its
/// brackets nest, and stops at the first limit passed.
///
/// GraphQL's parser descends once per nested selection set, list, input object and argument list, so a few
/// kilobytes of `{` would exhaust its stack; and its work grows with the tokens it reads. This scan reads each
/// byte once, in a loop without recursion, and keeps only counters, so the parser runs only on documents whose
/// nesting and length are already known to be bounded. It does not check the grammar (the parser does): it
/// only needs to know which bytes are tokens and which are strings, comments and ignored characters, so that
/// a brace inside a string or a comment counts for nothing.
///
/// Tokens are counted as the parser reads them: punctuators (`...` is one), names, numbers and strings;
/// white space, commas, the byte order mark and comments are not tokens.
struct GraphQLDocumentScan: Equatable {
    /// How many tokens the document has.
    let tokens: Int
    /// How deeply its brackets (`{`, `[`, `(`) nest at most.
    let nesting: Int

    /// Where a scan stopped.
    enum Refusal: Error, Equatable {
        /// More than the limit of tokens.
        case tooManyTokens
        /// A bracket past the nesting limit, at this line and column (1-based, in bytes).
        case tooDeep(line: Int, column: Int)
    }

    /// Scans `text`; fails at the first token past `maxTokens`, or the first bracket that nests deeper than `maxNesting`.
    static func scan(_ text: String, maxTokens: Int, maxNesting: Int) -> Result<GraphQLDocumentScan, Refusal> {
        var text = text
        return text.withUTF8 { scan($0, maxTokens: maxTokens, maxNesting: maxNesting) }
    }

    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, maxTokens: Int, maxNesting: Int) -> Result<
        GraphQLDocumentScan, Refusal
    > {
        let count = bytes.count
        var index = 0
        var tokens = 0
        var nesting = 0
        var deepest = 0
        var line = 1
        var lineStart = 0
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ","):
                index += 1
                continue
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
                continue
            case UInt8(ascii: "\r"):
                index += 1
                if index < count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                line += 1
                lineStart = index
                continue
            case 0xEF where index + 2 < count && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF:
                // The byte order mark is ignored, as white space is.
                index += 3
                continue
            case UInt8(ascii: "#"):
                while index < count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") {
                    index += 1
                }
                continue
            case UInt8(ascii: "\""):
                if index + 2 < count, bytes[index + 1] == UInt8(ascii: "\""), bytes[index + 2] == UInt8(ascii: "\"") {
                    // A block string ends at the next """ that is not escaped as \"""; it may span lines.
                    index += 3
                    while index < count {
                        let inner = bytes[index]
                        if inner == UInt8(ascii: "\\"), index + 3 < count, bytes[index + 1] == UInt8(ascii: "\""),
                            bytes[index + 2] == UInt8(ascii: "\""), bytes[index + 3] == UInt8(ascii: "\"")
                        {
                            index += 4
                        } else if inner == UInt8(ascii: "\""), index + 2 < count,
                            bytes[index + 1] == UInt8(ascii: "\""),
                            bytes[index + 2] == UInt8(ascii: "\"")
                        {
                            index += 3
                            break
                        } else {
                            if inner == UInt8(ascii: "\n")
                                || (inner == UInt8(ascii: "\r")
                                    && !(index + 1 < count && bytes[index + 1] == UInt8(ascii: "\n")))
                            {
                                line += 1
                                lineStart = index + 1
                            }
                            index += 1
                        }
                    }
                } else {
                    // A string ends at the next unescaped quote, or (unterminated, which the parser reports) at the line's end.
                    index += 1
                    while index < count {
                        let inner = bytes[index]
                        if inner == UInt8(ascii: "\\") {
                            index += 2
                        } else if inner == UInt8(ascii: "\"") {
                            index += 1
                            break
                        } else if inner == UInt8(ascii: "\n") || inner == UInt8(ascii: "\r") {
                            break
                        } else {
                            index += 1
                        }
                    }
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "("):
                nesting += 1
                if nesting > maxNesting { return .failure(.tooDeep(line: line, column: index - lineStart + 1)) }
                deepest = max(deepest, nesting)
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")"):
                // A closing bracket without its opening one is the parser's to report; it never makes room.
                nesting = max(0, nesting - 1)
                index += 1
            case UInt8(ascii: "."):
                index +=
                    index + 2 < count && bytes[index + 1] == UInt8(ascii: ".") && bytes[index + 2] == UInt8(ascii: ".")
                    ? 3 : 1
            case UInt8(ascii: "_"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                index += 1
                while index < count, isNameContinue(bytes[index]) { index += 1 }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                // A number: digits, a fraction, an exponent. Letters straight after one are the parser's to refuse.
                index += 1
                while index < count, isNumberContinue(bytes[index]) { index += 1 }
            default:
                // Every other punctuator is one byte; so is any byte the parser will refuse.
                index += 1
            }
            tokens += 1
            if tokens > maxTokens { return .failure(.tooManyTokens) }
        }
        return .success(GraphQLDocumentScan(tokens: tokens, nesting: deepest))
    }

    private static func isNameContinue(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isNumberContinue(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
            || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }
}
