public import Foundation
public import HearthCloudModel

/// Names a synced record: its type and its name (unique in its zone; Hearth apps use the row's UUID).
public struct SyncRecordID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The record type, such as `FinanceTransaction`.
    public var recordType: String
    /// The record name.
    public var recordName: String

    public init(recordType: String, recordName: String) {
        self.recordType = recordType
        self.recordName = recordName
    }

    public var description: String { "\(recordType) \(recordName)" }
}

/// A zone the engine syncs: a zone of the signed-in user's private database, or a zone another user
/// shared with them (shared database, with its owner).
public struct SyncZone: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Which database the zone is seen through.
    public var scope: CloudDatabaseScope
    /// The zone's name.
    public var zoneName: String
    /// The owner, for a shared zone; nil for the user's own zones.
    public var ownerRecordName: String?

    public init(scope: CloudDatabaseScope, zoneName: String, ownerRecordName: String? = nil) {
        self.scope = scope
        self.zoneName = zoneName
        self.ownerRecordName = scope == .private ? nil : ownerRecordName
    }

    /// A zone of the user's private database.
    public static func `private`(_ zoneName: String) -> SyncZone { SyncZone(scope: .private, zoneName: zoneName) }

    /// A zone `owner` shared with the user.
    public static func shared(_ zoneName: String, owner: String) -> SyncZone { SyncZone(scope: .shared, zoneName: zoneName, ownerRecordName: owner) }

    /// The zone as the API names it.
    public var cloudZoneID: CloudZoneID { CloudZoneID(zoneName: zoneName, ownerRecordName: ownerRecordName) }

    /// The owner as stored in the engine's tables ("" for the user's own zones).
    var ownerKey: String { ownerRecordName ?? "" }

    init(scope: String, zoneName: String, ownerKey: String) {
        self.init(scope: CloudDatabaseScope(rawValue: scope) ?? .private, zoneName: zoneName, ownerRecordName: ownerKey.isEmpty ? nil : ownerKey)
    }

    public var description: String {
        ownerRecordName.map { "\(zoneName) (shared by \($0))" } ?? zoneName
    }
}

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
