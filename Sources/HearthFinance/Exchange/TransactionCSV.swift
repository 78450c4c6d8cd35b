import Foundation
import HearthCore
import HearthExchange

/// Transactions as CSV (RFC 4180, UTF-8, LF line ends, a header row):
/// `id,date,title,subtitle,amount,category,isRecurring,tags,updatedAt`.
///
/// Dates are ISO 8601 UTC timestamps with milliseconds; amounts are signed decimals with a `.`; categories
/// use their display names; tags are separated by `;`. On import only `date`, `title` and `amount` are
/// required, dates may also be plain days (`2026-01-31`), and rows without an id get one derived from
/// their content, so importing the same file twice adds nothing.
enum TransactionCSV {
    /// The columns, in export order.
    enum Column: Int, CaseIterable {
        case id, date, title, subtitle, amount, category, isRecurring, tags, updatedAt

        var name: String { String(describing: self) }
    }

    static let columns = Column.allCases.map(\.name)
    static let required: [Column] = [.date, .title, .amount]

    // MARK: Writing

    static func appendHeader(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: Array(columns.joined(separator: ",").utf8))
        bytes.append(UInt8(ascii: "\n"))
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
        /// The position of each ``Column`` (by raw value), or nil when the file lacks it.
        let positions: [Int?]
        let count: Int

        /// - Throws: ``PersistenceError`` (validation failed) naming unknown, repeated or missing columns.
        init(_ names: [String]) throws {
            var positions = [Int?](repeating: nil, count: Column.allCases.count)
            for (position, raw) in names.enumerated() {
                let name = Validation.trimmed(raw.replacingOccurrences(of: "\u{FEFF}", with: ""))
                guard let column = Column.allCases.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                    throw PersistenceError.validationFailed(
                        "The CSV header names an unknown column \"\(name)\"; use: \(TransactionCSV.columns.joined(separator: ", "))"
                    )
                }
                guard positions[column.rawValue] == nil else {
                    throw PersistenceError.validationFailed("The CSV header names the column \"\(column.name)\" twice")
                }
                positions[column.rawValue] = position
            }
            let missing = TransactionCSV.required.filter { positions[$0.rawValue] == nil }.map(\.name)
            guard missing.isEmpty else {
                throw PersistenceError.validationFailed(
                    "The CSV header lacks the required column\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")); the first line must name the columns, such as id,date,title,amount"
                )
            }
            self.positions = positions
            self.count = names.count
        }
    }

    /// The transaction in `row`.
    /// - Parameter occurrence: How often an id-less content (by its content id) was seen earlier in this
    ///   file, so that identical rows get distinct, repeatable ids.
    /// - Throws: ``PersistenceError`` (validation failed) naming the line, the column and the value.
    static func transaction(
        _ row: CSVRow, header: Header, calendar: Calendar, now: Date, occurrence: (UUID) throws -> Int
    ) throws -> Transaction {
        let line = row.line
        func fail(_ column: Column, _ problem: String) -> PersistenceError {
            PersistenceError.validationFailed("Line \(line), column \(column.name): \(problem)")
        }
        guard row.count == header.count else {
            throw PersistenceError.validationFailed(
                "Line \(line) has \(row.count) field\(row.count == 1 ? "" : "s") but the header has \(header.count); check for a stray comma or an unclosed quote"
            )
        }
        func bytes(_ column: Column) -> UnsafeBufferPointer<UInt8>? {
            header.positions[column.rawValue].map { row[$0] }
        }
        func text(_ column: Column) throws -> String? {
            guard let field = bytes(column) else { return nil }
            // ASCII needs no validation; anything else must be well-formed UTF-8.
            if !field.contains(where: { $0 >= 0x80 }) { return String(decoding: field, as: UTF8.self) }
            guard let text = String(validating: field, as: UTF8.self) else {
                throw PersistenceError.validationFailed("Line \(line) is not valid UTF-8 text; save the file as UTF-8")
            }
            return text
        }
        func instant(_ column: Column) throws -> Date? {
            guard let field = bytes(column) else { return nil }
            if let milliseconds = Timestamp.parse(bytes: FieldBytes.trimmed(field)) {
                return Milliseconds.date(milliseconds)
            }
            let text = try text(column) ?? ""
            if column == .updatedAt, Validation.trimmed(text).isEmpty { return nil }
            guard let date = FinanceParsing.date(text, calendar: calendar) else {
                throw fail(
                    column,
                    "\"\(text)\" is not a date"
                        + (column == .date ? "; write 2026-01-31 or 2026-01-31T09:00:00.000Z" : ""))
            }
            return date
        }

        guard let date = try instant(.date) else {
            throw fail(.date, "\"\" is not a date; write 2026-01-31 or 2026-01-31T09:00:00.000Z")
        }
        let idField = bytes(.id).map(FieldBytes.trimmed)
        let hasID = !(idField?.isEmpty ?? true)
        // Rows without an id hash their amount as written by Decimal's own parser, as they always have.
        let amount: Decimal
        if hasID, let fast = FastNumber.amount(FieldBytes.trimmed(bytes(.amount)!)) {
            amount = fast
        } else {
            let amountText = try text(.amount) ?? ""
            guard let parsed = FinanceParsing.amount(amountText) else {
                throw fail(.amount, "\"\(amountText)\" is not an amount; write it like -12.50 (negative for expenses)")
            }
            amount = parsed
        }
        let title = try text(.title) ?? ""
        let subtitle = try text(.subtitle) ?? ""
        var category = TransactionCategory.other
        if let field = bytes(.category) {
            let trimmed = FieldBytes.trimmed(field)
            if let match = TransactionCategory.matching(trimmed.baseAddress, count: trimmed.count) {
                category = match
            } else if let text = try text(.category), !Validation.trimmed(text).isEmpty {
                guard let value = TransactionCategory.byRawValue[text] ?? TransactionCategory.parse(text) else {
                    throw fail(
                        .category, "\"\(text)\" is not a category; use one of: \(TransactionCategory.displayNames)")
                }
                category = value
            }
        }
        var isRecurring = false
        if let field = bytes(.isRecurring) {
            if let value = FastNumber.bool(FieldBytes.trimmed(field)) {
                isRecurring = value
            } else {
                let text = try text(.isRecurring) ?? ""
                guard let value = FinanceParsing.bool(text) else {
                    throw fail(.isRecurring, "\"\(text)\" is not true or false")
                }
                isRecurring = value
            }
        }
        let tagText = try text(.tags) ?? ""
        let tags = tagText.isEmpty ? [] : tagText.split(separator: ";").map(String.init)
        let updatedAt = try instant(.updatedAt) ?? now
        let id: UUID
        if hasID, let idField {
            let idText = try text(.id) ?? ""
            guard let value = FastNumber.uuid(idField) ?? UUID(uuidString: Validation.trimmed(idText)) else {
                throw fail(.id, "\"\(idText)\" is not a UUID")
            }
            id = value
        } else {
            let content = [Timestamp.format(date), Validation.trimmed(title), subtitle, "\(amount)", category.rawValue]
                .joined(separator: "\u{1F}")
            let base = ContentID.make(content)
            let seen = try occurrence(base)
            id = seen == 0 ? base : ContentID.make(content + "\u{1F}\(seen)")
        }
        return Transaction(
            id: id, title: title, subtitle: subtitle, amount: amount, category: category, date: date,
            isRecurring: isRecurring, tags: tags, updatedAt: updatedAt)
    }
}
