import Foundation

/// Money stored without floating-point loss: whole minor units (cents) in an SQLite INTEGER.
enum MinorUnits {
    /// Digits after the decimal point every stored amount keeps.
    static let scale = 2
    /// The largest magnitude accepted, so that sums over millions of rows stay far from Int64's limit.
    static let limit = Decimal(sign: .plus, exponent: 12, significand: 1)

    /// `value` in cents.
    /// - Throws: ``PersistenceError`` (validation failed) naming `field` when `value` has more than two
    ///   decimal places or is out of range.
    static func cents(_ value: Decimal, field: String) throws -> Int64 {
        guard value.isFinite else { throw PersistenceError.validationFailed("\(field) is not a number") }
        guard value.magnitude < limit else {
            throw PersistenceError.validationFailed(
                "\(field) \(value) is too large; amounts must stay below 1,000,000,000,000")
        }
        // Most amounts carry at most two decimal places in their representation: scale the integral
        // significand instead of doing decimal arithmetic.
        let exponent = value.exponent
        if exponent >= -2, exponent <= 12 {
            var cents = NSDecimalNumber(decimal: value.significand).int64Value
            for _ in 0..<(exponent + 2) { cents *= 10 }
            return value.sign == .minus ? -cents : cents
        }
        var scaled = value * 100
        var whole = Decimal()
        NSDecimalRound(&whole, &scaled, 0, .plain)
        guard whole == scaled else {
            throw PersistenceError.validationFailed(
                "\(field) \(value) has more than 2 decimal places; round it to cents")
        }
        return NSDecimalNumber(decimal: whole).int64Value
    }

    /// `cents` as a `Decimal` amount, exactly.
    static func decimal(_ cents: Int64) -> Decimal {
        Decimal(sign: cents < 0 ? .minus : .plus, exponent: -scale, significand: Decimal(cents.magnitude))
    }
}

extension Date {
    /// This instant rounded to whole milliseconds: what the finance store keeps.
    var roundedToMilliseconds: Date { Milliseconds.date(Milliseconds.from(self)) }
}
