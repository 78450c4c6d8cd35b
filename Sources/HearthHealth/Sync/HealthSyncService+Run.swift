import Foundation
import HearthCore
import HearthSync
public import ServiceLifecycle

extension HealthSyncService: Service {
    /// Syncs continuously until cancelled or the service group shuts down: one full round first (keys read,
    /// the zone's key prepared, fetch, send, keys handed out), then the engine's own loop (a fetch on every
    /// push from the server, a send shortly after local edits, retries with backoff), with the key work of a
    /// round after every page fetched and batch sent, and the status kept for `hearth health sync status`.
    ///
    /// A first round that fails (the server unreachable, say) does not end it: the engine retries.
    public func run() async throws {
        do {
            _ = try await sync()
        } catch {
            // The status already says why; the engine's loop tries again.
        }
        let engine = self.engine
        let events = engine.events()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await engine.run() }
            group.addTask {
                for await event in events {
                    switch event {
                    case .fetched, .sent, .accountChanged: await self.afterEngineWork()
                    default: break
                    }
                }
            }
            group.addTask {
                for try await state in engine.status where state != .syncing {
                    try? await self.rememberLive(state)
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    /// After the engine fetched or sent on its own: reads key records that came, makes the zone's key when it
    /// has none yet, hands out the keys owed, and applies the records kept aside for want of a key.
    func afterEngineWork() async {
        guard let keys else { return }
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
