public import Foundation
import HearthCloudModel
public import HearthCore
public import Logging

/// The record store's semantics, written once over SQL that runs on both SQLite and PostgreSQL.
///
/// Each operation is one transaction. Writes first lock the data owner's change counter (one
/// `UPDATE … RETURNING`), which serializes writers of one user's data and hands out the sequence numbers
/// that order the change feeds; reads run in one snapshot. What differs between the two databases (their
/// connections, transactions, schema and errors) is the ``SQLDatabase`` under the store.
///
/// Open one with ``sqlite(url:configuration:clock:timers:logger:)`` (embedded, the server's default),
/// ``sqlite(inMemory:clock:timers:logger:)`` (tests) or
/// ``postgres(url:schema:maximumConnections:leaseTimeout:configuration:clock:timers:logger:)`` (several
/// server processes on one database), then call ``migrate()``.
public final class SQLRecordStore: RecordStore, Sendable {
    /// The database under the store, which the server's other tables (the pantry's) share.
    package let database: any SQLDatabase
    let configuration: CloudConfiguration
    let validator: RecordValidator
    let clock: @Sendable () -> Date
    /// What the store's waits and timings are measured on.
    let timers: any Clock<Duration>
    let logger: Logger
    /// Users' own zones as the last batch here left them, for batches of new records on PostgreSQL.
    let zoneSnapshots = ZoneSnapshots()

    init(
        database: any SQLDatabase, configuration: CloudConfiguration, clock: @escaping @Sendable () -> Date,
        timers: any Clock<Duration> = ContinuousClock(), logger: Logger
    ) {
        self.database = database
        self.configuration = configuration
        self.validator = RecordValidator(configuration: configuration)
        self.clock = clock
        self.timers = timers
        self.logger = logger
    }

    /// The store on an embedded SQLite database file at `url` (created when needed; the server keeps
    /// `cloud.sqlite` in its data directory). Call ``migrate()`` before use.
    /// - Parameters:
    ///   - clock: the date records, sessions and codes are stamped with.
    ///   - timers: the clock the database's background work (its log checkpoints) waits on.
    /// - Throws: ``CloudError`` `INTERNAL_ERROR` naming the file when it cannot be opened.
    public static func sqlite(
        url: URL, configuration: CloudConfiguration = CloudConfiguration(),
        clock: @escaping @Sendable () -> Date = Date.init,
        timers: any Clock<Duration> = ContinuousClock(), logger: Logger = Logger(label: "hearth.cloud")
    ) throws -> SQLRecordStore {
        let database: SQLiteDatabase
        do {
            database = try SQLiteDatabase(url: url, timers: timers, logger: logger)
        } catch {
            throw CloudError(.internalError, "Could not open the record database \(url.path): \(error)")
        }
        return SQLRecordStore(
            database: database, configuration: configuration, clock: clock, timers: timers, logger: logger)
    }

    /// An empty store in memory, for tests. Call ``migrate()`` before use.
    public static func sqlite(
        inMemory configuration: CloudConfiguration = CloudConfiguration(),
        clock: @escaping @Sendable () -> Date = Date.init,
        timers: any Clock<Duration> = ContinuousClock(), logger: Logger = Logger(label: "hearth.cloud")
    ) throws -> SQLRecordStore {
        SQLRecordStore(
            database: try SQLiteDatabase(timers: timers), configuration: configuration, clock: clock, timers: timers,
            logger: logger)
    }

    /// The store on PostgreSQL at `url` (`postgres://user:password@host:5432/database`, optionally
    /// `?schema=name&sslmode=require`): several server processes may share one database. Run ``run()`` (it
    /// holds the connections) and then ``migrate()`` before use.
    /// - Parameters:
    ///   - schema: a schema to keep the tables in (created by ``migrate()``); tests give each their own.
    ///   - leaseTimeout: how long a transaction waits for a pooled connection before it is answered
    ///     `TRY_AGAIN_LATER`.
    ///   - clock: the date records, sessions and codes are stamped with.
    ///   - timers: the clock the database's deadlines and reconnections are measured on.
    /// - Throws: ``CloudError`` `BAD_REQUEST` when the URL or schema name cannot be used.
    public static func postgres(
        url: String, schema: String? = nil, maximumConnections: Int = 20, leaseTimeout: Duration = .seconds(5),
        configuration: CloudConfiguration = CloudConfiguration(), clock: @escaping @Sendable () -> Date = Date.init,
        timers: any Clock<Duration> = ContinuousClock(), logger: Logger = Logger(label: "hearth.cloud")
    ) throws -> SQLRecordStore {
        let database = try PostgresDatabase(
            url: url, schema: schema, maximumConnections: maximumConnections, leaseTimeout: leaseTimeout,
            timers: timers, logger: logger)
        return SQLRecordStore(
            database: database, configuration: configuration, clock: clock, timers: timers, logger: logger)
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

    /// Drops the store's PostgreSQL schema and everything in it, for tests that made their own schema.
    /// - Throws: ``CloudError`` `BAD_REQUEST` on SQLite, which has no schema (remove its file instead).
    public func dropSchema() async throws {
        try await database.dropSchema()
    }

    public func run() async throws { try await database.run() }

    public func checkHealth() async -> HealthStatus {
        let (failure, elapsed) = await Self.measure(on: timers) { () async -> (any Error)? in
            do {
                _ = try await self.database.transaction(readOnly: true) { tx in try await tx.query("SELECT 1 AS ok", [])
                }
                return nil
            } catch {
                return error
            }
        }
        guard let failure else {
            return HealthStatus(isHealthy: true, lastChecked: clock(), responseTime: elapsed.seconds)
        }
        return HealthStatus(
            isHealthy: false, lastChecked: clock(),
            errors: ["\(kind) record store at \(database.location): \(failure)"], responseTime: elapsed.seconds)
    }

    /// What `body` answers, and how long it took on `clock`.
    private static func measure<C: Clock<Duration>, T>(on clock: C, _ body: () async -> T) async -> (T, Duration) {
        let started = clock.now
        let value = await body()
        return (value, started.duration(to: clock.now))
    }

    var nowMilliseconds: Int64 { milliseconds(clock()) }

    /// In memory where one server process owns the database (SQLite); in the database where several processes
    /// share it (PostgreSQL), so that every server process on it enforces one limit per key.
    public func makeRateLimiter(name: String, rate: Double, burst: Double) -> any RateLimiting {
        database.isSharedByProcesses
            ? SharedRateLimiter(store: self, name: name, rate: rate, burst: burst)
            : RateLimiter(rate: rate, burst: burst)
    }

    /// Runs `body` in a transaction, turning database failures into `INTERNAL_ERROR` / `TRY_AGAIN_LATER`.
    func transaction<T: Sendable>(readOnly: Bool, _ body: @escaping @Sendable (any SQLTransaction) async throws -> T)
        async throws -> T
    {
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
            return CloudError(
                .tryAgainLater, "Another request changed the same data at the same moment; try again.", retryAfter: 1)
        case _ where database.isStorageFull(error):
            logger.error(
                "The record database's disk is full; writes are refused until space is freed",
                metadata: ["cloud.store": "\(kind)", "error": "\(error)"])
            return CloudError(
                .tryAgainLater,
                "The server's disk is full, so nothing was saved; try again once its operator has freed space.",
                retryAfter: 30)
        default:
            let failure = CloudError(
                .internalError, "The record store failed to answer; the error id is in the server log.")
            logger.error(
                "Record store failure",
                metadata: [
                    "error.id": "\(failure.uuid)", "cloud.store": "\(kind)", "error": "\(String(reflecting: error))",
                ])
            return failure
        }
    }

    // MARK: Owner counter

    /// Locks the owner's counter row for the rest of the transaction and returns it.
    func lockOwner(_ tx: any SQLTransaction, _ ownerID: String) async throws -> OwnerState {
        try ownerState(try await tx.query(Self.lockOwnerSQL, [.text(ownerID)]).first, ownerID)
    }

    static let lockOwnerSQL =
        "UPDATE accounts SET change_seq = change_seq WHERE id = ? RETURNING change_seq, storage_bytes"

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
    func privateOwnerAndAccess(_ principal: CloudPrincipal, _ zoneID: CloudZoneID, lock: SQLRow?, zone: SQLRow?) throws
        -> (owner: OwnerState, access: ZoneAccess)
    {
        (try ownerState(lock, principal.userID), try privateAccess(principal, zoneID, row: zone))
    }

    func saveOwner(_ tx: any SQLTransaction, _ ownerID: String, changeSeq: Int64, storageDelta: Int64 = 0) async throws
    {
        let statement = Self.saveOwnerStatement(ownerID, changeSeq: changeSeq, storageDelta: storageDelta)
        try await tx.send(statement.sql, statement.binds)
    }

    /// The statement that sets the owner's change counter and adds to their storage.
    static func saveOwnerStatement(_ ownerID: String, changeSeq: Int64, storageDelta: Int64) -> (
        sql: String, binds: [SQLValue]
    ) {
        (
            "UPDATE accounts SET change_seq = ?, storage_bytes = storage_bytes + ? WHERE id = ?",
            [.int(changeSeq), .int(storageDelta), .text(ownerID)]
        )
    }

    func currentSeq(_ tx: any SQLTransaction, _ ownerID: String) async throws -> Int64 {
        try await tx.first("SELECT change_seq FROM accounts WHERE id = ?", .text(ownerID))?.int("change_seq") ?? 0
    }

    // MARK: Zone access

    /// The zone `zoneID` as `principal` may use it in `scope`, or the error that says why not.
    func resolveZone(
        _ tx: any SQLTransaction, _ principal: CloudPrincipal, _ scope: CloudDatabaseScope, _ zoneID: CloudZoneID?
    ) async throws -> ZoneAccess {
        let zoneID = zoneID ?? .default
        if let problem = CloudNames.zoneProblem(zoneID.zoneName) { throw CloudError.badRequest(problem) }
        switch scope {
        case .private:
            if let owner = zoneID.ownerRecordName, owner != principal.userID {
                throw Self.notYourZone(zoneID, owner: owner)
            }
            return try privateAccess(
                principal, zoneID,
                row: try await tx.first(Self.zoneQuery, .text(principal.userID), .text(zoneID.zoneName)))
        case .shared:
            guard let owner = zoneID.ownerRecordName, !owner.isEmpty else {
                throw CloudError.badRequest(
                    "Zones in the shared database belong to other users: give zoneID.ownerRecordName as well as zoneName."
                )
            }
            guard owner != principal.userID else {
                throw CloudError.badRequest("Zone \(zoneID.zoneName) is your own; use the private database for it.")
            }
            let denied = CloudError(
                .accessDenied, "You have no accepted share in zone \(zoneID.zoneName) of \(owner).", zoneID: zoneID)
            guard let row = try await tx.first(Self.zoneQuery, .text(owner), .text(zoneID.zoneName)) else {
                throw denied
            }
            let coverage = try await participation(tx, zonePK: row.int("pk"), userID: principal.userID)
            guard coverage.zoneWide != nil || !coverage.roots.isEmpty else { throw denied }
            return ZoneAccess(
                zonePK: row.int("pk"), incarnation: row.int("incarnation"), horizon: row.int("horizon"), ownerID: owner,
                zoneName: zoneID.zoneName, isOwner: false, zoneWide: coverage.zoneWide, roots: coverage.roots,
                ownerSeq: row.int("change_seq"))
        }
    }

    private static func notYourZone(_ zoneID: CloudZoneID, owner: String) -> CloudError {
        CloudError(
            .accessDenied,
            "The private database holds only your own zones; zone \(zoneID.zoneName) of \(owner) can be reached only through the shared database, once a share in it is accepted.",
            zoneID: zoneID)
    }

    /// The caller's own zone from its ``zoneQuery`` row (nil when there is none).
    private func privateAccess(_ principal: CloudPrincipal, _ zoneID: CloudZoneID, row: SQLRow?) throws -> ZoneAccess {
        if let problem = CloudNames.zoneProblem(zoneID.zoneName) { throw CloudError.badRequest(problem) }
        if let owner = zoneID.ownerRecordName, owner != principal.userID {
            throw Self.notYourZone(zoneID, owner: owner)
        }
        guard let row else {
            throw CloudError(
                .zoneNotFound,
                "Zone \(zoneID.zoneName) does not exist in your private database; create it with zones/modify.",
                zoneID: zoneID)
        }
        return ZoneAccess(
            zonePK: row.int("pk"), incarnation: row.int("incarnation"), horizon: row.int("horizon"),
            ownerID: principal.userID, zoneName: zoneID.zoneName, isOwner: true, zoneWide: nil, roots: [:],
            ownerSeq: row.int("change_seq"))
    }

    /// A live zone by owner and name, with its owner's change counter (one round trip for both).
    static let zoneQuery =
        "SELECT z.pk, z.incarnation, z.horizon, a.change_seq FROM zones z JOIN accounts a ON a.id = z.owner_id WHERE z.owner_id = ? AND z.name = ? AND z.deleted = 0"

    /// What a user's accepted participations in a zone's live shares let them do.
    func participation(_ tx: any SQLTransaction, zonePK: Int64, userID: String) async throws -> (
        zoneWide: CloudSharePermission?, roots: [String: CloudSharePermission]
    ) {
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
            guard let permission = CloudSharePermission(rawValue: row.text("permission")), permission != .none else {
                continue
            }
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
            guard
                let zone = try await tx.first(
                    "SELECT pk FROM zones WHERE owner_id = ? AND name = ? AND deleted = 0", .text(ownerID),
                    .text(zoneName))
            else { return nil }
            if ownerID == userID { return CloudZoneCoverage(zoneWide: true, roots: []) }
            let access = try await self.participation(tx, zonePK: zone.int("pk"), userID: userID)
            guard access.zoneWide != nil || !access.roots.isEmpty else { return nil }
            return CloudZoneCoverage(zoneWide: access.zoneWide != nil, roots: Set(access.roots.keys))
        }
    }

    public func changedRecords(ownerID: String, zoneName: String, names: [String]) async throws -> [CloudChangedRecord]
    {
        guard !names.isEmpty else { return [] }
        return try await transaction(readOnly: true) { tx in
            guard
                let zone = try await tx.first(
                    "SELECT pk FROM zones WHERE owner_id = ? AND name = ?", .text(ownerID), .text(zoneName))
            else {
                return names.map {
                    CloudChangedRecord(recordName: $0, recordType: "", rootName: $0, deleted: true, fields: [:])
                }
            }
            var found: [String: CloudChangedRecord] = [:]
            for start in stride(from: 0, to: names.count, by: 500) {
                let chunk = names[start..<min(start + 500, names.count)].map(SQLValue.text)
                let rows = try await tx.query(
                    "SELECT \(StoredRecord.columns) FROM records WHERE zone_pk = ? AND name IN (\(placeholders(chunk.count)))",
                    [.int(zone.int("pk"))] + chunk)
                for row in rows.map(StoredRecord.init(row:)) {
                    found[row.name] = CloudChangedRecord(
                        recordName: row.name, recordType: row.type, rootName: row.rootName, deleted: row.deleted,
                        fields: row.deleted ? [:] : ((try? row.decodedFields()) ?? [:]))
                }
            }
            return names.map {
                found[$0]
                    ?? CloudChangedRecord(recordName: $0, recordType: "", rootName: $0, deleted: true, fields: [:])
            }
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
