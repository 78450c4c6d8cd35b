public import Foundation

/// Converts amounts between currencies with the rate of each amount's own day, from rates loaded once.
///
/// - The rate of a day is the one stored for that day or, when there is none (a weekend, a holiday), the
///   most recent one of the ``fallbackDays`` days before it, as users of the European Central Bank's
///   reference rates expect. Older than that, the conversion fails with a message naming the currency and
///   the day and how to add rates.
/// - A rate stored for the pair itself (either way round) is used first; otherwise the conversion crosses
///   through the euro: USD → GBP is `amount × (GBP per EUR) ÷ (USD per EUR)`.
/// - Everything is `Decimal`. ``convert(_:from:to:on:)`` rounds its result to the target currency's minor
///   units, half away from zero (12.345 → 12.35, −12.345 → −12.35); totals are sums of rounded lines, so
///   the lines shown always add up to the total.
public struct CurrencyConverter: Sendable {
    /// How many days before an amount's day a rate may come from.
    public static let fallbackDays = 7

    private struct Pair: Hashable {
        let base: CurrencyCode
        let quote: CurrencyCode
    }

    /// Per pair, rates by day in ascending order.
    private let series: [Pair: [(day: RateDay, rate: Decimal)]]

    /// A converter over `rates` (in any order; a later duplicate of a pair and day wins).
    public init(rates: [ExchangeRate]) {
        var byPair: [Pair: [RateDay: Decimal]] = [:]
        for rate in rates { byPair[Pair(base: rate.base, quote: rate.quote), default: [:]][rate.day] = rate.rate }
        series = byPair.mapValues { days in days.sorted { $0.key < $1.key }.map { (day: $0.key, rate: $0.value) } }
    }

    /// The rate of `pair` on `day` or the latest of the ``fallbackDays`` days before it.
    private func rate(_ pair: Pair, on day: RateDay) -> Decimal? {
        guard let days = series[pair] else { return nil }
        // The last entry not after `day`.
        var low = 0
        var high = days.count
        while low < high {
            let middle = (low + high) / 2
            if days[middle].day <= day { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let found = days[low - 1]
        return day.number - found.day.number <= Self.fallbackDays ? found.rate : nil
    }

    /// Units of `quote` per unit of `base` on `day` (unrounded).
    /// - Throws: ``PersistenceError`` (validation failed) naming the currency without a rate and the day.
    public func rate(from base: CurrencyCode, to quote: CurrencyCode, on day: RateDay) throws -> Decimal {
        if base == quote { return 1 }
        if let direct = rate(Pair(base: base, quote: quote), on: day) { return direct }
        if let inverse = rate(Pair(base: quote, quote: base), on: day) { return 1 / inverse }
        let baseRate = try euroRate(base, on: day)
        let quoteRate = try euroRate(quote, on: day)
        return quoteRate / baseRate
    }

    /// `amount` in `base` converted to `quote` with the rate of `day`, rounded to `quote`'s minor units.
    /// - Throws: ``PersistenceError`` (validation failed) naming the currency without a rate and the day.
    public func convert(_ amount: Decimal, from base: CurrencyCode, to quote: CurrencyCode, on day: RateDay) throws
        -> Decimal
    {
        if base == quote { return Self.rounded(amount, to: quote) }
        var exact: Decimal
        if let direct = rate(Pair(base: base, quote: quote), on: day) {
            exact = amount * direct
        } else if let inverse = rate(Pair(base: quote, quote: base), on: day) {
            exact = amount / inverse
        } else {
            // Multiply before dividing, so an exact product is not first cut to 38 digits by a quotient.
            exact = amount * (try euroRate(quote, on: day)) / (try euroRate(base, on: day))
        }
        return Self.rounded(exact, to: quote)
    }

    /// Units of `currency` per euro on `day`.
    private func euroRate(_ currency: CurrencyCode, on day: RateDay) throws -> Decimal {
        if currency == .euro { return 1 }
        if let rate = rate(Pair(base: .euro, quote: currency), on: day) { return rate }
        if let inverse = rate(Pair(base: currency, quote: .euro), on: day) { return 1 / inverse }
        throw Self.missing(currency, day)
    }

    static func missing(_ currency: CurrencyCode, _ day: RateDay) -> PersistenceError {
        PersistenceError.validationFailed(
            "No \(currency) exchange rate for \(day) or the \(fallbackDays) days before it; import the European Central Bank's rates with `hearth finance rates import eurofxref-hist.csv`, or add one with `hearth finance rates add --day \(day) \(currency) RATE` (units of \(currency) per 1 EUR)"
        )
    }

    /// `amount` rounded to `currency`'s minor units, half away from zero.
    public static func rounded(_ amount: Decimal, to currency: CurrencyCode) -> Decimal {
        var value = amount
        var result = Decimal()
        NSDecimalRound(&result, &value, currency.minorUnits, .plain)
        return result
    }
}
