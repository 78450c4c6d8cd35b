public import Foundation

/// One measured part of an observation, such as the systolic pressure of a blood pressure reading.
public struct ObservationComponent: Sendable, Codable, Hashable {
    /// What was measured ("Systolic blood pressure").
    public var name: String
    /// Its LOINC code ("8480-6").
    public var loinc: String?
    /// The value, in ``unit``.
    public var value: Decimal
    /// The UCUM code of the unit ("mm[Hg]").
    public var unit: String
    /// The reference range, either end optional.
    public var low: Decimal?
    public var high: Decimal?

    public init(
        name: String, loinc: String? = nil, value: Decimal, unit: String, low: Decimal? = nil, high: Decimal? = nil
    ) {
        self.name = name
        self.loinc = loinc
        self.value = value
        self.unit = unit
        self.low = low
        self.high = high
    }

    /// High or low against the reference range; nil inside it or without one.
    public var flag: ObservationFlag? { ObservationFlag.of(value, low: low, high: high) }
}
