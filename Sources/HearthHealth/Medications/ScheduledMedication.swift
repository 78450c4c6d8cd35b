public import Foundation

/// A medication with the record it belongs to: what listing medications gives.
public struct ScheduledMedication: Sendable, Codable, Hashable {
    public var recordID: String
    /// The person's or pet's display name.
    public var recordName: String
    /// The drug entry; its ``DrugEntry/medication`` is set.
    public var entry: DrugEntry

    public init(recordID: String, recordName: String, entry: DrugEntry) {
        self.recordID = recordID
        self.recordName = recordName
        self.entry = entry
    }

    /// The schedule (always set on a listed medication).
    public var medication: Medication { entry.medication! }
}
