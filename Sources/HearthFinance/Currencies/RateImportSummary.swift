/// What saving or importing exchange rates did.
public struct RateImportSummary: Sendable, Equatable, Codable {
    /// Rates for a pair and day not stored before.
    public var added = 0
    /// Stored rates whose value changed.
    public var updated = 0
    /// Rates already stored with the same value.
    public var unchanged = 0
    /// Days (rows) the file held; 0 for rates entered by hand.
    public var days = 0
    /// Columns of codes no longer in use that the file held and that were skipped (`CYP`, `EEK`, …).
    public var skippedCurrencies: [String] = []

    public init() {}
}
