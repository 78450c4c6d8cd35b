import Foundation
import HearthCloudModel
public import HearthCore
import GRDB
import Logging
import PostgresNIO

/// The record store's semantics, written once over SQL that runs on both SQLite and PostgreSQL.
///
/// Each operation is one transaction. Writes first lock the data owner's change counter (one
/// `UPDATE … RETURNING`), which serializes writers of one user's data and hands out the sequence numbers
/// that order the change feeds; reads run in one snapshot. Use ``SQLiteRecordStore`` or ``PostgresRecordStore``.
public class SQLRecordStore: RecordStore, @unchecked Sendable {
    /// The database under the store, which the server's other tables (the pantry's) share.
    package let database: any SQLDatabase
    let configuration: CloudConfiguration
    let validator: RecordValidator
    let clock: @Sendable () -> Date
    let logger: Logger
    /// Users' own zones as the last batch here left them, for batches of new records on PostgreSQL.
    let zoneSnapshots = ZoneSnapshots()

    init(database: any SQLDatabase, configuration: CloudConfiguration, clock: @escaping @Sendable () -> Date, logger: Logger) {
        self.database = database
        self.configuration = configuration
        self.validator = RecordValidator(configuration: configuration)
        self.clock = clock
        self.logger = logger
    }

    public var kind: String { database.dialect == .sqlite ? "sqlite" : "postgres" }
    public var events: ChangeEventBroadcast { database.events }

    public func migrate() async throws {
        do {
            try await database.migrate()
        } catch let error as CloudError {
            throw error
        } catch {
            throw CloudError(.internalError, "Could not prepare the \(kind) database at \(database.location): \(error)")
        }
    }

    public func run() async throws { try await database.run() }

    public func checkHealth() async -> HealthStatus {
        let started = ContinuousClock.now
        do {
            _ = try await database.transaction(readOnly: true) { tx in try await tx.query("SELECT 1 AS ok", []) }
            return HealthStatus(isHealthy: true, lastChecked: clock(), responseTime: started.duration(to: .now).seconds)
        } catch {
            return HealthStatus(isHealthy: false, lastChecked: clock(), errors: ["\(kind) record store at \(database.location): \(error)"], responseTime: started.duration(to: .now).seconds)
        }
    }

    var nowMilliseconds: Int64 { milliseconds(clock()) }

    /// In memory on SQLite, where one server process owns the database; in the database on PostgreSQL, so
    /// that every server process on it enforces one limit per key.
    public func makeRateLimiter(name: String, rate: Double, burst: Double) -> any RateLimiting {
        database.dialect == .postgres ? SharedRateLimiter(store: self, name: name, rate: rate, burst: burst) : RateLimiter(rate: rate, burst: burst)
    }

    /// Runs `body` in a transaction, turning database failures into `INTERNAL_ERROR` / `TRY_AGAIN_LATER`.
    func transaction<T: Sendable>(readOnly: Bool, _ body: @escaping @Sendable (any SQLTransaction) async throws -> T) async throws -> T {
        do {
            return try await database.transaction(readOnly: readOnly, body)
        } catch {
            throw failure(error)
        }
    }

    /// One statement on its own (one round trip on PostgreSQL), with failures reported as ``transaction(readOnly:_:)`` does.
    func single(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        do {
            return try await database.single(sql, binds)
        } catch {
            throw failure(error)
        }
    }

    /// What a database failure becomes for the caller; unexpected ones are logged under the id the answer gives.
    func failure(_ error: any Error) -> any Error {
        switch error {
        case is CloudError, is CancellationError:
            return error
        case is SQLUniqueViolation:
            return CloudError(.tryAgainLater, "Another request changed the same data at the same moment; try again.", retryAfter: 1)
        case _ where Self.isStorageFull(error):
            logger.error("The record database's disk is full; writes are refused until space is freed", metadata: ["cloud.store": "\(kind)", "error": "\(error)"])
            return CloudError(.tryAgainLater, "The server's disk is full, so nothing was saved; try again once its operator has freed space.", retryAfter: 30)
        default:
            let failure = CloudError(.internalError, "The record store failed to answer; the error id is in the server log.")
            logger.error("Record store failure", metadata: ["error.id": "\(failure.uuid)", "cloud.store": "\(kind)", "error": "\(String(reflecting: error))"])
            return failure
        }
    }

    /// Whether `error` says the disk (or the database's quota of it) is full: SQLite's `SQLITE_FULL`, or
    /// PostgreSQL's `disk_full` (53100).
    static func isStorageFull(_ error: any Error) -> Bool {
        if let error = error as? DatabaseError { return error.resultCode == .SQLITE_FULL }
        return PostgresDatabase.sqlState(of: error) == "53100"
    }

    // MARK: Owner counter

    struct OwnerState {
        var changeSeq: Int64
        var storageBytes: Int64
    }

    /// Locks the owner's counter row for the rest of the transaction and returns it.
    func lockOwner(_ tx: any SQLTransaction, _ ownerID: String) async throws -> OwnerState {
        try ownerState(try await tx.query(Self.lockOwnerSQL, [.text(ownerID)]).first, ownerID)
    }

    static let lockOwnerSQL = "UPDATE accounts SET change_seq = change_seq WHERE id = ? RETURNING change_seq, storage_bytes"

    private func ownerState(_ row: SQLRow?, _ ownerID: String) throws -> OwnerState {
        guard let row else { throw CloudError(.notFound, "User \(ownerID) does not exist.") }
        return OwnerState(changeSeq: row.int("change_seq"), storageBytes: row.int("storage_bytes"))
    }

    /// ``lockOwner(_:_:)`` for the zone's owner, then ``resolveZone(_:_:_:_:)``. In the private database the
    /// two statements go together (one round trip on PostgreSQL); the zone is still read after the lock is
    /// held, so a zone deleted meanwhile is seen as deleted.
    func lockOwnerAndResolveZone(
        _ tx: any SQLTransaction, _ principal: CloudPrincipal, _ scope: CloudDatabaseScope, _ zoneID: CloudZoneID?
    ) async throws -> (owner: OwnerState, access: ZoneAccess) {
        guard scope == .private else {
            let owner = try await lockOwner(tx, zoneID?.ownerRecordName ?? "")
            return (owner, try await resolveZone(tx, principal, scope, zoneID))
        }
        let zone = zoneID ?? .default
        let rows = try await tx.queries([
            (Self.lockOwnerSQL, [.text(principal.userID)]),
            (Self.zoneQuery, [.text(principal.userID), .text(zone.zoneName)]),
        ])
        return try privateOwnerAndAccess(principal, zone, lock: rows[0].first, zone: rows[1].first)
    }

    /// The owner and zone from the rows of ``lockOwnerSQL`` and ``zoneQuery`` for the caller's private zone.
    func privateOwnerAndAccess(_ principal: CloudPrincipal, _ zoneID: CloudZoneID, lock: SQLRow?, zone: SQLRow?) throws -> (owner: OwnerState, access: ZoneAccess) {
        (try ownerState(lock, principal.userID), try privateAccess(principal, zoneID, row: zone))
    }

    func saveOwner(_ tx: any SQLTransaction, _ ownerID: String, changeSeq: Int64, storageDelta: Int64 = 0) async throws {
        let statement = Self.saveOwnerStatement(ownerID, changeSeq: changeSeq, storageDelta: storageDelta)
        try await tx.send(statement.sql, statement.binds)
    }

    /// The statement that sets the owner's change counter and adds to their storage.
    static func saveOwnerStatement(_ ownerID: String, changeSeq: Int64, storageDelta: Int64) -> (sql: String, binds: [SQLValue]) {
        ("UPDATE accounts SET change_seq = ?, storage_bytes = storage_bytes + ? WHERE id = ?", [.int(changeSeq), .int(storageDelta), .text(ownerID)])
    }

    func currentSeq(_ tx: any SQLTransaction, _ ownerID: String) async throws -> Int64 {
        try await tx.first("SELECT change_seq FROM accounts WHERE id = ?", .text(ownerID))?.int("change_seq") ?? 0
    }

    // MARK: Zone access

    /// A zone as one caller may use it.
    struct ZoneAccess: Sendable {
        var zonePK: Int64
        var incarnation: Int64
        var horizon: Int64
        var ownerID: String
        var zoneName: String
        var isOwner: Bool
        var zoneWide: CloudSharePermission?
        var roots: [String: CloudSharePermission]
        /// The owner's change counter when the zone was resolved.
        var ownerSeq: Int64 = 0

        var zoneID: CloudZoneID { CloudZoneID(zoneName: zoneName, ownerRecordName: ownerID) }
        var seesEverything: Bool { isOwner || zoneWide != nil }

        func canRead(root: String) -> Bool { seesEverything || roots[root] != nil }

        func canWrite(root: String) -> Bool {
            isOwner || zoneWide == .readWrite || roots[root] == .readWrite
        }
    }

    /// The zone `zoneID` as `principal` may use it in `scope`, or the error that says why not.
    func resolveZone(_ tx: any SQLTransaction, _ principal: CloudPrincipal, _ scope: CloudDatabaseScope, _ zoneID: CloudZoneID?) async throws -> ZoneAccess {
        let zoneID = zoneID ?? .default
        if let problem = CloudNames.zoneProblem(zoneID.zoneName) { throw CloudError.badRequest(problem) }
        switch scope {
        case .private:
            if let owner = zoneID.ownerRecordName, owner != principal.userID { throw Self.notYourZone(zoneID, owner: owner) }
            return try privateAccess(principal, zoneID, row: try await tx.first(Self.zoneQuery, .text(principal.userID), .text(zoneID.zoneName)))
        case .shared:
            guard let owner = zoneID.ownerRecordName, !owner.isEmpty else {
                throw CloudError.badRequest("Zones in the shared database belong to other users: give zoneID.ownerRecordName as well as zoneName.")
            }
            guard owner != principal.userID else {
                throw CloudError.badRequest("Zone \(zoneID.zoneName) is your own; use the private database for it.")
            }
            let denied = CloudError(.accessDenied, "You have no accepted share in zone \(zoneID.zoneName) of \(owner).", zoneID: zoneID)
            guard let row = try await tx.first(Self.zoneQuery, .text(owner), .text(zoneID.zoneName)) else {
                throw denied
            }
            let coverage = try await participation(tx, zonePK: row.int("pk"), userID: principal.userID)
            guard coverage.zoneWide != nil || !coverage.roots.isEmpty else { throw denied }
            return ZoneAccess(zonePK: row.int("pk"), incarnation: row.int("incarnation"), horizon: row.int("horizon"), ownerID: owner, zoneName: zoneID.zoneName, isOwner: false, zoneWide: coverage.zoneWide, roots: coverage.roots, ownerSeq: row.int("change_seq"))
        }
    }

    private static func notYourZone(_ zoneID: CloudZoneID, owner: String) -> CloudError {
        CloudError(.accessDenied, "The private database holds only your own zones; zone \(zoneID.zoneName) of \(owner) can be reached only through the shared database, once a share in it is accepted.", zoneID: zoneID)
    }

    /// The caller's own zone from its ``zoneQuery`` row (nil when there is none).
    private func privateAccess(_ principal: CloudPrincipal, _ zoneID: CloudZoneID, row: SQLRow?) throws -> ZoneAccess {
        if let problem = CloudNames.zoneProblem(zoneID.zoneName) { throw CloudError.badRequest(problem) }
        if let owner = zoneID.ownerRecordName, owner != principal.userID { throw Self.notYourZone(zoneID, owner: owner) }
        guard let row else {
            throw CloudError(.zoneNotFound, "Zone \(zoneID.zoneName) does not exist in your private database; create it with zones/modify.", zoneID: zoneID)
        }
        return ZoneAccess(zonePK: row.int("pk"), incarnation: row.int("incarnation"), horizon: row.int("horizon"), ownerID: principal.userID, zoneName: zoneID.zoneName, isOwner: true, zoneWide: nil, roots: [:], ownerSeq: row.int("change_seq"))
    }

    /// A live zone by owner and name, with its owner's change counter (one round trip for both).
    static let zoneQuery = "SELECT z.pk, z.incarnation, z.horizon, a.change_seq FROM zones z JOIN accounts a ON a.id = z.owner_id WHERE z.owner_id = ? AND z.name = ? AND z.deleted = 0"

    /// What a user's accepted participations in a zone's live shares let them do.
    func participation(_ tx: any SQLTransaction, zonePK: Int64, userID: String) async throws -> (zoneWide: CloudSharePermission?, roots: [String: CloudSharePermission]) {
        let rows = try await tx.query(
            """
            SELECT s.root_name, p.permission FROM participants p JOIN shares s ON s.zone_pk = p.zone_pk AND s.name = p.share_name
            WHERE p.zone_pk = ? AND p.account_id = ? AND p.status = 'ACCEPTED' AND s.deleted = 0
            """,
            .int(zonePK), .text(userID)
        )
        var zoneWide: CloudSharePermission?
        var roots: [String: CloudSharePermission] = [:]
        for row in rows {
            guard let permission = CloudSharePermission(rawValue: row.text("permission")), permission != .none else { continue }
            if let root = row.optionalText("root_name") {
                roots[root] = Self.stronger(roots[root], permission)
            } else {
                zoneWide = Self.stronger(zoneWide, permission)
            }
        }
        return (zoneWide, roots)
    }

    static func stronger(_ a: CloudSharePermission?, _ b: CloudSharePermission) -> CloudSharePermission {
        a == .readWrite || b == .readWrite ? .readWrite : .readOnly
    }

    public func coverage(userID: String, ownerID: String, zoneName: String) async throws -> CloudZoneCoverage? {
        try await transaction(readOnly: true) { tx in
            guard let zone = try await tx.first("SELECT pk FROM zones WHERE owner_id = ? AND name = ? AND deleted = 0", .text(ownerID), .text(zoneName)) else { return nil }
            if ownerID == userID { return CloudZoneCoverage(zoneWide: true, roots: []) }
            let access = try await self.participation(tx, zonePK: zone.int("pk"), userID: userID)
            guard access.zoneWide != nil || !access.roots.isEmpty else { return nil }
            return CloudZoneCoverage(zoneWide: access.zoneWide != nil, roots: Set(access.roots.keys))
        }
    }

    public func changedRecords(ownerID: String, zoneName: String, names: [String]) async throws -> [CloudChangedRecord] {
        guard !names.isEmpty else { return [] }
        return try await transaction(readOnly: true) { tx in
            guard let zone = try await tx.first("SELECT pk FROM zones WHERE owner_id = ? AND name = ?", .text(ownerID), .text(zoneName)) else {
                return names.map { CloudChangedRecord(recordName: $0, recordType: "", rootName: $0, deleted: true, fields: [:]) }
            }
            var found: [String: CloudChangedRecord] = [:]
            for start in stride(from: 0, to: names.count, by: 500) {
                let chunk = names[start..<min(start + 500, names.count)].map(SQLValue.text)
                let rows = try await tx.query(
                    "SELECT \(StoredRecord.columns) FROM records WHERE zone_pk = ? AND name IN (\(placeholders(chunk.count)))", [.int(zone.int("pk"))] + chunk)
                for row in rows.map(StoredRecord.init(row:)) {
                    found[row.name] = CloudChangedRecord(
                        recordName: row.name, recordType: row.type, rootName: row.rootName, deleted: row.deleted, fields: row.deleted ? [:] : ((try? row.decodedFields()) ?? [:]))
                }
            }
            return names.map { found[$0] ?? CloudChangedRecord(recordName: $0, recordType: "", rootName: $0, deleted: true, fields: [:]) }
        }
    }

    /// Live record shares of a zone by root record name.
    func shareRoots(_ tx: any SQLTransaction, zonePK: Int64) async throws -> [String: String] {
        Self.shareRoots(try await tx.query(Self.shareRootsSQL, [.int(zonePK)]))
    }

    static let shareRootsSQL = shareRootsSQL(zone: "?")

    /// ``shareRootsSQL`` with the zone's key written as `zone`: a placeholder, or a subquery that finds it.
    static func shareRootsSQL(zone: String) -> String {
        "SELECT name, root_name FROM shares WHERE zone_pk = \(zone) AND deleted = 0 AND root_name IS NOT NULL"
    }

    /// The share names by root record name, from the rows of ``shareRootsSQL``.
    static func shareRoots(_ rows: [SQLRow]) -> [String: String] {
        var result: [String: String] = [:]
        for row in rows { result[row.text("root_name")] = row.text("name") }
        return result
    }
}

// MARK: Stored records

/// A record row as the store keeps it.
struct StoredRecord: Sendable {
    static let columns = "name, type, fields, seq, deleted, parent_name, root_name, left_root, created_at, created_by, created_device, modified_at, modified_by, modified_device, size"
    /// The columns of records aliased `r`, for queries that join.
    static let qualifiedColumns = columns.split(separator: ",").map { "r." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")

    var name: String
    var type: String
    var fields: String
    var seq: Int64
    var deleted: Bool
    var parentName: String?
    var rootName: String
    var leftRoot: String?
    var createdAt: Int64
    var createdBy: String
    var createdDevice: String?
    var modifiedAt: Int64
    var modifiedBy: String
    var modifiedDevice: String?
    var size: Int64

    init(row: SQLRow) {
        name = row.text("name")
        type = row.text("type")
        fields = row.text("fields")
        seq = row.int("seq")
        deleted = row.bool("deleted")
        parentName = row.optionalText("parent_name")
        rootName = row.text("root_name")
        leftRoot = row.optionalText("left_root")
        createdAt = row.int("created_at")
        createdBy = row.text("created_by")
        createdDevice = row.optionalText("created_device")
        modifiedAt = row.int("modified_at")
        modifiedBy = row.text("modified_by")
        modifiedDevice = row.optionalText("modified_device")
        size = row.int("size")
    }

    init(
        name: String, type: String, fields: String, seq: Int64, deleted: Bool, parentName: String?, rootName: String,
        leftRoot: String?, createdAt: Int64, createdBy: String, createdDevice: String?, modifiedAt: Int64,
        modifiedBy: String, modifiedDevice: String?, size: Int64
    ) {
        self.name = name
        self.type = type
        self.fields = fields
        self.seq = seq
        self.deleted = deleted
        self.parentName = parentName
        self.rootName = rootName
        self.leftRoot = leftRoot
        self.createdAt = createdAt
        self.createdBy = createdBy
        self.createdDevice = createdDevice
        self.modifiedAt = modifiedAt
        self.modifiedBy = modifiedBy
        self.modifiedDevice = modifiedDevice
        self.size = size
    }

    func binds(zonePK: Int64) -> [SQLValue] {
        [.int(zonePK), .text(name), .text(type), .text(fields), .int(seq), SQLValue(deleted), SQLValue(parentName), .text(rootName),
         SQLValue(leftRoot), .int(createdAt), .text(createdBy), SQLValue(createdDevice), .int(modifiedAt), .text(modifiedBy),
         SQLValue(modifiedDevice), .int(size)]
    }

    func decodedFields() throws -> [String: CloudFieldValue] {
        if let json = JSONValue.parse(fields.utf8), let decoded = CloudFieldValue.fields(json: json) { return decoded }
        return try CloudJSON.decoder.decode([String: CloudFieldValue].self, from: Data(fields.utf8))
    }

    /// The record as the client sees it, with only `desiredKeys` (every field when nil).
    func cloudRecord(zoneID: CloudZoneID, shareName: String?, desiredKeys: Set<String>?) -> CloudRecord {
        var record = CloudRecord(recordName: name, recordType: type, zoneID: zoneID)
        if deleted {
            record.deleted = true
            record.recordChangeTag = changeTag(seq)
            return record
        }
        if desiredKeys?.isEmpty != true {
            let all = (try? decodedFields()) ?? [:]
            record.fields = desiredKeys.map { keys in all.filter { keys.contains($0.key) } } ?? all
        }
        record.recordChangeTag = changeTag(seq)
        record.created = CloudRecordStamp(timestamp: createdAt, userRecordName: createdBy, deviceID: createdDevice)
        record.modified = CloudRecordStamp(timestamp: modifiedAt, userRecordName: modifiedBy, deviceID: modifiedDevice)
        record.parent = parentName.map { CloudReference(recordName: $0) }
        record.share = shareName.map { CloudReference(recordName: $0) }
        return record
    }

    /// A deletion as a participant sees it when a record leaves their share.
    func tombstone(zoneID: CloudZoneID) -> CloudRecord {
        CloudRecord(recordName: name, recordType: type, zoneID: zoneID, recordChangeTag: changeTag(seq), deleted: true)
    }
}
