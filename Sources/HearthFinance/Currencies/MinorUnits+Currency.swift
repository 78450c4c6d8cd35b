import Foundation

extension MinorUnits {
    /// Checks that `cents` (an amount as stored) has no more decimal places than `currency` uses: no
    /// fractions of a yen. Amounts in currencies of three or four places are kept to two, the store's
    /// precision, so only currencies with fewer than two places are checked.
    /// - Throws: ``PersistenceError`` (validation failed) naming `field`, the amount and the currency.
    static func check(_ cents: Int64, of amount: Decimal, in currency: CurrencyCode?, field: String) throws {
        guard let currency, currency.minorUnits < scale else { return }
        var unit: Int64 = 1
        for _ in currency.minorUnits..<scale { unit *= 10 }
        guard cents % unit == 0 else {
            throw PersistenceError.validationFailed(
                "\(field) \(amount) has more decimal places than \(currency) has (\(currency.minorUnits)); round it to whole \(currency) units"
            )
        }
    }
}
