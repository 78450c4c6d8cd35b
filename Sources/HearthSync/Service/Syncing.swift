/// What an app's sync offers: one round of sync, and where sync stands.
public protocol Syncing: Sendable {
    /// Fetches what other devices changed and sends what this one changed, settling conflicts per record type.
    /// - Throws: `ServiceError` saying why the server could not be reached or refused; the local data is
    ///   left as it was and every pending change is kept for the next round.
    func sync() async throws -> SyncReport

    /// Where sync stands now, with the number of changes waiting.
    func status() async throws -> SyncStatusReport
}
