import Foundation
import HearthCore

/// Transactions as CSV (RFC 4180, UTF-8, LF line ends, a header row):
/// `id,date,title,subtitle,amount,category,isRecurring,tags,updatedAt`.
///
/// Dates are ISO 8601 UTC timestamps with milliseconds; amounts are signed decimals with a `.`; categories
/// use their display names; tags are separated by `;`. On import only `date`, `title` and `amount` are
/// required, dates may also be plain days (`2026-01-31`), and rows without an id get one derived from
/// their content, so importing the same file twice adds nothing.
enum TransactionCSV {
    static let columns = ["id", "date", "title", "subtitle", "amount", "category", "isRecurring", "tags", "updatedAt"]
    static let required = ["date", "title", "amount"]

    // MARK: Writing

    static func appendHeader(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: Array(columns.joined(separator: ",").utf8))
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Appends `text` as one field, quoted when it holds a comma, quote or line break.
    static func appendField(_ text: String, to bytes: inout [UInt8]) {
        let utf8 = text.utf8
        let needsQuotes = utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }
        guard needsQuotes else {
            bytes.append(contentsOf: utf8)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        for byte in utf8 {
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `cents` as a decimal amount such as `-12.50`.
    static func appendAmount(cents: Int64, to bytes: inout [UInt8]) {
        if cents < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = cents.magnitude
        bytes.append(contentsOf: Array(String(magnitude / 100).utf8))
        bytes.append(UInt8(ascii: "."))
        let fraction = magnitude % 100
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10))
    }

    static func comma(_ bytes: inout [UInt8]) { bytes.append(UInt8(ascii: ",")) }

    // MARK: Reading

    /// Where each known column sits in the file's header.
    struct Header {
        let index: [String: Int]
        let count: Int

        /// - Throws: ``PersistenceError`` (validation failed) naming unknown or missing columns.
        init(_ names: [String]) throws {
            var index: [String: Int] = [:]
            for (position, raw) in names.enumerated() {
                let name = Validation.trimmed(raw.replacingOccurrences(of: "\u{FEFF}", with: ""))
                guard let column = TransactionCSV.columns.first(where: { $0.lowercased() == name.lowercased() }) else {
                    throw PersistenceError.validationFailed(
                        "The CSV header names an unknown column \"\(name)\"; use: \(TransactionCSV.columns.joined(separator: ", "))")
                }
                guard index[column] == nil else {
                    throw PersistenceError.validationFailed("The CSV header names the column \"\(column)\" twice")
                }
                index[column] = position
            }
            let missing = TransactionCSV.required.filter { index[$0] == nil }
            guard missing.isEmpty else {
                throw PersistenceError.validationFailed(
                    "The CSV header lacks the required column\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")); the first line must name the columns, such as id,date,title,amount")
            }
            self.index = index
            self.count = names.count
        }

        func value(_ column: String, in fields: [String]) -> String? {
            index[column].map { fields[$0] }
        }
    }

    /// The transaction in `fields`, the row starting on line `line` of the file.
    /// - Parameter occurrences: How often each id-less content has been seen in this file so far, so that
    ///   identical rows get distinct, repeatable ids.
    /// - Throws: ``PersistenceError`` (validation failed) naming the line, the column and the value.
    static func transaction(
        _ fields: [String], header: Header, line: Int, calendar: Calendar, now: Date,
        occurrences: inout [UUID: Int]
    ) throws -> Transaction {
        func fail(_ column: String, _ problem: String) -> PersistenceError {
            PersistenceError.validationFailed("Line \(line), column \(column): \(problem)")
        }
        guard fields.count == header.count else {
            throw PersistenceError.validationFailed(
                "Line \(line) has \(fields.count) field\(fields.count == 1 ? "" : "s") but the header has \(header.count); check for a stray comma or an unclosed quote")
        }
        let dateText = header.value("date", in: fields) ?? ""
        guard let date = FinanceParsing.date(dateText, calendar: calendar) else {
            throw fail("date", "\"\(dateText)\" is not a date; write 2026-01-31 or 2026-01-31T09:00:00.000Z")
        }
        let amountText = header.value("amount", in: fields) ?? ""
        guard let amount = FinanceParsing.amount(amountText) else {
            throw fail("amount", "\"\(amountText)\" is not an amount; write it like -12.50 (negative for expenses)")
        }
        let title = header.value("title", in: fields) ?? ""
        let subtitle = header.value("subtitle", in: fields) ?? ""
        var category = TransactionCategory.other
        if let text = header.value("category", in: fields), !Validation.trimmed(text).isEmpty {
            guard let value = TransactionCategory.byRawValue[text] ?? TransactionCategory.parse(text) else {
                throw fail("category", "\"\(text)\" is not a category; use one of: \(TransactionCategory.displayNames)")
            }
            category = value
        }
        var isRecurring = false
        if let text = header.value("isRecurring", in: fields) {
            guard let value = FinanceParsing.bool(text) else {
                throw fail("isRecurring", "\"\(text)\" is not true or false")
            }
            isRecurring = value
        }
        let tags = (header.value("tags", in: fields) ?? "").split(separator: ";").map(String.init)
        var updatedAt = now
        if let text = header.value("updatedAt", in: fields), !Validation.trimmed(text).isEmpty {
            guard let value = FinanceParsing.date(text, calendar: calendar) else {
                throw fail("updatedAt", "\"\(text)\" is not a date")
            }
            updatedAt = value
        }
        let id: UUID
        if let text = header.value("id", in: fields), !Validation.trimmed(text).isEmpty {
            guard let value = UUID(uuidString: Validation.trimmed(text)) else {
                throw fail("id", "\"\(text)\" is not a UUID")
            }
            id = value
        } else {
            let content = [Timestamp.format(date), Validation.trimmed(title), subtitle, "\(amount)", category.rawValue].joined(separator: "\u{1F}")
            let base = ContentID.make(content)
            let seen = occurrences[base, default: 0]
            occurrences[base] = seen + 1
            id = seen == 0 ? base : ContentID.make(content + "\u{1F}\(seen)")
        }
        return Transaction(id: id, title: title, subtitle: subtitle, amount: amount, category: category, date: date,
                           isRecurring: isRecurring, tags: tags, updatedAt: updatedAt)
    }
}

/// Repeatable ids derived from content: a 128-bit hash (two independently seeded FNV-1a passes, each
/// finished with a SplitMix64 avalanche) shaped as a version-8 UUID.
enum ContentID {
    static func make(_ text: String) -> UUID {
        let high = hash(text, seed: 0xcbf2_9ce4_8422_2325)
        let low = hash(text, seed: 0x84222325_cbf29ce4 ^ 0x9E37_79B9_7F4A_7C15)
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * UInt64(index)))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (56 - 8 * UInt64(index)))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x80 // version 8: custom
        bytes[8] = (bytes[8] & 0x3F) | 0x80 // RFC 9562 variant
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    private static func hash(_ text: String, seed: UInt64) -> UInt64 {
        var value = seed
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
        value ^= value >> 30
        value = value &* 0xBF58_476D_1CE4_E5B9
        value ^= value >> 27
        value = value &* 0x94D0_49BB_1331_11EB
        value ^= value >> 31
        return value
    }
}
