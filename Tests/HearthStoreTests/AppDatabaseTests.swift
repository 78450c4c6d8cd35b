import Foundation
import GRDB
import HearthStore
import Testing

@Suite("AppDatabase")
struct AppDatabaseTests {
    enum NotesSchema: DatabaseSchema {
        static func registerMigrations(in migrator: inout DatabaseMigrator) {
            migrator.registerMigration("notes.v1") { db in
                try db.create(table: "note") { table in
                    table.autoIncrementedPrimaryKey("id")
                    table.column("title", .text).notNull()
                }
            }
        }
    }

    @Test("a database on disk is in WAL mode, migrated, and keeps what was written")
    func onDisk() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("app.sqlite")
        let database = try AppDatabase.open(at: url, schemas: [NotesSchema.self])
        try await database.write { db in try db.execute(sql: "INSERT INTO note (title) VALUES (?)", arguments: ["milk"]) }
        let mode = try await database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
        let reopened = try AppDatabase.open(at: url, schemas: [NotesSchema.self])
        #expect(try await reopened.read { db in try String.fetchAll(db, sql: "SELECT title FROM note") } == ["milk"])
    }
}
