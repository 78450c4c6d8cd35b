import Foundation

/// The limits and policies of the record store.
///
/// | setting | default | answered with |
/// |---|---|---|
/// | `maxOperationsPerRequest` | 400 | `LIMIT_EXCEEDED` |
/// | `maxRecordBytes` (fields as JSON, assets excluded) | 1 MB | `LIMIT_EXCEEDED` |
/// | `maxAssetBytes` | 50 MB | `QUOTA_EXCEEDED` |
/// | `maxRequestBytes` (any request body but an asset upload) | 16 MB | `LIMIT_EXCEEDED` |
/// | `maxResultsLimit` (records per changes or query page) | 1000 (default page 200) | capped silently |
/// | `maxParticipantsPerShare` | 100 | `LIMIT_EXCEEDED` |
/// | `storageQuotaBytes` per user (the bytes of their records and of the assets they uploaded; nil for none) | 1 GB | `QUOTA_EXCEEDED` |
/// | `tombstoneRetention` (older deletions are compacted; older tokens expire) | 30 days | `CHANGE_TOKEN_EXPIRED` |
/// | `sessionLifetime` | 30 days | `AUTHENTICATION_FAILED` |
/// | `sessionCacheLifetime` (how long a session read for one request serves the next; zero reads every time) | 1 s | — |
/// | `requestsPerSecond` / `burst` per user | 50 / 200 | `THROTTLED` with `retryAfter` |
/// | `signIn` rate / burst per account, and per client address | 1 / 20, 5 / 100 | `THROTTLED` with `retryAfter` |
/// | `accountCodeLifetime` (an emailed verification or reset code) | 15 minutes | `BAD_REQUEST` |
/// | `accountCodeAttempts` (wrong tries before a code is spent) | 5 | `BAD_REQUEST` |
/// | `accountCodeRate` / `accountCodeBurst` (codes sent per address) | 1 a minute / 5 | `THROTTLED` with `retryAfter` |
/// | `accountCodesPerDay` (codes sent per address in a day) | 10 | `THROTTLED` with `retryAfter` |
/// | `accountCodeAttemptsPerDay` (codes tried per account in a day, whichever code) | 20 | `THROTTLED` with `retryAfter` |
/// | `passwordChecks` (bcrypt runs at once / waiting; more are refused) | 4 / 32 | `THROTTLED` with `retryAfter` |
/// | `recordTypes` (nil accepts any well-formed type name) | nil | `BAD_REQUEST` |
/// | `authorOwnedRecordTypes` (records only their creator or the zone's owner may change or delete) | Hearth Health's key records | `ACCESS_DENIED` |
/// | `bcryptCost` | 12 | — |
public struct CloudConfiguration: Sendable {
    public var maxOperationsPerRequest: Int
    public var maxRecordBytes: Int
    public var maxAssetBytes: Int
    public var maxRequestBytes: Int
    public var defaultResultsLimit: Int
    public var maxResultsLimit: Int
    public var maxParticipantsPerShare: Int
    public var storageQuotaBytes: Int64?
    public var tombstoneRetention: Duration
    public var sessionLifetime: Duration
    public var requestsPerSecond: Double
    public var burst: Double
    public var recordTypes: Set<String>?
    public var bcryptCost: UInt8
    /// Sign-in and sign-up attempts per account: refilled per second, and at once.
    public var signInRate: Double = 1
    public var signInBurst: Double = 20
    /// Sign-in and sign-up attempts per client address, whatever the account.
    public var addressRate: Double = 5
    public var addressBurst: Double = 100
    /// How long a session read from the store serves the following requests with its token: a sign-out on
    /// another server process sharing the database is seen within it. Zero reads the session every time.
    public var sessionCacheLifetime: Duration = .seconds(1)
    /// How long a code sent by email (address verification, password reset) stays good.
    public var accountCodeLifetime: Duration = .seconds(15 * 60)
    /// How many wrong codes spend a code: the owner of the address then asks for a new one.
    public var accountCodeAttempts: Int = 5
    /// Codes sent to one address: refilled per second, and at once.
    public var accountCodeRate: Double = 1.0 / 60
    public var accountCodeBurst: Double = 5
    /// Codes sent to one address in a day, on top of the rate above: a day's worth of codes is a handful.
    public var accountCodesPerDay: Int = 10
    /// Codes tried for one account in a day, whichever code and whatever purpose: with a new code every few
    /// minutes, the tries per code alone would allow thousands of guesses a day.
    public var accountCodeAttemptsPerDay: Int = 20
    /// bcrypt runs (sign-ins, sign-ups, password changes and resets) at once on the thread pool, and how many more
    /// may wait for one; past that a request is refused at once with `THROTTLED`, so one client cannot queue
    /// unbounded work on the pool that also serves sign-ins and name look-ups.
    public var passwordChecks: (running: Int, waiting: Int) = (4, 32)
    /// Record types whose records, in a shared zone, only the participant who created them or the zone's owner
    /// may change or delete: the key records of end-to-end encrypted health sharing (`HealthMemberKey`, a
    /// participant's published public keys; `HealthZoneKey`, a key the owner wrapped), so no participant can put
    /// their keys in another's place.
    public var authorOwnedRecordTypes: Set<String> = ["HealthMemberKey", "HealthZoneKey"]

    public init(
        maxOperationsPerRequest: Int = 400,
        maxRecordBytes: Int = 1_000_000,
        maxAssetBytes: Int = 50_000_000,
        maxRequestBytes: Int = 16_000_000,
        defaultResultsLimit: Int = 200,
        maxResultsLimit: Int = 1000,
        maxParticipantsPerShare: Int = 100,
        storageQuotaBytes: Int64? = 1_000_000_000,
        tombstoneRetention: Duration = .seconds(30 * 86_400),
        sessionLifetime: Duration = .seconds(30 * 86_400),
        requestsPerSecond: Double = 50,
        burst: Double = 200,
        recordTypes: Set<String>? = nil,
        bcryptCost: UInt8 = 12
    ) {
        self.maxOperationsPerRequest = maxOperationsPerRequest
        self.maxRecordBytes = maxRecordBytes
        self.maxAssetBytes = maxAssetBytes
        self.maxRequestBytes = maxRequestBytes
        self.defaultResultsLimit = defaultResultsLimit
        self.maxResultsLimit = maxResultsLimit
        self.maxParticipantsPerShare = maxParticipantsPerShare
        self.storageQuotaBytes = storageQuotaBytes
        self.tombstoneRetention = tombstoneRetention
        self.sessionLifetime = sessionLifetime
        self.requestsPerSecond = requestsPerSecond
        self.burst = burst
        self.recordTypes = recordTypes
        self.bcryptCost = bcryptCost
    }
}

/// Milliseconds since 1970 from a `Date`.
func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

extension Duration {
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
