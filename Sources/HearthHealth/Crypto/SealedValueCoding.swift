import Foundation
import HearthCloudModel

/// The plaintext of a sealed field: a type byte, then the value (UTF-8 text, big-endian numbers, raw bytes,
/// or the wire JSON for the rarer types), so a field opens to the same typed value it was.
enum SealedValueCoding {
    private enum Tag: UInt8 {
        case string = 1, int64, double, boolean, bytes, date, json = 0x7F
    }

    static func encode(_ value: CloudFieldValue) throws -> Data {
        var data = Data()
        func appendInteger(_ number: UInt64) {
            var bigEndian = number.bigEndian
            withUnsafeBytes(of: &bigEndian) { data.append(contentsOf: $0) }
        }
        switch value {
        case .string(let text):
            data.append(Tag.string.rawValue)
            data.append(contentsOf: text.utf8)
        case .int64(let number):
            data.append(Tag.int64.rawValue)
            appendInteger(UInt64(bitPattern: number))
        case .double(let number):
            data.append(Tag.double.rawValue)
            appendInteger(number.bitPattern)
        case .boolean(let flag):
            data.append(Tag.boolean.rawValue)
            data.append(flag ? 1 : 0)
        case .bytes(let bytes):
            data.append(Tag.bytes.rawValue)
            data.append(bytes)
        case .date(let milliseconds):
            data.append(Tag.date.rawValue)
            appendInteger(UInt64(bitPattern: milliseconds))
        case .reference, .asset, .location, .list:
            data.append(Tag.json.rawValue)
            data.append(try JSONEncoder().encode(value))
        }
        return data
    }

    static func decode(_ data: Data, field: String, recordName: String) throws -> CloudFieldValue {
        func broken() -> any Error {
            HealthVaultError.tampered(
                "Field \(field) of record \(recordName) opened, but its content is not a value Hearth writes; the record was sealed by an incompatible version."
            )
        }
        guard let first = data.first, let tag = Tag(rawValue: first) else { throw broken() }
        let body = data.dropFirst()
        func integer() throws -> UInt64 {
            guard body.count == 8 else { throw broken() }
            return body.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        }
        switch tag {
        case .string:
            guard let text = String(data: body, encoding: .utf8) else { throw broken() }
            return .string(text)
        case .int64: return .int64(Int64(bitPattern: try integer()))
        case .double: return .double(Double(bitPattern: try integer()))
        case .boolean:
            guard body.count == 1 else { throw broken() }
            return .boolean(body.first == 1)
        case .bytes: return .bytes(Data(body))
        case .date: return .date(Int64(bitPattern: try integer()))
        case .json:
            do { return try JSONDecoder().decode(CloudFieldValue.self, from: body) } catch { throw broken() }
        }
    }
}
