import HearthCore
import HearthSync

/// Health's work around a sync round when records travel end to end encrypted: key records are read, the
/// zone's key is made before the first record sealed with it goes out, the keys owed are handed out, and the
/// records kept aside for want of a key are opened once a key came.
struct HealthKeyRound: SyncRoundSteps {
    let keys: HealthKeyDistributor

    func round(_ engine: SyncEngine) async throws -> SyncReport {
        // Key records left unread read first (the recovery code may have been entered since); then fetch,
        // so a key made on another device arrives before one could be made here, and the zone's key
        // reaches the server before the first record sealed with it.
        _ = try await keys.readPendingKeyRecords()
        let fetched = try await engine.fetchChanges()
        try await keys.prepareZoneKey()
        var report = try await engine.sync()
        report.receivedSaves += fetched.receivedSaves
        report.receivedDeletions += fetched.receivedDeletions
        report.conflictsResolved += fetched.conflictsResolved
        // Keys owed since (a member's key fetched in this round, a new epoch) go out now.
        let handed = try await keys.distribute()
        // Records kept aside for want of a key open now if a key came (in this round, or restored with the
        // recovery code since).
        let unreadKeys = try await keys.readPendingKeyRecords()
        let kept = try await engine.applyKeptChanges()
        report.receivedSaves += kept.receivedSaves
        report.receivedDeletions += kept.receivedDeletions
        report.problems = kept.problems + unreadKeys + handed.failures.map { "A key record was not sent: \($0)" }
        return report
    }

    func roundFailed(_ error: any Error) async {
        // A round that failed may still owe keys (a member's key to publish after accepting).
        await keys.distributeAfterFailedSync()
    }

    /// After the engine fetched or sent on its own: reads key records that came, makes the zone's key when it
    /// has none yet, hands out the keys owed, and applies the records kept aside for want of a key.
    func afterEngineWork(_ engine: SyncEngine) async {
        do {
            _ = try await keys.readPendingKeyRecords()
            try await keys.prepareZoneKey()
            _ = try await keys.distribute()
            _ = try await keys.readPendingKeyRecords()
            _ = try await engine.applyKeptChanges()
        } catch {
            await keys.distributeAfterFailedSync()
        }
    }
}
