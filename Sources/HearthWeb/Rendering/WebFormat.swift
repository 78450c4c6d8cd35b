import Foundation
import HearthCore
import HearthFinance

/// How the pages write numbers, amounts and times: short, in UTC, without trailing zeros; miles with thousands
/// separators, the garage's money in dollars, the money book's in its currency, and fuel economy to one decimal,
/// as the command line prints them.
enum WebFormat {
    static func miles(_ value: Int) -> String { value.formatted(.number.locale(Locale(identifier: "en_US"))) + " mi" }

    static func money(_ value: Decimal) -> String { Formatting.currency(value) }

    /// An amount of the money book in `currency`, such as `€1,234.50` or `-¥980`.
    static func money(_ value: Decimal, in currency: CurrencyCode) -> String {
        Formatting.currency(value, code: currency.code)
    }

    /// An amount as a form field shows it to be typed again: two decimals, no grouping, such as `-4.80`.
    static func amount(_ value: Decimal) -> String {
        value.formatted(
            .number.precision(.fractionLength(2)).grouping(.never).locale(Locale(identifier: "en_US_POSIX")))
    }

    static func mpg(_ value: Double) -> String { decimal(value) + " mpg" }

    /// To one decimal.
    static func decimal(_ value: Double) -> String { String(format: "%.1f", (value * 10).rounded() / 10) }

    static func date(milliseconds: Int64) -> String {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000).formatted(.iso8601.year().month().day())
    }

    static func dateTime(milliseconds: Int64) -> String {
        let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        return date.formatted(.iso8601.year().month().day()) + " "
            + date.formatted(.iso8601.time(includingFractionalSeconds: false)).prefix(5) + " UTC"
    }

    /// `1.5`, `2`, `0.25`: at most three decimals, none when whole.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `500 g`, `2 cans`, `1 piece`, `4 pieces`, `3`.
    static func amount(_ quantity: Double, _ unit: String) -> String {
        guard !unit.isEmpty else { return number(quantity) }
        return number(quantity) + " " + (unit == "piece" && quantity != 1 ? "pieces" : unit)
    }
}
