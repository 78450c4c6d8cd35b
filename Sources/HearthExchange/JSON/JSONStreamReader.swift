public import Foundation

/// Reads a JSON document from a file through a fixed-size buffer, one member at a time, and hands array
/// members over one element at a time, so memory stays flat however long the arrays are: the one streaming
/// JSON reader of Hearth, for every importer.
///
/// The reader finds where each value starts and ends (strings, escapes and nesting included); the caller
/// decodes each value's bytes, which is where the values themselves are checked. Structural mistakes
/// (a missing comma, an unclosed array, text after the end) are ``SyntaxError``s that name the line.
///
/// ```swift
/// try JSONStreamReader(url: url).read { event in
///     if case .element("transactions", let index, let bytes) = event { … decode bytes … }
/// }
/// ```
public final class JSONStreamReader {
    /// One piece of the document, in document order.
    public enum Event {
        /// A member whose value is not an array: its name and the value's JSON text.
        case member(String, [UInt8])
        /// An array member is starting (a top-level array is named "").
        case arrayStart(String)
        /// One element of the array member `name`: its position and JSON text.
        case element(String, index: Int, [UInt8])
        /// The array member `name` has ended, after `count` elements.
        case arrayEnd(String, count: Int)
    }

    /// What the document may hold at its top level.
    public enum TopLevel: Sendable {
        /// One object (an export with named sections).
        case object
        /// One object, or an array whose elements are read like the elements of an array member named "".
        case objectOrArray
    }

    /// A structural mistake, described for a person: "line 3: expected , or ] after element 0 of \"people\"".
    public struct SyntaxError: Error, CustomStringConvertible, Sendable {
        /// The line the mistake is on (1-based).
        public let line: Int
        /// What is wrong.
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    private let cursor: ByteCursor
    private let topLevel: TopLevel
    private var line = 1

    /// Bytes read so far, for progress.
    public var bytesRead: Int { cursor.input.bytesRead }
    /// The size of the input in bytes.
    public var totalBytes: Int { cursor.input.totalBytes }

    /// Opens `url`.
    /// - Throws: ``HearthCore/ServiceError`` (not found) when it cannot be read.
    public convenience init(url: URL, topLevel: TopLevel = .object) throws {
        self.init(input: try ChunkedInput(url: url), topLevel: topLevel)
    }

    /// Reads `input`.
    public init(input: ChunkedInput, topLevel: TopLevel = .object) {
        cursor = ByteCursor(input)
        self.topLevel = topLevel
    }

    /// Reads the whole document, calling `handle` for each event in document order.
    /// - Throws: ``SyntaxError``, or what `handle` throws.
    public func read(_ handle: (Event) throws -> Void) throws {
        try skipWhitespace()
        let first = try next()
        let end: String
        if first == UInt8(ascii: "["), topLevel == .objectOrArray {
            try array("", handle)
            end = "the array's closing ]"
        } else {
            guard first == UInt8(ascii: "{") else {
                throw syntax(
                    topLevel == .object
                        ? "the file must hold one JSON object, starting with {"
                        : "the file must hold one JSON object or array, starting with { or [")
            }
            try object(handle)
            end = "the object's closing }"
        }
        try skipWhitespace()
        if try peek() != nil { throw syntax("unexpected text after \(end)") }
    }

    private func object(_ handle: (Event) throws -> Void) throws {
        try skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            cursor.skip()
            return
        }
        while true {
            try skipWhitespace()
            let name = try memberName()
            try skipWhitespace()
            guard try next() == UInt8(ascii: ":") else { throw syntax("expected : after \"\(name)\"") }
            try skipWhitespace()
            if try peek() == UInt8(ascii: "[") {
                cursor.skip()
                try array(name, handle)
            } else {
                try handle(.member(name, try value(in: "\"\(name)\"")))
            }
            try skipWhitespace()
            switch try next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return
            default: throw syntax("expected , or } after the value of \"\(name)\"")
            }
        }
    }

    private func array(_ name: String, _ handle: (Event) throws -> Void) throws {
        try handle(.arrayStart(name))
        let shown = name.isEmpty ? "the top-level array" : "\"\(name)\""
        try skipWhitespace()
        var count = 0
        if try peek() == UInt8(ascii: "]") {
            cursor.skip()
        } else {
            while true {
                try skipWhitespace()
                let element = try value(in: "\(shown)[\(count)]")
                try handle(.element(name, index: count, element))
                count += 1
                try skipWhitespace()
                switch try next() {
                case UInt8(ascii: ","): continue
                case UInt8(ascii: "]"): break
                default: throw syntax("expected , or ] after element \(count - 1) of \(shown)")
                }
                break
            }
        }
        try handle(.arrayEnd(name, count: count))
    }

    /// A member name: a JSON string, unescaped.
    private func memberName() throws -> String {
        guard try peek() == UInt8(ascii: "\"") else { throw syntax("expected a member name in double quotes") }
        var bytes: [UInt8] = []
        try string(into: &bytes)
        if !bytes.contains(UInt8(ascii: "\\")) { return String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self) }
        guard let name = try? JSONDecoder().decode(String.self, from: Data(bytes)) else {
            throw syntax("the member name \(String(decoding: bytes, as: UTF8.self)) is not a valid JSON string")
        }
        return name
    }

    /// The JSON text of one value (object, array, string, number or literal), without surrounding space.
    private func value(in place: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        guard let first = try peek() else { throw syntax("the file ends where \(place) should have a value") }
        switch first {
        case UInt8(ascii: "\""):
            try string(into: &bytes)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            bytes.reserveCapacity(256)
            var depth = 0
            repeat {
                guard let byte = try peek() else { throw syntax("the file ends inside \(place); a } or ] is missing") }
                switch byte {
                case UInt8(ascii: "\""):
                    try string(into: &bytes)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                case UInt8(ascii: "\n"): line += 1
                default: break
                }
                bytes.append(byte)
                cursor.skip()
            } while depth > 0
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ":"):
            throw syntax("expected a value for \(place), found \(Character(Unicode.Scalar(first)))")
        default:
            // A number or a literal: everything up to the next delimiter.
            while let byte = try peek(), !Self.isDelimiter(byte) {
                bytes.append(byte)
                cursor.skip()
            }
        }
        return bytes
    }

    /// Copies a string, quotes included, into `bytes`; the reader is on its opening quote.
    private func string(into bytes: inout [UInt8]) throws {
        bytes.append(try next()!)
        while true {
            guard let byte = try next() else { throw syntax("the file ends inside a string; a closing \" is missing") }
            bytes.append(byte)
            switch byte {
            case UInt8(ascii: "\""): return
            case UInt8(ascii: "\\"):
                guard let escaped = try next() else {
                    throw syntax("the file ends inside a string; a closing \" is missing")
                }
                bytes.append(escaped)
            case UInt8(ascii: "\n"): throw syntax("a string runs past the end of its line; a closing \" is missing")
            default: break
            }
        }
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: " "), UInt8(ascii: "\n"),
            UInt8(ascii: "\r"), UInt8(ascii: "\t"):
            return true
        default: return false
        }
    }

    private func skipWhitespace() throws {
        while let byte = try peek() {
            switch byte {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\t"): break
            default: return
            }
            cursor.skip()
        }
    }

    private func syntax(_ message: String) -> SyntaxError {
        SyntaxError(line: line, message: message)
    }

    @inline(__always)
    private func peek() throws -> UInt8? { try cursor.peek() }

    @inline(__always)
    private func next() throws -> UInt8? { try cursor.next() }
}
