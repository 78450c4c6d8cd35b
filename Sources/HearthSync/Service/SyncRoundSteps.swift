/// The work an app adds around a ``SyncService``'s rounds. Every step has a default, so an app states only
/// what it adds: health records hand out end-to-end keys around each round, the garage counts rounds for
/// its analytics.
public protocol SyncRoundSteps: Sendable {
    /// One round with `engine`; by default `engine.sync()` (fetch, then send).
    func round(_ engine: SyncEngine) async throws -> SyncReport

    /// Runs after a round failed, before the failure is explained and thrown.
    func roundFailed(_ error: any Error) async

    /// Runs after a round ended, with its report or its (unexplained) error; `wasInitial` says whether it was
    /// the first round that could have reached the server.
    func roundFinished(_ result: Result<SyncReport, any Error>, wasInitial: Bool) async

    /// Runs after the engine fetched or sent on its own while the service runs (watch mode).
    func afterEngineWork(_ engine: SyncEngine) async
}

extension SyncRoundSteps {
    public func round(_ engine: SyncEngine) async throws -> SyncReport { try await engine.sync() }
    public func roundFailed(_ error: any Error) async {}
    public func roundFinished(_ result: Result<SyncReport, any Error>, wasInitial: Bool) async {}
    public func afterEngineWork(_ engine: SyncEngine) async {}
}

/// A round that is the engine's alone: fetch, then send, nothing around it.
public struct PlainSyncRound: SyncRoundSteps {
    public init() {}
}
