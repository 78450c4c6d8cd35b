public import Foundation

/// A local change to hand to the outbox: a row was saved or deleted.
public struct SyncPendingChange: Sendable, Hashable {
    /// The record the row maps to.
    public var id: SyncRecordID
    /// True when the row was deleted.
    public var isDeletion: Bool
    /// When the change was made (stamps the per-field change times used by last-writer-wins).
    public var changedAt: Date
    /// The zone the record lives in; nil keeps the zone it already has, else its ``parent``'s, else the
    /// configuration's default zone.
    public var zone: SyncZone?
    /// The name of the record this one belongs to: a new record goes to its parent's zone, so a record added
    /// under something another user shared lands in their zone, inside the share.
    public var parent: String?

    public init(id: SyncRecordID, isDeletion: Bool, changedAt: Date, zone: SyncZone? = nil, parent: String? = nil) {
        self.id = id
        self.isDeletion = isDeletion
        self.changedAt = changedAt
        self.zone = zone
        self.parent = parent
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
