import Foundation
import HearthCore
import HearthFinance

/// The checks the finance forms share: each bounds what it reads and names the field and the fix.
enum FinanceForms {
    /// `text` trimmed, or nil (with a problem) when longer than `limit`.
    static func text(_ text: String, field: String, limit: Int, problems: inout [String]) -> String? {
        guard text.count <= limit else {
            problems.append("\(field) is \(text.count) characters long; shorten it to \(limit) or fewer")
            return nil
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// An amount such as `-12.50`, or nil (with a problem).
    static func amount(_ text: String, field: String, problems: inout [String]) -> Decimal? {
        guard text.count <= 40, let value = FinanceParsing.amount(text) else {
            problems.append(
                "\(field) \"\(text.prefix(40))\" is not an amount; write it like 12.50 (use - for money out)")
            return nil
        }
        return value
    }

    /// A day or time, nil when none was given (or, with a problem, when it is not one).
    static func date(_ text: String?, field: String, calendar: Calendar, problems: inout [String]) -> Date? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        guard text.count <= 40, let date = FinanceParsing.date(text, calendar: calendar) else {
            problems.append(
                "\(field) \"\(text.prefix(40))\" is not a date; write YYYY-MM-DD (such as 2026-01-31) or an ISO 8601 timestamp"
            )
            return nil
        }
        return date
    }

    /// A category by name, nil when none was given (or, with a problem, when it is not one).
    static func category(_ text: String?, field: String, problems: inout [String]) -> TransactionCategory? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        guard text.count <= 40, let category = TransactionCategory.parse(text) else {
            problems.append("\(field) \"\(text.prefix(40))\" is not one of: \(TransactionCategory.displayNames)")
            return nil
        }
        return category
    }

    /// A currency by its ISO 4217 code (case ignored), nil when none was given (the book currency), or, with a
    /// problem, when it is not an active one.
    static func currency(_ text: String?, field: String, problems: inout [String]) -> CurrencyCode? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        do {
            return try CurrencyCode(String(text.prefix(10)))
        } catch let error as PersistenceError {
            problems.append("\(field): \(error.message); leave it empty for the book currency")
        } catch {
            problems.append("\(field) \"\(text.prefix(10))\" is not a currency code, such as USD")
        }
        return nil
    }

    /// `body`'s value, its ``PersistenceError`` (a broken rule) turned into a ``ServiceError``.
    static func validated<T>(_ what: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PersistenceError {
            throw ServiceError(.validationFailed, "The \(what) cannot be saved: \(error.message).", underlying: error)
        }
    }
}
