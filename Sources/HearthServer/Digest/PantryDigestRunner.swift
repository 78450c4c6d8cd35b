public import Foundation
import HearthCloud
public import HearthPantryServer
public import Logging

/// The pantry's digests on a server's database, outside `hearth serve`: what `hearth pantry digest run` and
/// `show` use. The database (SQLite in the data directory, or PostgreSQL) and the mail server are those of the
/// configuration, opened and migrated as the server does.
public enum PantryDigestRunner {
    /// Runs `body` with the digests of the server `configuration` describes, keeping the database's connections
    /// up meanwhile.
    public static func withDigests<T: Sendable>(
        _ configuration: ServerConfiguration, logger: Logger, now: @escaping @Sendable () -> Date = Date.init,
        _ body: @Sendable (PantryDigests) async throws -> T
    ) async throws -> T {
        let dataDirectory = try DataDirectory.prepare(configuration.dataDirectory)
        let cloud = try await CloudServices.make(configuration, dataDirectory: dataDirectory, logger: logger)
        let digests = PantryDigests(
            on: cloud.store,
            channels: PantryDigestService.channels(
                mailer: cloud.api.mail, privateHosts: configuration.recipeImportPrivateHosts),
            now: now, logger: logger)
        let store = cloud.store
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await store.run() }
            defer { group.cancelAll() }
            return try await body(digests)
        }
    }
}
