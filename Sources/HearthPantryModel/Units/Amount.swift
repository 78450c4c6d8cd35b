import Foundation

/// Tolerances for quantities held as `Double`.
enum Amount {
    /// Differences smaller than this are float noise, not stock.
    static let epsilon = 1e-9

    /// `value` without the noise binary fractions leave (0.1 + 0.2 → 0.3): rounded to nine decimal places.
    static func clean(_ value: Double) -> Double {
        guard value.isFinite, abs(value) < 1e9 else { return value }
        let cleaned = (value * 1e9).rounded() / 1e9
        return cleaned == 0 ? 0 : cleaned
    }

    /// `value` rounded up to `places` decimals, after cleaning, so a shopping amount never falls short.
    static func roundedUp(_ value: Double, places: Int) -> Double {
        let scale = pow(10, Double(places))
        return clean((clean(value) * scale).rounded(.up) / scale)
    }
}
