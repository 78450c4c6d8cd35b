import Foundation
import GRDB
import HearthCore

/// One column of an exported table: the name it has in the export, the database column, and how its value
/// is written.
///
/// Values are carried as the database stores them (money and days as their text, times with their
/// milliseconds), never through a floating-point number, so an export imported again stores the same bytes.
struct GarageArchiveColumn: Sendable {
    enum Kind: Sendable, Equatable {
        /// The record's id (a UUID).
        case id
        /// The id of a record in `table`.
        case reference(table: String, what: String)
        case text
        case integer
        /// An exact decimal kept as its text ("49.99", "11.452").
        case decimal
        /// A day, `yyyy-MM-dd`.
        case day
        /// A moment: `yyyy-MM-dd HH:mm:ss.SSS` (UTC) in the database, `yyyy-MM-ddTHH:mm:ss.SSSZ` in the export.
        case timestamp
        case boolean
        /// A boolean written the other way round (LubeLogger's IsFillToFull for Hearth's isPartial).
        case invertedBoolean
    }

    /// The name in the export (a CSV header, a JSON key).
    var header: String
    /// The database column.
    var column: String
    var kind: Kind
    /// What an export written before the column existed stands for, read in its place; nil for a column every
    /// export has.
    var absent: String?

    init(_ header: String, _ column: String, _ kind: Kind, absent: String? = nil) {
        self.header = header
        self.column = column
        self.kind = kind
        self.absent = absent
    }

    // MARK: Database → export

    /// The value as export text (nil for NULL).
    func text(_ value: DatabaseValue) -> String? {
        switch (kind, value.storage) {
        case (_, .null): return nil
        case (.id, .blob), (.reference, .blob):
            return UUID.fromDatabaseValue(value)?.uuidString ?? String(describing: value)
        case (.boolean, .int64(let number)): return number != 0 ? "True" : "False"
        case (.invertedBoolean, .int64(let number)): return number != 0 ? "False" : "True"
        case (.timestamp, .string(let stored)): return Self.exportedTimestamp(stored)
        case (_, .string(let text)): return text
        case (_, .int64(let number)): return String(number)
        case (_, .double(let number)): return String(number)
        case (_, .blob(let data)): return data.base64EncodedString()
        }
    }

    /// The value as one JSON value.
    func json(_ value: DatabaseValue) -> String {
        guard let text = text(value) else { return "null" }
        switch kind {
        case .integer: return text
        case .boolean, .invertedBoolean: return text == "True" ? "true" : "false"
        default: return Self.jsonString(text)
        }
    }

    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `2026-03-10 14:05:00.123` → `2026-03-10T14:05:00.123Z`.
    static func exportedTimestamp(_ stored: String) -> String {
        stored.replacingOccurrences(of: " ", with: "T") + "Z"
    }

    // MARK: Export → database

    /// The database value of `text` (nil for an empty cell or a JSON null), checked against the column's kind.
    /// - Parameters:
    ///   - nullable: whether the database column takes NULL; an empty cell of a column that does not is "".
    /// - Throws: a message naming the column and what it expects (the caller adds where).
    ///   - emptyIsNull: whether an empty text stands for NULL (a CSV cell) or for "" (a JSON string).
    func databaseValue(_ text: String?, nullable: Bool, emptyIsNull: Bool, in db: Database) throws -> DatabaseValue {
        guard let text else {
            if nullable { return .null }
            if kind == .text { return "".databaseValue }
            throw problem("needs a value")
        }
        if text.isEmpty {
            if kind == .text { return nullable && emptyIsNull ? .null : "".databaseValue }
            if nullable { return .null }
            throw problem("needs a value")
        }
        switch kind {
        case .id:
            guard let id = UUID(uuidString: text) else { throw problem("is not an id (a UUID): \"\(text)\"") }
            return id.databaseValue
        case .reference(let table, let what):
            guard let id = UUID(uuidString: text) else { throw problem("is not an id (a UUID): \"\(text)\"") }
            let exists =
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM \(table.quotedDatabaseIdentifier) WHERE id = ?)",
                    arguments: [id]) ?? false
            guard exists else {
                throw problem("names \(what) \(id.uuidString), which is neither in the export nor in this garage")
            }
            return id.databaseValue
        case .text:
            return text.databaseValue
        case .integer:
            guard let number = Int64(text) else { throw problem("is not a whole number: \"\(text)\"") }
            return number.databaseValue
        case .decimal:
            guard Self.isDecimal(text) else {
                throw problem("is not an amount written with digits and one '.', such as 49.99: \"\(text)\"")
            }
            return text.databaseValue
        case .day:
            guard CalendarDay(iso: text) != nil, text.count == 10 else {
                throw problem("is not a day written yyyy-MM-dd: \"\(text)\"")
            }
            return text.databaseValue
        case .timestamp:
            guard let stored = Self.storedTimestamp(text) else {
                throw problem("is not a time written yyyy-MM-ddTHH:mm:ss.SSSZ (UTC): \"\(text)\"")
            }
            return stored.databaseValue
        case .boolean, .invertedBoolean:
            let flag: Bool
            switch text.lowercased() {
            case "true", "1", "yes": flag = true
            case "false", "0", "no": flag = false
            default: throw problem("is not True or False: \"\(text)\"")
            }
            return (kind == .boolean ? flag : !flag).databaseValue
        }
    }

    private func problem(_ text: String) -> ColumnProblem { ColumnProblem(message: "\(header) \(text)") }

    /// Digits with at most one '.', optionally after a '-'.
    static func isDecimal(_ text: String) -> Bool {
        let body = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        return text.count <= 40 && (1...2).contains(parts.count)
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// `2026-03-10T14:05:00.123Z` → `2026-03-10 14:05:00.123`; nil when it is not such a time.
    static func storedTimestamp(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 30, bytes.last == UInt8(ascii: "Z"), bytes[10] == UInt8(ascii: "T"),
            CalendarDay(iso: String(decoding: bytes[0..<10], as: UTF8.self)) != nil
        else { return nil }
        let time = bytes[11..<(bytes.count - 1)]
        let digit: (UInt8) -> Bool = { (48...57).contains($0) }
        let pattern = Array(time)
        guard pattern.count >= 8, digit(pattern[0]), digit(pattern[1]), pattern[2] == UInt8(ascii: ":"),
            digit(pattern[3]), digit(pattern[4]), pattern[5] == UInt8(ascii: ":"), digit(pattern[6]), digit(pattern[7])
        else { return nil }
        if pattern.count > 8 {
            guard pattern[8] == UInt8(ascii: "."), pattern.count > 9, pattern[9...].allSatisfy(digit) else {
                return nil
            }
        }
        let hours = Int(String(decoding: pattern[0..<2], as: UTF8.self))!
        let minutes = Int(String(decoding: pattern[3..<5], as: UTF8.self))!
        let seconds = Int(String(decoding: pattern[6..<8], as: UTF8.self))!
        guard hours < 24, minutes < 60, seconds < 60 else { return nil }
        return String(decoding: bytes[0..<10], as: UTF8.self) + " " + String(decoding: time, as: UTF8.self)
    }

    /// What is wrong with one value; the reader adds the file and line.
    struct ColumnProblem: Error {
        var message: String
    }
}
