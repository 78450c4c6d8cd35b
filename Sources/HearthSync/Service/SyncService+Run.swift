import HearthCore
public import ServiceLifecycle

extension SyncService: Service {
    /// Syncs continuously until cancelled or the service group shuts down (watch mode): one full round first,
    /// then the engine's own loop (a fetch on every push from the server, a send shortly after local edits,
    /// retries with backoff), with the app's ``SyncRoundSteps/afterEngineWork(_:)`` after every page fetched
    /// and batch sent, and the status kept for the app's `sync status`.
    ///
    /// A first round that fails (the server unreachable, say) does not end it: the engine retries.
    public func run() async throws {
        do {
            _ = try await sync()
        } catch {
            // The status already says why; the engine's loop tries again.
        }
        let engine = self.engine
        let steps = self.steps
        let events = engine.events()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await engine.run() }
            group.addTask {
                for await event in events {
                    switch event {
                    case .fetched, .sent, .accountChanged: await steps.afterEngineWork(engine)
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
}
