package import Foundation
import GRDB
package import HearthStore

/// How an app's sync rounds went, kept in a one-row table of the app's schema (`state`, `message`, `server`,
/// `attemptedAt`, `syncedAt`), so the status is known later, also to another process. The garage and health
/// records keep theirs this way.
package struct SyncStatusLog: Sendable {
    /// The app's one-row table.
    let table: String
    /// What the first sync uploads, for the status line before it.
    let firstUpload: String

    package init(table: String, firstUpload: String = "everything in this database") {
        self.table = table
        self.firstUpload = firstUpload
    }

    /// Where sync stands: `live` (the engine's own state, when this process ran a round) or the stored state,
    /// with the changes waiting now.
    package func status(of database: AppDatabase, live: SyncStatus?, server: String?) async throws -> SyncStatusReport {
        try await database.read { [table, firstUpload] db in
            let enabled = try SyncOutbox.isEnabled(in: db)
            let pending = enabled ? try SyncOutbox.pendingCount(in: db) : 0
            let row = try Row.fetchOne(
                db, sql: "SELECT state, message, server, attemptedAt, syncedAt FROM \(table) WHERE id = 1")
            let stored = row.flatMap { row -> SyncStatus? in
                SyncStatusReport.state(named: row["state"], message: row["message"])
            }
            var state: SyncStatus = live ?? stored ?? (enabled ? .syncing : .offline)
            // Edits made since the last round are waiting.
            if state == .synced && pending > 0 { state = .syncing }
            let storedServer: String? = row.flatMap { $0["server"] }
            return SyncStatusReport(
                state: state, pendingChanges: pending, isEnabled: enabled, server: storedServer ?? server,
                lastAttemptAt: row.flatMap { $0["attemptedAt"] }, lastSyncedAt: row.flatMap { $0["syncedAt"] },
                firstUpload: firstUpload
            )
        }
    }

    /// Stores how a round that began at `time` went.
    package func remember(
        _ state: SyncStatus, at time: Date, reachedServer: Bool, server: String?, in database: AppDatabase
    ) async throws {
        let message: String? = if case .error(let text) = state { text } else { nil }
        let name = SyncStatusReport.name(of: state)
        try await database.write { [table] db in
            try db.execute(
                sql: """
                    INSERT INTO \(table) (id, state, message, server, attemptedAt, syncedAt) VALUES (1, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET state = excluded.state, message = excluded.message,
                        server = coalesce(excluded.server, server), attemptedAt = excluded.attemptedAt,
                        syncedAt = coalesce(excluded.syncedAt, syncedAt)
                    """, arguments: [name, message, server, time, reachedServer ? time : nil])
        }
    }
}
