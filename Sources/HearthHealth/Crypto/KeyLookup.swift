import GRDB

/// The keys a batch of records needs, looked up once per batch (one transaction) rather than once per
/// record: who is signed in, which of the user's records have keys of their own, and each scope's keys.
final class KeyLookup {
    private var user: String??
    private var recordScopes: [String: Set<String>] = [:]
    private var current: [KeyScope: ContentKey] = [:]
    private var epochs: [KeyScope: [Int: ContentKey]] = [:]

    func userRecordName(_ db: Database) throws -> String? {
        if let user { return user }
        let found = try HealthKeyring.userRecordName(db)
        user = .some(found)
        return found
    }

    /// Whether `owner`'s record `root` has a key of its own.
    func hasRecordScope(owner: String, zoneName: String, root: String, _ db: Database) throws -> Bool {
        let cacheKey = owner + "\u{0}" + zoneName
        if let roots = recordScopes[cacheKey] { return roots.contains(root) }
        let roots = Set(
            try String.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT DISTINCT rootRecordName FROM healthContentKey WHERE ownerRecordName = ? AND zoneName = ? AND rootRecordName <> ''
                        """), arguments: [owner, zoneName]))
        recordScopes[cacheKey] = roots
        return roots.contains(root)
    }

    func currentKey(of scope: KeyScope, _ db: Database) throws -> ContentKey? {
        if let key = current[scope] { return key }
        let key = try HealthKeyring.currentKey(of: scope, db)
        if let key { current[scope] = key }
        return key
    }

    func key(of scope: KeyScope, epoch: Int, _ db: Database) throws -> ContentKey? {
        if let key = epochs[scope]?[epoch] { return key }
        let key = try HealthKeyring.key(of: scope, epoch: epoch, db)
        if let key { epochs[scope, default: [:]][epoch] = key }
        return key
    }

    func beginEpoch(of scope: KeyScope, _ db: Database) throws -> ContentKey {
        let key = try HealthKeyring.beginEpoch(of: scope, db)
        current[scope] = key
        epochs[scope, default: [:]][key.epoch] = key
        if let root = scope.rootRecordName {
            recordScopes[scope.ownerRecordName + "\u{0}" + scope.zoneName]?.insert(root)
        }
        return key
    }
}
