public import Foundation

/// What one unit of ``base`` was worth in ``quote`` on ``day``: the European Central Bank publishes
/// `base` EUR, so `EUR → USD 1.0832` reads "1 EUR = 1.0832 USD".
public struct ExchangeRate: Sendable, Hashable, Codable {
    public let base: CurrencyCode
    public let quote: CurrencyCode
    public let day: RateDay
    /// Units of ``quote`` per unit of ``base``; greater than zero.
    public let rate: Decimal

    /// A rate.
    /// - Throws: ``PersistenceError`` (validation failed) when `rate` is not above zero or the two codes
    ///   are the same.
    public init(base: CurrencyCode = .euro, quote: CurrencyCode, day: RateDay, rate: Decimal) throws {
        guard rate.isFinite, rate > 0 else {
            throw PersistenceError.validationFailed(
                "The \(base)→\(quote) rate for \(day) is \(rate); a rate must be greater than 0 (units of \(quote) per 1 \(base))"
            )
        }
        guard base != quote else {
            throw PersistenceError.validationFailed(
                "A rate needs two different currencies; \(base) to \(base) is always 1")
        }
        self.base = base
        self.quote = quote
        self.day = day
        self.rate = rate
    }
}

extension ExchangeRate {
    /// A rate written as digits with at most one decimal point (`1.0832`, `162.43`), exactly; nil for
    /// anything else, and for zero.
    public static func parseRate(_ text: String) -> Decimal? {
        ECBRatesFile.rate(text.trimmingCharacters(in: .whitespaces))
    }
}
