import HearthCloudModel

/// What a ``SyncEngine`` syncs and how.
///
/// | setting | default | meaning |
/// |---|---|---|
/// | `zones` | — | the private zones the app's records live in; the engine creates them; the first is where new records go |
/// | `includesSharedDatabase` | false | also sync zones of those names that other users shared with this one |
/// | `sharedOwner` | nil | sync only the zones of those names that this account shared with the user (a book shared with them, kept in a database of its own), new records going there; the user's private database is left alone |
/// | `conflictPolicies` | [:] | a ``SyncConflictPolicy`` per record type |
/// | `defaultConflictPolicy` | field-level last writer wins | for record types not in `conflictPolicies` |
/// | `maxBatchSize` | 400 | operations per send (the server's limit); halved on `LIMIT_EXCEEDED` |
/// | `fetchPageSize` | 500 | records per changes page |
/// | `sendDebounce` | 200 ms | how long after a local edit the engine waits for more before sending |
/// | `maxSendDelay` | 2 s | the longest a stream of edits can hold a send back |
/// | `retryBase` / `retryCeiling` | 1 s / 5 min | exponential backoff for failed sends, fetches and reconnects (never shorter than the server's `retryAfter`) |
/// | `parkedRetryInterval` | 1 h | how often a change the server refused (too big, invalid, read-only) is tried again; an edit retries it at once |
/// | `uploadsLocalRecordsOnSignIn` | true | on the first sign-in (or another account), queue every local row to upload |
/// | `externalChangePollInterval` | 2 s | how often a running engine looks for changes queued by other processes on the same database (its own are seen at once); nil never looks |
public struct SyncConfiguration: Sendable {
    public var zones: [String]
    public var includesSharedDatabase: Bool
    public var sharedOwner: String?
    public var conflictPolicies: [String: SyncConflictPolicy]
    public var defaultConflictPolicy: SyncConflictPolicy
    public var maxBatchSize: Int
    public var fetchPageSize: Int
    public var sendDebounce: Duration
    public var maxSendDelay: Duration
    public var retryBase: Duration
    public var retryCeiling: Duration
    public var parkedRetryInterval: Duration
    public var uploadsLocalRecordsOnSignIn: Bool
    public var externalChangePollInterval: Duration?

    public init(
        zones: [String],
        includesSharedDatabase: Bool = false,
        conflictPolicies: [String: SyncConflictPolicy] = [:],
        defaultConflictPolicy: SyncConflictPolicy = .fieldLevelLastWriterWins,
        maxBatchSize: Int = 400,
        fetchPageSize: Int = 500,
        sendDebounce: Duration = .milliseconds(200),
        maxSendDelay: Duration = .seconds(2),
        retryBase: Duration = .seconds(1),
        retryCeiling: Duration = .seconds(300),
        parkedRetryInterval: Duration = .seconds(3600),
        uploadsLocalRecordsOnSignIn: Bool = true,
        externalChangePollInterval: Duration? = .seconds(2)
    ) {
        precondition(!zones.isEmpty, "A sync configuration needs at least one zone.")
        self.zones = zones
        self.includesSharedDatabase = includesSharedDatabase
        self.conflictPolicies = conflictPolicies
        self.defaultConflictPolicy = defaultConflictPolicy
        self.maxBatchSize = max(1, maxBatchSize)
        self.fetchPageSize = max(1, fetchPageSize)
        self.sendDebounce = sendDebounce
        self.maxSendDelay = maxSendDelay
        self.retryBase = retryBase
        self.retryCeiling = retryCeiling
        self.parkedRetryInterval = parkedRetryInterval
        self.uploadsLocalRecordsOnSignIn = uploadsLocalRecordsOnSignIn
        self.externalChangePollInterval = externalChangePollInterval
    }

    /// The zone new records go to.
    public var defaultZone: SyncZone { sharedOwner.map { .shared(zones[0], owner: $0) } ?? .private(zones[0]) }

    /// The policy for `recordType`.
    public func policy(for recordType: String) -> SyncConflictPolicy {
        conflictPolicies[recordType] ?? defaultConflictPolicy
    }

    /// The databases the engine syncs.
    var scopes: [CloudDatabaseScope] {
        if sharedOwner != nil { return [.shared] }
        return includesSharedDatabase ? [.private, .shared] : [.private]
    }

    /// Whether the engine syncs `zone`.
    func syncs(_ zoneID: CloudZoneID) -> Bool {
        zones.contains(zoneID.zoneName) && (sharedOwner == nil || zoneID.ownerRecordName == sharedOwner)
    }
}
