import Foundation
import GRDB
import HearthCloudModel

/// Encodings the engine's tables use.
enum SyncCoding {
    /// The field that carries per-field change times with records whose policy is last-writer-wins.
    static let fieldTimesKey = "hearthFieldTimes"

    static func encodeFields(_ fields: [String: CloudFieldValue]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(fields)
    }

    static func decodeFields(_ data: Data) -> [String: CloudFieldValue]? {
        try? JSONDecoder().decode([String: CloudFieldValue].self, from: data)
    }

    /// A record as the wire writes it, through the hand-written writer that `Codable` reads back.
    static func encodeRecord(_ record: CloudRecord) throws -> Data {
        var out = JSONOutput(capacity: 512)
        record.write(to: &out)
        return out.data
    }

    /// A stored record: the fast parser first, `Codable` for anything it refuses.
    static func decodeRecord(_ data: Data) -> CloudRecord? {
        JSONValue.parse(data).flatMap(CloudRecord.init(json:))
            ?? (try? JSONDecoder().decode(CloudRecord.self, from: data))
    }

    static func encodeTimes(_ times: [String: Int64]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(times)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func decodeTimes(_ text: String) -> [String: Int64]? {
        try? JSONDecoder().decode([String: Int64].self, from: Data(text.utf8))
    }

    /// The per-field change times a record carries (empty when it carries none).
    static func times(of record: CloudRecord?) -> [String: Int64] {
        guard case .string(let text)? = record?.fields[fieldTimesKey] else { return [:] }
        return decodeTimes(text) ?? [:]
    }

    /// The record's fields without the engine's own.
    static func appFields(_ fields: [String: CloudFieldValue]) -> [String: CloudFieldValue] {
        guard fields[fieldTimesKey] != nil else { return fields }
        var copy = fields
        copy.removeValue(forKey: fieldTimesKey)
        return copy
    }

    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
}
