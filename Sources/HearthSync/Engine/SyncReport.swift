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
}
