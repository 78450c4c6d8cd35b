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
