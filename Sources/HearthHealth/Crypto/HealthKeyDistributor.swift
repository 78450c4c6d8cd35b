import Foundation
public import GRDB
import HearthCloudModel
import HearthCore
public import HearthStore
public import HearthSync
public import Logging

/// Hands content keys to the devices and people who should hold them, and sends the key records this device
/// made: run after every sync.
///
/// - The owner's device wraps each current key for the owner (so their other devices, restored with the
///   recovery code, can open everything) and, for a shared record, for every member whose key it has seen.
/// - A member's device publishes its public keys under the record it accepted.
/// - Removing someone from a share starts a new epoch of that record's key, wrapped only for those who stay.
public struct HealthKeyDistributor: Sendable {
    /// What one run did.
    public struct Report: Sendable, Equatable {
        /// Key records sent to the server.
        public var sent = 0
        /// Key records the server refused, with its reason; they are tried again on the next run.
        public var failures: [String] = []
    }

    public let database: AppDatabase
    public let cloud: any CloudService
    public let zoneName: String
    let logger: Logger

    public init(
        database: AppDatabase, cloud: any CloudService, zoneName: String,
        logger: Logger = Logger(label: "hearth.health.keys")
    ) {
        self.database = database
        self.cloud = cloud
        self.zoneName = zoneName
        self.logger = logger
    }

    /// Makes the envelopes owed and sends every key record not sent yet.
    @discardableResult
    public func distribute() async throws -> Report {
        try await rotateForThoseWhoLeft()
        let pending = try await database.write { db in
            try Self.makeOwedEnvelopes(zoneName: zoneName, db)
            return try Row.fetchAll(
                db,
                sql: "SELECT recordName, ownerRecordName, payload FROM healthKeyRecord WHERE isSent = 0 ORDER BY rowid"
            )
            .map {
                PendingKeyRecord(
                    recordName: $0["recordName"], ownerRecordName: $0["ownerRecordName"], payload: $0["payload"])
            }
        }
        guard !pending.isEmpty else { return Report() }
        let me = try await database.read { db in try HealthKeyring.userRecordName(db) }
        var report = Report()
        for (owner, rows) in Dictionary(grouping: pending, by: \.ownerRecordName).sorted(by: { $0.key < $1.key }) {
            let isMine = owner == me
            let zone =
                isMine ? CloudZoneID(zoneName: zoneName) : CloudZoneID(zoneName: zoneName, ownerRecordName: owner)
            let operations = try rows.map { row -> CloudRecordOperation in
                var record = try JSONDecoder().decode(CloudRecord.self, from: row.payload)
                record.zoneID = zone
                return CloudRecordOperation(operationType: .forceReplace, record: record)
            }
            let response = try await cloud.database(isMine ? .private : .shared)
                .modifyRecords(CloudRecordsModifyRequest(zoneID: zone, operations: operations, atomic: false))
            var sent: [String] = []
            for (row, result) in zip(rows, response.records) {
                if let error = result.error {
                    report.failures.append("\(row.recordName): \(error.reason)")
                    logger.warning("The server refused key record \(row.recordName): \(error.reason)")
                } else {
                    sent.append(row.recordName)
                }
            }
            report.sent += sent.count
            let names = sent
            try await database.write { db in
                for name in names {
                    try db.execute(sql: "UPDATE healthKeyRecord SET isSent = 1 WHERE recordName = ?", arguments: [name])
                }
            }
        }
        return report
    }

    /// Before a round sends anything: gives the user's zone its first key when it has none and none was made
    /// on another device (an envelope for this user that could not be read yet says one was), and sends its
    /// envelope, so the key is on the server before the first record sealed with it.
    public func prepareZoneKey() async throws {
        let made = try await database.write { [zoneName] db -> Bool in
            guard let me = try HealthKeyring.userRecordName(db) else { return false }
            let scope = KeyScope(ownerRecordName: me, zoneName: zoneName)
            guard try HealthKeyring.currentKey(of: scope, db) == nil, try !PendingKeyRecords.holdsZoneKey(for: me, db)
            else { return false }
            try HealthKeyring.beginEpoch(of: scope, db)
            return true
        }
        if made { try await distribute() }
    }

    /// Reads again the key records this device could not read before, and says why those still unread are.
    public func readPendingKeyRecords() async throws -> [String] {
        try await database.write { [zoneName, logger] db in
            try PendingKeyRecords.retry(zoneName: zoneName, logger: logger, db)
            return try PendingKeyRecords.problems(db)
        }
    }

    /// Starts a new epoch for every shared record of the user's that someone whose key this device holds is no
    /// longer in (they left, or the share was stopped, perhaps from another device): what is written from now
    /// on is sealed with a key they never receive.
    func rotateForThoseWhoLeft() async throws {
        let shared = try await database.read { [zoneName] db -> (me: String, members: [String: Set<String>])? in
            guard let me = try HealthKeyring.userRecordName(db) else { return nil }
            let rows = try Row.fetchAll(
                db,
                sql:
                    "SELECT rootRecordName, userRecordName FROM healthMemberKey WHERE ownerRecordName = ? AND zoneName = ?",
                arguments: [me, zoneName])
            return (
                me,
                Dictionary(grouping: rows, by: { $0["rootRecordName"] as String }).mapValues {
                    Set($0.map { $0["userRecordName"] as String })
                }
            )
        }
        guard let shared else { return }
        for (root, members) in shared.members.sorted(by: { $0.key < $1.key }) {
            let stillIn: Set<String>
            do {
                let share = try await cloud.database(.private).lookupShare(
                    CloudShareReference(zoneID: CloudZoneID(zoneName: zoneName), shareName: "share-" + root))
                stillIn = Set(
                    share.participants.filter { $0.acceptanceStatus == .accepted }.compactMap(\.userRecordName))
            } catch let error as CloudError where error.serverErrorCode == .notFound {
                stillIn = []
            } catch {
                logger.warning(
                    "Could not check who is still in the share of \(root); checked again at the next sync: \(error)")
                continue
            }
            let gone = members.subtracting(stillIn)
            guard !gone.isEmpty else { continue }
            try await database.write { [zoneName] db in
                for user in gone.sorted() { try Self.rotate(root: root, removing: user, zoneName: zoneName, db) }
            }
            logger.info(
                "\(gone.sorted().joined(separator: ", ")) left the share of \(root): its key moved to a new epoch")
        }
    }

    /// ``distribute()`` after a round that failed (a member's key is still published after accepting when the
    /// records could not be fetched yet); a failure here is logged, as the round's own error is what is reported.
    public func distributeAfterFailedSync() async {
        do {
            try await distribute()
        } catch {
            logger.warning("Key records were not sent after a failed sync: \(error)")
        }
    }

    /// Wraps every current key of the signed-in user's zone for the user and for each member seen, where no
    /// envelope exists yet.
    static func makeOwedEnvelopes(zoneName: String, _ db: Database) throws {
        guard let me = try HealthKeyring.userRecordName(db) else { return }
        let identity = try HealthKeyring.identity(db)
        let roots = try String.fetchAll(
            db,
            sql: """
                SELECT DISTINCT rootRecordName FROM healthContentKey WHERE ownerRecordName = ? AND zoneName = ? ORDER BY rootRecordName
                """, arguments: [me, zoneName])
        for root in roots {
            let scope = KeyScope(ownerRecordName: me, zoneName: zoneName, rootRecordName: root.isEmpty ? nil : root)
            guard let key = try HealthKeyring.currentKey(of: scope, db) else { continue }
            var recipients = [(me, identity.publicIdentity)]
            if scope.rootRecordName != nil {
                recipients += try HealthKeyring.members(of: scope, db).map { ($0.userRecordName, $0.identity) }
            }
            for (recipient, publicIdentity) in recipients {
                let name = KeyEnvelope.recordName(scope: scope, epoch: key.epoch, recipient: recipient)
                guard try !keyRecordExists(name, db) else { continue }
                let envelope = try KeyEnvelope.seal(
                    key, for: publicIdentity, recipientRecordName: recipient, by: identity)
                try queue(envelope.record, scope: scope, epoch: key.epoch, recipient: recipient, db)
            }
        }
    }

    /// Gives `root` a key of its own (epoch 1), when the signed-in user first shares it. The record must be
    /// sent again afterwards, to be sealed with it.
    public static func beginSharing(root: String, zoneName: String, _ db: Database) throws {
        guard let me = try HealthKeyring.userRecordName(db) else {
            throw ServiceError.notAuthenticated("Sync once before sharing, so Hearth knows who you are.")
        }
        let scope = KeyScope(ownerRecordName: me, zoneName: zoneName, rootRecordName: root)
        if try HealthKeyring.currentKey(of: scope, db) == nil { try HealthKeyring.beginEpoch(of: scope, db) }
    }

    /// After `user` was removed from the share of `root` (or left): forgets their key and starts a new epoch
    /// that only those who stay receive. Data written from now on is sealed with it.
    @discardableResult
    public static func rotate(root: String, removing user: String, zoneName: String, _ db: Database) throws -> Int {
        guard let me = try HealthKeyring.userRecordName(db) else {
            throw ServiceError.notAuthenticated("Sync once before changing a share, so Hearth knows who you are.")
        }
        let scope = KeyScope(ownerRecordName: me, zoneName: zoneName, rootRecordName: root)
        try HealthKeyring.forgetMember(user, of: scope, db)
        return try HealthKeyring.beginEpoch(of: scope, db).epoch
    }

    /// Queues this device's public keys for the share of `root` in `owner`'s zone, after accepting it.
    public static func publishMemberKey(owner: String, root: String, zoneName: String, _ db: Database) throws {
        guard let me = try HealthKeyring.userRecordName(db) else {
            throw ServiceError.notAuthenticated("Sync once before accepting a share, so Hearth knows who you are.")
        }
        let scope = KeyScope(ownerRecordName: owner, zoneName: zoneName, rootRecordName: root)
        let member = try MemberKey.make(scope: scope, userRecordName: me, identity: try HealthKeyring.identity(db))
        try queue(member.record, scope: scope, epoch: 0, recipient: me, db)
    }

    private static func keyRecordExists(_ name: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM healthKeyRecord WHERE recordName = ?)", arguments: [name]) ?? false
    }

    private static func queue(_ record: CloudRecord, scope: KeyScope, epoch: Int, recipient: String, _ db: Database)
        throws
    {
        try db.execute(
            sql: """
                INSERT INTO healthKeyRecord (recordName, ownerRecordName, zoneName, rootRecordName, epoch, recipient, payload, isSent)
                VALUES (?, ?, ?, ?, ?, ?, ?, 0)
                ON CONFLICT (recordName) DO UPDATE SET payload = excluded.payload, isSent = 0
                """,
            arguments: [
                record.recordName, scope.ownerRecordName, scope.zoneName, scope.rootKey, epoch, recipient,
                try JSONEncoder().encode(record),
            ])
    }
}

/// A key record waiting to be sent.
private struct PendingKeyRecord: Sendable {
    var recordName: String
    var ownerRecordName: String
    var payload: Data
}
