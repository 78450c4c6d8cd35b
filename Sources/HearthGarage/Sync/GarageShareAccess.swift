public import Foundation
import GRDB
public import HearthCloudModel
import HearthCore
import HearthStore
import HearthSync

/// A vehicle another user shared with this one, and what this user may do with it.
public struct GarageShareAccess: Sendable, Hashable, Codable {
    /// The shared vehicle's id.
    public var vehicleID: UUID
    /// The account that owns the vehicle (its `userRecordName`).
    public var owner: String
    /// What this user may do: `READ_ONLY` or `READ_WRITE`.
    public var permission: CloudSharePermission

    public init(vehicleID: UUID, owner: String, permission: CloudSharePermission) {
        self.vehicleID = vehicleID
        self.owner = owner
        self.permission = permission
    }

    /// Whether this user may change the vehicle.
    public var isWritable: Bool { permission == .readWrite }

    // MARK: The local table

    /// Asks the server which vehicles are shared with the signed-in user (`user`, when the caller knows it
    /// already) and with what rights, and keeps the answer in `database`'s `garageShareAccess`.
    static func refresh(_ database: AppDatabase, cloud: any CloudService, user: String? = nil) async throws
        -> [GarageShareAccess]
    {
        let me: String
        if let user { me = user } else { me = try await cloud.caller().userRecordName }
        let shares = try await cloud.database(.shared).shares()
        let access = shares.compactMap { share -> GarageShareAccess? in
            guard share.zoneID.zoneName == GarageSync.zoneName, let root = share.rootRecordName,
                let id = UUID(uuidString: root), let owner = share.zoneID.ownerRecordName
            else { return nil }
            let mine = share.participants.filter { $0.userRecordName == me && $0.acceptanceStatus == .accepted }
            guard let permission = mine.map(\.permission).max(by: { rank($0) < rank($1) }), permission != .none
            else { return nil }
            return GarageShareAccess(vehicleID: id, owner: owner, permission: permission)
        }
        // Asked on every read of the pages: the table is written only when the answer changed.
        let sorted = access.sorted { $0.vehicleID.uuidString < $1.vehicleID.uuidString }
        let known = try await database.read { db in try all(in: db) }
        if known != sorted {
            try await database.write { db in try replace(with: sorted, in: db) }
        }
        return sorted
    }

    private static func rank(_ permission: CloudSharePermission) -> Int {
        switch permission {
        case .none: 0
        case .readOnly: 1
        case .readWrite: 2
        }
    }

    /// Every vehicle shared with this user, as the last ``GarageSharing/refreshAccess()`` found them.
    static func all(in db: Database) throws -> [GarageShareAccess] {
        try Row.fetchAll(db, sql: "SELECT vehicle, owner, permission FROM garageShareAccess ORDER BY vehicle")
            .compactMap {
                row in
                guard let id = UUID(uuidString: row["vehicle"]) else { return nil }
                return GarageShareAccess(
                    vehicleID: id, owner: row["owner"],
                    permission: CloudSharePermission(rawValue: row["permission"]) ?? .readOnly)
            }
    }

    /// Replaces the table with `access`.
    static func replace(with access: [GarageShareAccess], in db: Database) throws {
        try db.execute(sql: "DELETE FROM garageShareAccess")
        for item in access {
            try db.execute(
                sql: "INSERT INTO garageShareAccess (vehicle, owner, permission) VALUES (?, ?, ?)",
                arguments: [item.vehicleID.uuidString.lowercased(), item.owner, item.permission.rawValue])
        }
    }

    /// Refuses a change to `vehicle` (a lowercased id) when it was shared with this user read-only.
    static func checkWritable(vehicle: String, in db: Database) throws {
        // A database opened without the garage's sync bookkeeping has no vehicle shared with it.
        guard try db.tableExists("garageShareAccess") else { return }
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT owner, permission FROM garageShareAccess WHERE vehicle = ?"),
                arguments: [vehicle]),
            row["permission"] as String != CloudSharePermission.readWrite.rawValue
        else { return }
        throw refusal
    }

    /// Refuses deleting `record` when it came from a zone another user shared and none of their vehicles
    /// shared with this user may be changed.
    static func checkWritable(record: String, in db: Database) throws {
        guard try db.tableExists("garageShareAccess") else { return }
        guard let zone = try SyncOutbox.zone(ofRecord: record, in: db), let owner = zone.ownerRecordName else {
            return
        }
        let writable = try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM garageShareAccess WHERE owner = ? AND permission = ?)",
            arguments: [owner, CloudSharePermission.readWrite.rawValue])
        guard writable == false,
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM garageShareAccess WHERE owner = ?)", arguments: [owner])
                == true
        else { return }
        throw refusal
    }

    private static let refusal = ServiceError.unauthorized(
        "This vehicle is shared with you read-only; nothing was changed. Ask its owner to share it with you read-write."
    )
}
