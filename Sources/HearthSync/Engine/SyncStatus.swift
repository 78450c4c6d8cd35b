/// Where sync stands, as a ``SyncEngine`` reports it on ``SyncEngine/status``.
public enum SyncStatus: Sendable, Hashable, CustomStringConvertible {
    /// Everything local is on the server and everything on the server is here, as far as the engine knows.
    case synced
    /// Changes are being sent or fetched, or wait for a retry.
    case syncing
    /// Sync is stuck until something changes: the message says what and what to do.
    case error(String)
    /// The server cannot be reached; changes are kept and sent when it can.
    case offline

    public var description: String {
        switch self {
        case .synced: "synced"
        case .syncing: "syncing"
        case .error(let message): "error: \(message)"
        case .offline: "offline"
        }
    }
}

/// Something the engine did, for apps that show activity or react to arriving data.
public enum SyncEvent: Sendable, Hashable {
    /// A page of changes from the server was applied locally (and committed).
    case fetched(zone: SyncZone, saved: [SyncRecordID], deleted: [SyncRecordID])
    /// A batch was sent: `batch` numbers it within the engine's life, so each record's batch is known.
    case sent(zone: SyncZone, batch: Int, saved: [SyncRecordID], deleted: [SyncRecordID])
    /// A conflict was settled by the record type's policy.
    case conflictResolved(SyncRecordID, policy: String)
    /// A change could not be sent or applied; it is kept and tried again.
    case failed(SyncRecordID, reason: String)
    /// The signed-in account is not the one the sync state belonged to: the state was cleared, local data kept.
    case accountChanged(from: String?, to: String)
    /// A zone's token expired; it is being fetched again in full.
    case refetching(SyncZone)
    /// The server asked the engine to slow down (`THROTTLED` or `TRY_AGAIN_LATER`); it waits `retryAfter` seconds.
    case throttled(retryAfter: Int)
}

/// What one ``SyncEngine/sync()`` (or fetch, or send) did.
public struct SyncReport: Sendable, Hashable {
    /// Records saved to the server.
    public var sentSaves = 0
    /// Records deleted on the server.
    public var sentDeletions = 0
    /// Requests that carried them.
    public var sentBatches = 0
    /// Records from the server saved locally.
    public var receivedSaves = 0
    /// Records deleted locally because they were deleted on the server.
    public var receivedDeletions = 0
    /// Conflicts settled by policy.
    public var conflictsResolved = 0
    /// Zones fetched again in full because their token had expired.
    public var refetchedZones = 0
    /// Times the server asked the engine to wait (throttling); the changes concerned were kept and retried.
    public var throttled = 0
    /// Local changes still waiting (to be retried later, or refused by the server).
    public var pending = 0
    /// Changes that could not be sent or applied, with the reason; all are kept and retried.
    public var problems: [String] = []

    public init() {}

    mutating func add(_ other: SyncReport) {
        sentSaves += other.sentSaves
        sentDeletions += other.sentDeletions
        sentBatches += other.sentBatches
        receivedSaves += other.receivedSaves
        receivedDeletions += other.receivedDeletions
        conflictsResolved += other.conflictsResolved
        refetchedZones += other.refetchedZones
        throttled += other.throttled
        problems += other.problems
    }
}
