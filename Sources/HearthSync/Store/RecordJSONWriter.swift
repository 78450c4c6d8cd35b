import Foundation
import HearthCloudModel

/// Writes a `CloudRecord` as the JSON its `Codable` conformance reads, without `JSONEncoder`: the engine
/// keeps an ancestor for every record it syncs, and encoding them is on the path of every fetched page.
/// Scalar field values (the common case) are written directly; anything else goes through `JSONEncoder`.
enum RecordJSONWriter {
    static func encode(_ record: CloudRecord) throws -> Data {
        var out = "{\"recordName\":"
        string(record.recordName, into: &out)
        out += ",\"recordType\":"
        string(record.recordType, into: &out)
        out += ",\"fields\":{"
        var first = true
        for (name, value) in record.fields {
            if !first { out += "," }
            first = false
            string(name, into: &out)
            out += ":"
            try field(value, into: &out)
        }
        out += "}"
        if let tag = record.recordChangeTag {
            out += ",\"recordChangeTag\":"
            string(tag, into: &out)
        }
        if let created = record.created {
            out += ",\"created\":"
            stamp(created, into: &out)
        }
        if let modified = record.modified {
            out += ",\"modified\":"
            stamp(modified, into: &out)
        }
        if record.deleted { out += ",\"deleted\":true" }
        if let parent = record.parent {
            out += ",\"parent\":"
            try fallback(parent, into: &out)
        }
        if let share = record.share {
            out += ",\"share\":"
            try fallback(share, into: &out)
        }
        out += "}"
        return Data(out.utf8)
    }

    private static func field(_ value: CloudFieldValue, into out: inout String) throws {
        switch value {
        case .string(let text):
            out += "{\"type\":\"STRING\",\"value\":"
            string(text, into: &out)
            out += "}"
        case .int64(let number):
            out += "{\"type\":\"INT64\",\"value\":\(number)}"
        case .date(let milliseconds):
            out += "{\"type\":\"TIMESTAMP\",\"value\":\(milliseconds)}"
        case .boolean(let flag):
            out += "{\"type\":\"BOOLEAN\",\"value\":\(flag ? "true" : "false")}"
        case .double(let number) where number.isFinite:
            out += "{\"type\":\"DOUBLE\",\"value\":\(number)}"
        case .bytes(let data):
            out += "{\"type\":\"BYTES\",\"value\":\"\(data.base64EncodedString())\"}"
        default:
            try fallback(value, into: &out)
        }
    }

    private static func stamp(_ stamp: CloudRecordStamp, into out: inout String) {
        out += "{\"timestamp\":\(stamp.timestamp),\"userRecordName\":"
        string(stamp.userRecordName, into: &out)
        if let device = stamp.deviceID {
            out += ",\"deviceID\":"
            string(device, into: &out)
        }
        out += "}"
    }

    private static func fallback<T: Encodable>(_ value: T, into out: inout String) throws {
        out += String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    /// A JSON string literal.
    static func string(_ text: String, into out: inout String) {
        out += "\""
        var plain = true
        for unit in text.utf8 where unit < 0x20 || unit == UInt8(ascii: "\"") || unit == UInt8(ascii: "\\") {
            plain = false
            break
        }
        if plain {
            out += text
        } else {
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default:
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
