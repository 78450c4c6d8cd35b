import Foundation

/// What the import of a file did, per kind of value.
public struct ImportSummary: Sendable, Equatable, Codable {
    /// Values that were new.
    public var inserted: [FinanceEntity: Int] = [:]
    /// Values that replaced a different stored version.
    public var updated: [FinanceEntity: Int] = [:]
    /// Values identical to what was stored, left alone.
    public var unchanged: [FinanceEntity: Int] = [:]

    public init() {}

    /// Every value the file held.
    public var total: Int { [inserted, updated, unchanged].flatMap(\.values).reduce(0, +) }
    /// How many values the import added or changed.
    public var changed: Int { [inserted, updated].flatMap(\.values).reduce(0, +) }
}
