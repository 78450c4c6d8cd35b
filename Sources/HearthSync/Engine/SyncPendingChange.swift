public import Foundation

/// A local change to hand to the outbox: a row was saved or deleted.
public struct SyncPendingChange: Sendable, Hashable {
    /// The record the row maps to.
    public var id: SyncRecordID
    /// True when the row was deleted.
    public var isDeletion: Bool
    /// When the change was made (stamps the per-field change times used by last-writer-wins).
    public var changedAt: Date
    /// The zone the record lives in; nil keeps the zone it already has, or the configuration's default zone.
    public var zone: SyncZone?

    public init(id: SyncRecordID, isDeletion: Bool, changedAt: Date, zone: SyncZone? = nil) {
        self.id = id
        self.isDeletion = isDeletion
        self.changedAt = changedAt
        self.zone = zone
    }

    /// A saved row.
    public static func save(_ id: SyncRecordID, at date: Date, zone: SyncZone? = nil) -> SyncPendingChange {
        SyncPendingChange(id: id, isDeletion: false, changedAt: date, zone: zone)
    }

    /// A deleted row.
    public static func deletion(_ id: SyncRecordID, at date: Date, zone: SyncZone? = nil) -> SyncPendingChange {
        SyncPendingChange(id: id, isDeletion: true, changedAt: date, zone: zone)
    }
}
