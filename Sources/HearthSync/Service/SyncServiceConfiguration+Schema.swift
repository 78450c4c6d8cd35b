public import GRDB

extension SyncServiceConfiguration {
    /// Creates the one-row status table `name` (`state`, `message`, `server`, `attemptedAt`, `syncedAt`) that a
    /// ``SyncService`` keeps how its rounds went in; an app's sync schema calls it in its migration.
    public static func createStatusTable(_ name: String, in db: Database) throws {
        try db.create(table: name) { t in
            t.primaryKey("id", .integer).check { $0 == 1 }
            t.column("state", .text).notNull()
            t.column("message", .text)
            t.column("server", .text)
            t.column("attemptedAt", .datetime).notNull()
            t.column("syncedAt", .datetime)
        }
    }
}
