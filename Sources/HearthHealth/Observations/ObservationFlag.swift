public import Foundation

/// Where a value falls against its reference range, as the v3 ObservationInterpretation codes say it.
public enum ObservationFlag: String, Sendable, Codable, CaseIterable {
    /// Above the high end of the range.
    case high = "H"
    /// Below the low end of the range.
    case low = "L"

    /// The flag of `value` against `low`...`high` (either end optional): nil when inside or when there is no range.
    public static func of(_ value: Decimal?, low: Decimal?, high: Decimal?) -> ObservationFlag? {
        guard let value else { return nil }
        if let high, value > high { return .high }
        if let low, value < low { return .low }
        return nil
    }

    /// "High" or "Low".
    public var word: String { self == .high ? "High" : "Low" }
}
