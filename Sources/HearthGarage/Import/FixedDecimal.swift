import Foundation

/// An exact decimal number as an integer count of units of 10^-scale: what imported amounts are parsed into,
/// cheap to round, compare, hash and write as text.
struct FixedDecimal: Hashable, Sendable, CustomStringConvertible {
    /// The value in units of 10^-scale.
    var units: Int64
    /// Digits after the decimal point.
    var scale: Int

    init(units: Int64, scale: Int) {
        self.units = units
        self.scale = scale
    }

    /// The nearest value with `scale` decimals (half away from zero) to `value`.
    init(rounding value: Double, scale: Int) {
        self.init(units: Int64((value * Self.power(scale)).rounded(.toNearestOrAwayFromZero)), scale: scale)
    }

    static func power(_ scale: Int) -> Double {
        var result = 1.0
        for _ in 0..<scale { result *= 10 }
        return result
    }

    private static func intPower(_ scale: Int) -> Int64 {
        var result: Int64 = 1
        for _ in 0..<scale { result *= 10 }
        return result
    }

    /// This value rounded (half away from zero) to at most `newScale` decimals.
    func rounded(to newScale: Int) -> FixedDecimal {
        guard scale > newScale else { return self }
        let divisor = Self.intPower(scale - newScale)
        var quotient = units / divisor
        let remainder = units % divisor
        if abs(remainder) * 2 >= divisor { quotient += units < 0 ? -1 : 1 }
        return FixedDecimal(units: quotient, scale: newScale)
    }

    var double: Double { Double(units) / Self.power(scale) }

    var decimal: Decimal {
        Decimal(sign: units < 0 ? .minus : .plus, exponent: -scale, significand: Decimal(abs(units)))
    }

    /// The value rounded to a whole number.
    var integer: Int { Int(rounded(to: 0).units) }

    var isZero: Bool { units == 0 }

    /// `12.5`, `-3`, `0.05`: no exponent, no trailing zeros beyond the scale.
    var description: String {
        if scale == 0 { return String(units) }
        let negative = units < 0
        let digits = String(abs(units))
        let padded = digits.count <= scale ? String(repeating: "0", count: scale - digits.count + 1) + digits : digits
        let split = padded.index(padded.endIndex, offsetBy: -scale)
        return (negative ? "-" : "") + padded[..<split] + "." + padded[split...]
    }

    /// The product, rounded to `scale` decimals.
    func multiplied(by other: FixedDecimal, scale newScale: Int) -> FixedDecimal {
        let (product, overflow) = units.multipliedReportingOverflow(by: other.units)
        if overflow { return FixedDecimal(rounding: double * other.double, scale: newScale) }
        return FixedDecimal(units: product, scale: scale + other.scale).rounded(to: newScale)
    }
}
