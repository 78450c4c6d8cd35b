import Crypto
import Foundation
public import GRDB
import HearthCloudModel
import HearthCore

/// The device's keys as kept in the health database (``HealthKeySchema``), read and written inside the
/// caller's transaction so a record and the key it was sealed with commit together.
public enum HealthKeyring {
    // MARK: Identity

    /// This device's identity, made on first use.
    public static func identity(_ db: Database) throws -> HealthIdentity {
        if let seed = try Data.fetchOne(db, sql: "SELECT seed FROM healthVaultIdentity WHERE id = 1") {
            return try HealthIdentity(seed: seed)
        }
        let identity = HealthIdentity()
        try db.execute(sql: "INSERT INTO healthVaultIdentity (id, seed) VALUES (1, ?)", arguments: [identity.seed])
        return identity
    }

    /// Replaces this device's identity with the one a recovery code brings back. Content keys already held
    /// stay; keys handed to the old identity and not yet received can then be opened.
    public static func restore(_ identity: HealthIdentity, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO healthVaultIdentity (id, seed) VALUES (1, ?)
                ON CONFLICT (id) DO UPDATE SET seed = excluded.seed
                """, arguments: [identity.seed])
        // Envelopes made for the old key are made again for the new one.
        try db.execute(
            sql:
                "DELETE FROM healthKeyRecord WHERE recipient = (SELECT userRecordName FROM healthVaultIdentity WHERE id = 1)"
        )
    }

    /// The signed-in user's record name, once a sync has told it.
    public static func userRecordName(_ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT userRecordName FROM healthVaultIdentity WHERE id = 1")
    }

    /// Remembers the signed-in user (making the identity when needed).
    public static func setUserRecordName(_ name: String, _ db: Database) throws {
        _ = try identity(db)
        try db.execute(sql: "UPDATE healthVaultIdentity SET userRecordName = ? WHERE id = 1", arguments: [name])
    }

    // MARK: Content keys

    /// The newest epoch of `scope`'s key this device holds.
    public static func currentKey(of scope: KeyScope, _ db: Database) throws -> ContentKey? {
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT epoch, keyData FROM healthContentKey WHERE ownerRecordName = ? AND zoneName = ? AND rootRecordName = ?
                ORDER BY epoch DESC LIMIT 1
                """, arguments: [scope.ownerRecordName, scope.zoneName, scope.rootKey])
        return row.map { ContentKey(scope: scope, epoch: $0["epoch"], keyData: $0["keyData"]) }
    }

    /// Epoch `epoch` of `scope`'s key, when this device holds it.
    public static func key(of scope: KeyScope, epoch: Int, _ db: Database) throws -> ContentKey? {
        let data = try Data.fetchOne(
            db,
            sql: """
                SELECT keyData FROM healthContentKey WHERE ownerRecordName = ? AND zoneName = ? AND rootRecordName = ? AND epoch = ?
                """, arguments: [scope.ownerRecordName, scope.zoneName, scope.rootKey, epoch])
        return data.map { ContentKey(scope: scope, epoch: epoch, keyData: $0) }
    }

    /// Keeps `key` (a key this device already holds is left as it is).
    public static func store(_ key: ContentKey, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO healthContentKey (ownerRecordName, zoneName, rootRecordName, epoch, keyData) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT DO NOTHING
                """,
            arguments: [key.scope.ownerRecordName, key.scope.zoneName, key.scope.rootKey, key.epoch, key.keyData])
    }

    /// Starts a new epoch of `scope`'s key with 256 fresh random bits: the first, or the next after someone left.
    @discardableResult
    public static func beginEpoch(of scope: KeyScope, _ db: Database) throws -> ContentKey {
        let epoch = (try currentKey(of: scope, db)?.epoch ?? 0) + 1
        let key = ContentKey(scope: scope, epoch: epoch, keyData: SymmetricKeyBytes.random())
        try store(key, db)
        return key
    }

    /// Whether the owner gave `root` a key of its own (it is, or was, shared).
    public static func hasRecordScope(owner: String, zoneName: String, root: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db,
            sql: """
                SELECT EXISTS (SELECT 1 FROM healthContentKey WHERE ownerRecordName = ? AND zoneName = ? AND rootRecordName = ?)
                """, arguments: [owner, zoneName, root]) ?? false
    }

    // MARK: Trust

    /// The owner key this device trusts for `owner`: pinned the first time one of their keys arrived.
    static func trustedOwner(_ owner: String, _ db: Database) throws -> HealthPublicIdentity? {
        try Row.fetchOne(
            db, sql: "SELECT agreementKey, signingKey FROM healthTrustedOwner WHERE ownerRecordName = ?",
            arguments: [owner]
        )
        .map { HealthPublicIdentity(agreementKey: $0["agreementKey"], signingKey: $0["signingKey"]) }
    }

    static func trust(_ identity: HealthPublicIdentity, asOwner owner: String, _ db: Database) throws {
        try db.execute(
            sql:
                "INSERT INTO healthTrustedOwner (ownerRecordName, agreementKey, signingKey) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            arguments: [owner, identity.agreementKey, identity.signingKey])
    }

    /// Keeps a member's public keys for a shared record, refusing a key that differs from the one first seen.
    static func storeMemberKey(_ member: MemberKey, _ db: Database) throws {
        let scope = member.scope
        if let known = try Row.fetchOne(
            db,
            sql: """
                SELECT agreementKey, signingKey FROM healthMemberKey
                WHERE ownerRecordName = ? AND zoneName = ? AND rootRecordName = ? AND userRecordName = ?
                """, arguments: [scope.ownerRecordName, scope.zoneName, scope.rootKey, member.userRecordName])
        {
            let knownIdentity = HealthPublicIdentity(
                agreementKey: known["agreementKey"], signingKey: known["signingKey"])
            guard knownIdentity == member.identity else {
                throw HealthVaultError.untrusted(
                    "\(member.userRecordName) published a new key (fingerprint \(member.identity.fingerprint)) for \(scope), unlike the one first seen (\(knownIdentity.fingerprint)). Compare fingerprints with them, then remove and invite them again to trust the new key."
                )
            }
            return
        }
        try db.execute(
            sql: """
                INSERT INTO healthMemberKey (ownerRecordName, zoneName, rootRecordName, userRecordName, agreementKey, signingKey)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                scope.ownerRecordName, scope.zoneName, scope.rootKey, member.userRecordName,
                member.identity.agreementKey, member.identity.signingKey,
            ])
    }

    /// The members whose keys this device has seen for `scope`, with their public keys.
    public static func members(of scope: KeyScope, _ db: Database) throws -> [(
        userRecordName: String, identity: HealthPublicIdentity
    )] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT userRecordName, agreementKey, signingKey FROM healthMemberKey
                WHERE ownerRecordName = ? AND zoneName = ? AND rootRecordName = ? ORDER BY userRecordName
                """, arguments: [scope.ownerRecordName, scope.zoneName, scope.rootKey]
        )
        .map {
            ($0["userRecordName"], HealthPublicIdentity(agreementKey: $0["agreementKey"], signingKey: $0["signingKey"]))
        }
    }

    /// A key this device trusts: an owner who handed it keys, or a member it handed keys to.
    public struct TrustedKey: Sendable, Codable, Equatable {
        /// The user.
        public var userRecordName: String
        /// "owner" (their keys are accepted from them) or "member of <record>" (keys are wrapped for them).
        public var role: String
        /// What the user's own device shows for the same keys.
        public var fingerprint: String
    }

    /// Every key this device trusts, owners first.
    public static func trustedKeys(_ db: Database) throws -> [TrustedKey] {
        let owners = try Row.fetchAll(
            db, sql: "SELECT ownerRecordName, agreementKey, signingKey FROM healthTrustedOwner ORDER BY ownerRecordName"
        ).map {
            TrustedKey(
                userRecordName: $0["ownerRecordName"], role: "owner",
                fingerprint: HealthPublicIdentity(agreementKey: $0["agreementKey"], signingKey: $0["signingKey"])
                    .fingerprint)
        }
        let members = try Row.fetchAll(
            db,
            sql:
                "SELECT userRecordName, rootRecordName, agreementKey, signingKey FROM healthMemberKey ORDER BY rootRecordName, userRecordName"
        ).map {
            TrustedKey(
                userRecordName: $0["userRecordName"], role: "member of \($0["rootRecordName"] as String)",
                fingerprint: HealthPublicIdentity(agreementKey: $0["agreementKey"], signingKey: $0["signingKey"])
                    .fingerprint)
        }
        return owners + members
    }

    /// Forgets `user`'s key for `scope` (they were removed or left).
    static func forgetMember(_ user: String, of scope: KeyScope, _ db: Database) throws {
        try db.execute(
            sql: """
                DELETE FROM healthMemberKey WHERE ownerRecordName = ? AND zoneName = ? AND rootRecordName = ? AND userRecordName = ?
                """, arguments: [scope.ownerRecordName, scope.zoneName, scope.rootKey, user])
    }
}

/// 32 bytes from the system's secure random source.
enum SymmetricKeyBytes {
    static func random() -> Data {
        SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
    }
}
