import Foundation

/// Finds where a value sits in a JSON document, for messages that point at the line of a bad value
/// ("line 14, blood[2].bloodDate"). It walks the document's structure the way ``JSONStreamReader`` reads it
/// (strings and escapes skipped, nesting followed) without building anything.
public enum JSONLocator {
    /// A step of a path: a member name or an array index.
    public enum Step: Equatable, Sendable, CustomStringConvertible {
        case key(String)
        case index(Int)

        public var description: String {
            switch self {
            case .key(let name): name
            case .index(let index): "[\(index)]"
            }
        }
    }

    /// "blood[2].bloodDate" for the steps `blood`, `2`, `bloodDate`.
    public static func describe(_ path: [Step]) -> String {
        var text = ""
        for step in path {
            switch step {
            case .key(let name): text += text.isEmpty ? name : "." + name
            case .index: text += step.description
            }
        }
        return text
    }

    /// The 1-based line on which the value at `path` starts, or the line of the deepest part of the path that
    /// exists (a missing member is reported where its object starts); nil when the document is not JSON.
    public static func line(of path: [Step], in bytes: some Collection<UInt8>) -> Int? {
        var scanner = Scanner(bytes: Array(bytes))
        scanner.skipWhitespace()
        return scanner.locate(path[...])
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\n"): line += 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
                default: return
                }
                index += 1
            }
        }

        /// At the start of a value: the line where `path` leads from here.
        mutating func locate(_ path: ArraySlice<Step>) -> Int? {
            guard index < bytes.count else { return nil }
            let here = line
            guard let step = path.first else { return here }
            switch (step, bytes[index]) {
            case (.key(let wanted), UInt8(ascii: "{")):
                index += 1
                while true {
                    skipWhitespace()
                    guard index < bytes.count else { return here }
                    if bytes[index] == UInt8(ascii: "}") { return here }
                    guard let name = readString() else { return here }
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return here }
                    index += 1
                    skipWhitespace()
                    if name == wanted { return locate(path.dropFirst()) ?? here }
                    guard skipValue() else { return here }
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1 }
                }
            case (.index(let wanted), UInt8(ascii: "[")):
                index += 1
                var position = 0
                while true {
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] != UInt8(ascii: "]") else { return here }
                    if position == wanted { return locate(path.dropFirst()) ?? here }
                    guard skipValue() else { return here }
                    position += 1
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1 }
                }
            default:
                return here
            }
        }

        /// Reads a string at the cursor (escapes kept as written, which is enough to compare plain names).
        mutating func readString() -> String? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let start = index + 1
            guard skipString() else { return nil }
            return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
        }

        mutating func skipString() -> Bool {
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""):
                    index += 1
                    return true
                case UInt8(ascii: "\n"):
                    line += 1
                    index += 1
                default: index += 1
                }
            }
            return false
        }

        /// Skips one value of any kind; false at a structural mistake.
        mutating func skipValue() -> Bool {
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "\""): return skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while index < bytes.count {
                    switch bytes[index] {
                    case UInt8(ascii: "\""):
                        guard skipString() else { return false }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 {
                            index += 1
                            return true
                        }
                    case UInt8(ascii: "\n"): line += 1
                    default: break
                    }
                    index += 1
                }
                return false
            default:
                while index < bytes.count,
                    ![
                        UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: "\n"),
                        UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"),
                    ].contains(bytes[index])
                {
                    index += 1
                }
                return true
            }
        }
    }
}
