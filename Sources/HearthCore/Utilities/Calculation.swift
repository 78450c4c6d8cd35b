public import Foundation

/// Pure money arithmetic in `Decimal`: taxes, discounts, rounding and splitting without losing a cent.
public enum Calculation {
    /// `value` rounded to `scale` decimal places (default: cents) with `mode` (default: half away from zero).
    public static func rounded(_ value: Decimal, scale: Int = 2, mode: NSDecimalNumber.RoundingMode = .plain) -> Decimal
    {
        var input = value
        var result = Decimal()
        NSDecimalRound(&result, &input, scale, mode)
        return result
    }

    /// The tax on `amount` at `percent` percent, rounded to cents.
    public static func tax(on amount: Decimal, percent: Decimal, scale: Int = 2) -> Decimal {
        rounded(amount * percent / 100, scale: scale)
    }

    /// `amount` plus its tax at `percent` percent.
    public static func total(_ amount: Decimal, taxPercent: Decimal, scale: Int = 2) -> Decimal {
        amount + tax(on: amount, percent: taxPercent, scale: scale)
    }

    /// The discount `percent` percent takes off `amount`, rounded to cents.
    public static func discount(on amount: Decimal, percent: Decimal, scale: Int = 2) -> Decimal {
        rounded(amount * percent / 100, scale: scale)
    }

    /// `amount` after a discount of `percent` percent, never below zero.
    public static func discounted(_ amount: Decimal, percent: Decimal, scale: Int = 2) -> Decimal {
        max(0, amount - discount(on: amount, percent: percent, scale: scale))
    }

    /// What share of `whole` `part` is, in percent; zero when `whole` is zero.
    public static func percentage(_ part: Decimal, of whole: Decimal, scale: Int = 2) -> Decimal {
        guard whole != 0 else { return 0 }
        return rounded(part / whole * 100, scale: scale)
    }

    /// `total` split into `parts` amounts that differ by at most one unit of `scale` and add up to `total`
    /// exactly; the earlier parts take the leftover units.
    public static func split(_ total: Decimal, into parts: Int, scale: Int = 2) -> [Decimal] {
        guard parts > 0 else { return [] }
        return allocate(total, weights: Array(repeating: 1, count: parts), scale: scale)
    }

    /// `total` divided in proportion to `weights`, rounded to `scale` places, adding up to `total` exactly.
    ///
    /// Uses the largest-remainder method: each share is rounded toward zero, and the units left over go to
    /// the shares with the largest remainders (earlier ones first on ties), so no unit is lost or invented.
    public static func allocate(_ total: Decimal, weights: [Decimal], scale: Int = 2) -> [Decimal] {
        guard !weights.isEmpty else { return [] }
        let weightSum = weights.reduce(0, +)
        guard weightSum != 0 else { return Array(repeating: 0, count: weights.count) }
        let unit = Decimal(sign: .plus, exponent: -scale, significand: 1)
        let negative = total < 0
        let magnitude = negative ? -total : total
        let roundedTotal = rounded(magnitude, scale: scale)
        var shares: [Decimal] = []
        var remainders: [(index: Int, remainder: Decimal)] = []
        for (index, weight) in weights.enumerated() {
            let exact = roundedTotal * weight / weightSum
            let floor = rounded(exact, scale: scale, mode: .down)
            shares.append(floor)
            remainders.append((index, exact - floor))
        }
        var leftover = roundedTotal - shares.reduce(0, +)
        let order = remainders.sorted {
            $0.remainder != $1.remainder ? $0.remainder > $1.remainder : $0.index < $1.index
        }
        var cursor = 0
        while leftover >= unit, !order.isEmpty {
            shares[order[cursor % order.count].index] += unit
            leftover -= unit
            cursor += 1
        }
        return negative ? shares.map { -$0 } : shares
    }
}
