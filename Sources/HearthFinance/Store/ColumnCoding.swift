import Foundation
import GRDB

/// Small codecs for the columns that hold lists.
enum ColumnCoding {
    static func ids(_ ids: [UUID]) -> String {
        "[" + ids.map { "\"\($0.uuidString)\"" }.joined(separator: ",") + "]"
    }

    static func ids(from text: String) throws -> [UUID] {
        try JSONDecoder().decode([UUID].self, from: Data(text.utf8))
    }

    /// Tags as `;a;b;`, so that one tag is matched exactly with `instr(tags, ';' || ? || ';')`.
    static func tags(_ tags: [String]) -> String {
        tags.isEmpty ? "" : ";" + tags.joined(separator: ";") + ";"
    }

    static func tags(from text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        return text.utf8.split(separator: UInt8(ascii: ";")).map { String(Substring($0)) }
    }

    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    static func enumValue<E: FinanceEnum>(_ type: E.Type, _ text: String, column: String) throws -> E {
        guard let value = E(rawValue: text) ?? E.parse(text) else {
            throw PersistenceError(.fetchFailed, "The stored \(column) \"\(text)\" is not one of: \(E.displayNames)")
        }
        return value
    }

    /// The currency code in column `index`, nil when the row is in the book currency.
    static func currency(_ row: Row, _ index: Int) throws -> CurrencyCode? {
        guard let text = row[index] as String? else { return nil }
        do {
            return try CurrencyCode(text)
        } catch let error as PersistenceError {
            throw PersistenceError(.fetchFailed, "The stored currency: \(error.message)")
        }
    }

    static func optionalDate(_ row: Row, _ index: Int) -> Date? {
        (row[index] as Int64?).map(Milliseconds.date)
    }
}
