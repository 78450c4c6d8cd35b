import ArgumentParser
import Foundation
import HearthFinance

extension FinanceCLI {
    /// The currency `text` names (case ignored: `usd` is USD).
    static func currency(_ text: String, option: String) throws -> CurrencyCode {
        do {
            return try CurrencyCode(text)
        } catch let error as PersistenceError {
            throw InputError("\(option): \(error.message)")
        }
    }

    /// A change of an item's currency as `--currency` gives it on an update: nil for none given, `.some(nil)` for
    /// `book` (back to the book currency), else the code.
    static func currencyChange(_ text: String?) throws -> CurrencyCode?? {
        guard let text else { return nil }
        if text.trimmingCharacters(in: .whitespaces).lowercased() == "book" { return .some(nil) }
        return .some(try currency(text, option: "--currency"))
    }

    /// The help of `--currency` on an update.
    static let currencyChangeHelp: ArgumentHelp =
        "A new currency: an ISO 4217 code such as USD, or book for the book currency (`hearth finance settings`)."

    /// The day `text` names, `YYYY-MM-DD`.
    static func rateDay(_ text: String, option: String) throws -> RateDay {
        guard let day = RateDay(text.trimmingCharacters(in: .whitespaces)) else {
            throw InputError("\(option) \"\(text)\" is not a day; write YYYY-MM-DD, such as 2026-11-02")
        }
        return day
    }

    /// Today in the local time zone.
    static var today: RateDay { RateDay(Date(), timeZone: calendar.timeZone) }

    /// `amount` followed by its currency, or the amount alone when `currency` is nil.
    static func money(_ amount: Decimal, _ currency: CurrencyCode?) -> String {
        guard let currency else { return money(amount) }
        return CurrencyConverter.rounded(amount, to: currency).formatted(
            .number.precision(.fractionLength(currency.minorUnits)).grouping(.never).locale(
                Locale(identifier: "en_US_POSIX"))) + " " + currency.code
    }
}
