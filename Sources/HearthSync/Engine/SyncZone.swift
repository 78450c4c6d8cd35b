public import HearthCloudModel

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
    public static func shared(_ zoneName: String, owner: String) -> SyncZone {
        SyncZone(scope: .shared, zoneName: zoneName, ownerRecordName: owner)
    }

    /// The zone as the API names it.
    public var cloudZoneID: CloudZoneID { CloudZoneID(zoneName: zoneName, ownerRecordName: ownerRecordName) }

    /// The owner as stored in the engine's tables ("" for the user's own zones).
    var ownerKey: String { ownerRecordName ?? "" }

    init(scope: String, zoneName: String, ownerKey: String) {
        self.init(
            scope: CloudDatabaseScope(rawValue: scope) ?? .private, zoneName: zoneName,
            ownerRecordName: ownerKey.isEmpty ? nil : ownerKey)
    }

    public var description: String {
        ownerRecordName.map { "\(zoneName) (shared by \($0))" } ?? zoneName
    }
}
