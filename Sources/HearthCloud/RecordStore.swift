public import Foundation
public import HearthCloudModel
public import HearthCore

/// The server's store of accounts, zones, records, shares, assets and subscriptions, with CloudKit's
/// semantics. Every method checks that the principal may do what it asks and throws ``CloudError``.
///
/// ``SQLRecordStore`` implements it once over SQL, and passes the same conformance suite on both of its
/// databases: SQLite (``SQLRecordStore/sqlite(url:configuration:clock:timers:logger:)``, embedded, the
/// default) and PostgreSQL (``SQLRecordStore/postgres(url:schema:maximumConnections:leaseTimeout:configuration:clock:timers:logger:)``,
/// several server processes on one database).
///
/// ```swift
/// let store = try SQLRecordStore.sqlite(url: dataDirectory.appending(path: "cloud.sqlite"))
/// try await store.migrate()
/// let response = try await store.modifyRecords(principal, scope: .private, request: request)
/// ```
public protocol RecordStore: Sendable {
    /// `sqlite` or `postgres`.
    var kind: String { get }
    /// Committed changes, from this process and (on PostgreSQL) every other process on the database.
    var events: ChangeEventBroadcast { get }

    /// Creates or upgrades the tables.
    func migrate() async throws
    /// Runs background work (connections, change notifications) until cancelled.
    func run() async throws
    /// Whether the database answers.
    func checkHealth() async -> HealthStatus
    /// Rate limits for the server: `name` keeps separate limits apart. On PostgreSQL every server process
    /// on the database shares them.
    func makeRateLimiter(name: String, rate: Double, burst: Double) -> any RateLimiting

    // MARK: Accounts
    /// Stores a new account and its default zone; `EXISTS` when the email is taken.
    func createAccount(_ account: CloudAccount) async throws
    func account(id: String) async throws -> CloudAccount?
    func account(email: String) async throws -> CloudAccount?
    func saveSession(_ session: CloudStoredSession) async throws
    func session(tokenHash: String) async throws -> CloudStoredSession?
    func deleteSession(tokenHash: String) async throws
    /// The session with this token hash and its account, in one read.
    func sessionAccount(tokenHash: String) async throws -> (session: CloudStoredSession, account: CloudAccount)?
    /// Stores a code sent to an account's address, replacing the account's earlier code for the same purpose.
    func saveAccountCode(_ code: CloudAccountCode) async throws
    /// Counts one try at the account's code for `purpose` and answers the code as stored after it; nil when
    /// there is none.
    func attemptAccountCode(accountID: String, purpose: CloudAccountCode.Purpose) async throws -> CloudAccountCode?
    func deleteAccountCode(accountID: String, purpose: CloudAccountCode.Purpose) async throws
    /// Marks `email` as the account's proven address (false, and nothing changed, when it is no longer the
    /// account's email), spends the verification code, and gives the account the invitations sent to the address.
    func verifyEmail(accountID: String, email: String, at time: Int64) async throws -> Bool
    /// Replaces the account's password hash, spends its reset code, and revokes every session of the account
    /// but the one with `tokenHash`.
    func setPassword(accountID: String, hash: String, keepingSession tokenHash: String?) async throws
    /// Revokes every session of the account.
    func deleteSessions(accountID: String) async throws
    /// The nonce of the account's link to `feed`, nil when it has none.
    func feedNonce(accountID: String, feed: String) async throws -> String?
    /// The account whose link to `feed` has `nonce`, nil when none has.
    func feedAccount(nonce: String, feed: String) async throws -> String?
    /// Gives the account's link to `feed` a new nonce (made at `time`, in milliseconds), or ends it (nil).
    func setFeedNonce(accountID: String, feed: String, nonce: String?, at time: Int64) async throws
    /// The account's choice `name`, nil when it has made none.
    func accountPreference(accountID: String, name: String) async throws -> String?
    /// Keeps the account's choice `name` (made at `time`, in milliseconds), or forgets it (nil).
    func setAccountPreference(accountID: String, name: String, value: String?, at time: Int64) async throws
    /// The account's sessions that have not expired at `now` (milliseconds), newest first.
    func sessions(accountID: String, now: Int64) async throws -> [CloudStoredSession]

    // MARK: Zones
    func listZones(_ principal: CloudPrincipal, scope: CloudDatabaseScope) async throws -> [CloudZone]
    func modifyZones(_ principal: CloudPrincipal, operations: [CloudZoneOperation]) async throws -> [CloudItemResult<
        CloudZone
    >]

    // MARK: Records
    func modifyRecords(_ principal: CloudPrincipal, scope: CloudDatabaseScope, request: CloudRecordsModifyRequest)
        async throws -> CloudRecordsModifyResponse
    func lookupRecords(_ principal: CloudPrincipal, scope: CloudDatabaseScope, request: CloudRecordsLookupRequest)
        async throws -> CloudRecordsLookupResponse
    func queryRecords(_ principal: CloudPrincipal, scope: CloudDatabaseScope, request: CloudRecordsQueryRequest)
        async throws -> CloudRecordsQueryResponse
    func recordChanges(_ principal: CloudPrincipal, scope: CloudDatabaseScope, request: CloudRecordChangesRequest)
        async throws -> CloudRecordChangesResponse
    func zoneChanges(_ principal: CloudPrincipal, scope: CloudDatabaseScope, request: CloudZoneChangesRequest)
        async throws -> CloudZoneChangesResponse
    func databaseChanges(_ principal: CloudPrincipal, scope: CloudDatabaseScope, request: CloudDatabaseChangesRequest)
        async throws -> CloudDatabaseChangesResponse

    // MARK: Shares
    func createShare(_ principal: CloudPrincipal, request: CloudShareCreateRequest) async throws -> CloudShare
    func lookupShare(_ principal: CloudPrincipal, scope: CloudDatabaseScope, reference: CloudShareReference)
        async throws -> CloudShare
    func listShares(_ principal: CloudPrincipal, scope: CloudDatabaseScope) async throws -> [CloudShare]
    func updateShare(_ principal: CloudPrincipal, scope: CloudDatabaseScope, request: CloudShareUpdateRequest)
        async throws -> CloudShare
    func deleteShare(_ principal: CloudPrincipal, reference: CloudShareReference) async throws
    func addParticipants(_ principal: CloudPrincipal, scope: CloudDatabaseScope, request: CloudParticipantsAddRequest)
        async throws -> CloudShare
    func removeParticipants(
        _ principal: CloudPrincipal, scope: CloudDatabaseScope, request: CloudParticipantsRemoveRequest
    ) async throws -> CloudShare
    func acceptShare(_ principal: CloudPrincipal, token: String) async throws -> CloudShare
    func leaveShare(_ principal: CloudPrincipal, reference: CloudShareReference) async throws
    func invitations(_ principal: CloudPrincipal) async throws -> [CloudShare]

    // MARK: Assets
    func storeAsset(_ principal: CloudPrincipal, data: Data) async throws -> CloudAsset
    /// Stores the asset in `file` (`size` bytes whose SHA-256 is `checksum`), reading it a part at a time, and
    /// counts it against the principal's storage quota; `QUOTA_EXCEEDED` past the quota or the asset limit.
    func storeAsset(_ principal: CloudPrincipal, file: URL, size: Int64, checksum: String) async throws -> CloudAsset
    func loadAsset(_ principal: CloudPrincipal, checksum: String) async throws -> Data
    /// The asset, when the principal uploaded it or can read a record that references it, opened to be sent a
    /// part at a time (`NOT_FOUND` otherwise, before anything is sent).
    func openAsset(_ principal: CloudPrincipal, checksum: String) async throws -> AssetDownload
    /// The bytes the principal may still store under the storage quota; nil when there is no quota.
    func remainingStorage(_ principal: CloudPrincipal) async throws -> Int64?

    // MARK: Subscriptions and push
    func modifySubscriptions(
        _ principal: CloudPrincipal, scope: CloudDatabaseScope, request: CloudSubscriptionsModifyRequest
    ) async throws -> CloudSubscriptionsResponse
    func listSubscriptions(_ principal: CloudPrincipal, scope: CloudDatabaseScope) async throws -> [CloudSubscription]
    /// Every subscription of the given users, by user, for the push channel.
    func subscriptions(ofUsers userIDs: [String]) async throws -> [String: [CloudSubscription]]
    /// What part of `ownerID`'s zone `zoneName` the user can see through accepted shares; nil for nothing.
    func coverage(userID: String, ownerID: String, zoneName: String) async throws -> CloudZoneCoverage?
    /// The records named `names` in `ownerID`'s zone `zoneName` as they are now; a name with no row
    /// comes back as deleted with no fields.
    func changedRecords(ownerID: String, zoneName: String, names: [String]) async throws -> [CloudChangedRecord]

    // MARK: Maintenance
    /// Removes deletions, sessions and unreferenced assets older than the retention; tokens from before
    /// the removed deletions then answer `CHANGE_TOKEN_EXPIRED`.
    func compact(now: Date) async throws -> CloudCompactionReport
}
