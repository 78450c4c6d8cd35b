package import Foundation

/// A parsed JSON document: the fast path the server and clients use for the hot wire types, which decoding
/// through `Codable` makes slow on Linux. Anything it does not accept falls back to `Codable`, which then
/// names the field at fault.
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number, kept as written so 64-bit integers stay exact.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// An object's members in document order (objects on the wire are small, so lookups scan).
    case object([JSONMember])

    /// Parses `bytes`; nil when they are not exactly one JSON value.
    package static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> JSONValue? {
        // A request body is parsed where it lies; only a collection in pieces is copied first.
        switch bytes.withContiguousStorageIfAvailable(parse(buffer:)) {
        case .some(let value): value
        case .none: Array(bytes).withUnsafeBufferPointer(parse(buffer:))
        }
    }

    private static func parse(buffer: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        var parser = JSONParser(bytes: buffer)
        guard let value = parser.value(depth: 0) else { return nil }
        parser.skipWhitespace()
        return parser.index == buffer.count ? value : nil
    }

    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        var found: JSONValue?
        for member in members where member.key == key { found = member.value }
        return found
    }

    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    package var int64: Int64? {
        if case .number(let text) = self { return Int64(text) }
        return nil
    }

    package var double: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }

    package var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    package var array: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Strings only, or nil.
    package var strings: [String]? {
        guard let items = array else { return nil }
        let strings = items.compactMap(\.string)
        return strings.count == items.count ? strings : nil
    }

    /// The optional member `key` made into a value by `make`: `.some(nil)` when it is absent or null, nil
    /// when it is there but `make` refuses it. `guard let x = json.optional(…)` accepts the first, not the second.
    package func optional<T>(_ key: String, _ make: (JSONValue) -> T?) -> T?? {
        guard let value = self[key], !value.isNull else { return .some(nil) }
        guard let made = make(value) else { return nil }
        return .some(made)
    }
}

/// One `"key": value` of a JSON object.
package struct JSONMember: Sendable, Equatable {
    package var key: String
    package var value: JSONValue
}

private struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func value(depth: Int) -> JSONValue? {
        guard depth < 64 else { return nil }
        skipWhitespace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var object: [JSONMember] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(object)
            }
            // Objects on the wire are small: room for a few members saves growing the array one by one.
            object.reserveCapacity(4)
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                guard let item = value(depth: depth + 1) else { return nil }
                object.append(JSONMember(key: key, value: item))
                skipWhitespace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(object)
                }
                return nil
            }
        case UInt8(ascii: "["):
            index += 1
            var array: [JSONValue] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(array)
            }
            while true {
                guard let item = value(depth: depth + 1) else { return nil }
                array.append(item)
                skipWhitespace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(array)
                }
                return nil
            }
        case UInt8(ascii: "\""):
            return string().map(JSONValue.string)
        case UInt8(ascii: "t"):
            return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"):
            return literal("false") ? .bool(false) : nil
        case UInt8(ascii: "n"):
            return literal("null") ? .null : nil
        default:
            return number()
        }
    }

    mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    /// A number as JSON writes it: `-`, an integer part without leading zeros, then an optional fraction and
    /// exponent. Anything else (`01`, `.5`, `1.`) is left to `Codable`, which names the field.
    mutating func number() -> JSONValue? {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            guard digits() else { return nil }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() else { return nil }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() else { return nil }
        }
        return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    /// Skips one or more digits; false when there is none.
    private mutating func digits() -> Bool {
        let start = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        return index > start
    }

    /// A string starting at the opening quote.
    mutating func string() -> String? {
        index += 1
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\\") else { return nil }
        var scalars: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            }
            guard byte >= 0x20 else { return nil }
            if byte != UInt8(ascii: "\\") {
                scalars.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { return nil }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append(0x22)
            case UInt8(ascii: "\\"): scalars.append(0x5C)
            case UInt8(ascii: "/"): scalars.append(0x2F)
            case UInt8(ascii: "b"): scalars.append(0x08)
            case UInt8(ascii: "f"): scalars.append(0x0C)
            case UInt8(ascii: "n"): scalars.append(0x0A)
            case UInt8(ascii: "r"): scalars.append(0x0D)
            case UInt8(ascii: "t"): scalars.append(0x09)
            case UInt8(ascii: "u"):
                guard var code = hex4() else { return nil }
                if (0xD800...0xDBFF).contains(code) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { return nil }
                    index += 2
                    guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(code) {
                    return nil
                }
                guard let scalar = Unicode.Scalar(code) else { return nil }
                scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
            default:
                return nil
            }
        }
        return nil
    }

    mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            index += 1
            let digit: UInt32
            switch byte {
            case 48...57: digit = UInt32(byte - 48)
            case 65...70: digit = UInt32(byte - 55)
            case 97...102: digit = UInt32(byte - 87)
            default: return nil
            }
            value = value * 16 + digit
        }
        return value
    }
}

/// Writes JSON by hand, for the hot wire types.
package struct JSONOutput {
    package var bytes: [UInt8] = []

    package init(capacity: Int = 1024) { bytes.reserveCapacity(capacity) }

    /// JSON punctuation and names known when Hearth is built, copied from the binary.
    package mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Text already in JSON form (a number's digits, say).
    package mutating func raw(text: String) { bytes.append(contentsOf: text.utf8) }
    package mutating func raw(_ byte: UInt8) { bytes.append(byte) }

    package mutating func string(_ text: String) {
        bytes.append(0x22)
        // Most text needs no escape: copied whole.
        let plain = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            for byte in utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if plain == true {
            bytes.append(0x22)
            return
        }
        for byte in text.utf8 {
            switch byte {
            case 0x22:
                bytes.append(0x5C)
                bytes.append(0x22)
            case 0x5C:
                bytes.append(0x5C)
                bytes.append(0x5C)
            case 0x0A:
                bytes.append(0x5C)
                bytes.append(UInt8(ascii: "n"))
            case 0x0D:
                bytes.append(0x5C)
                bytes.append(UInt8(ascii: "r"))
            case 0x09:
                bytes.append(0x5C)
                bytes.append(UInt8(ascii: "t"))
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(0x22)
    }

    package mutating func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    /// The decimal digits, written without making a string first.
    package mutating func int(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var count = 1
        var rest = value.magnitude
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        let end = bytes.count + count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        bytes.withUnsafeMutableBufferPointer { buffer in
            var index = end
            var magnitude = value.magnitude
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
        }
    }

    package mutating func double(_ value: Double) {
        if value.isFinite { raw(text: value.description) } else { raw("null") }
    }
    package mutating func bool(_ value: Bool) { raw(value ? "true" : "false") }

    package var data: Data { Data(bytes) }
}
