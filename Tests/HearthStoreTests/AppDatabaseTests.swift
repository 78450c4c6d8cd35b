import Foundation
import GRDB
import HearthCore
import HearthStore
import HearthTestSupport
import Testing

struct Note: Codable, Sendable, Identifiable, Equatable, FetchableRecord, PersistableRecord {
    var id: String
    var text: String
    var pinned: Bool = false
}

enum NotesSchema: DatabaseSchema {
    static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("notes.v1") { db in
            try db.create(table: "note") { t in
                t.primaryKey("id", .text)
                t.column("text", .text).notNull()
            }
        }
        migrator.registerMigration("notes.v2") { db in
            try db.alter(table: "note") { t in t.add(column: "pinned", .boolean).notNull().defaults(to: false) }
        }
    }
}

enum TagsSchema: DatabaseSchema {
    static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("tags.v1") { db in
            try db.create(table: "tag") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("note", onDelete: .cascade).notNull()
                t.column("name", .text).notNull()
            }
        }
    }
}

func temporaryDirectory() throws -> URL {
    let url = scratchDirectory("hearth-tests")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

@Suite struct AppDatabaseTests {
    @Test func everyModulesMigrationsRunInOrder() async throws {
        let database = try AppDatabase.inMemory(schemas: [NotesSchema.self, TagsSchema.self])
        let applied = try await database.read { db in try DatabaseMigrator.appliedIdentifiersForTests(db) }
        #expect(applied == ["notes.v1", "notes.v2", "tags.v1"])
        let columns = try await database.read { db in try db.columns(in: "note").map(\.name) }
        #expect(columns == ["id", "text", "pinned"])
    }

    @Test func onDiskDatabasesUseWALAndKeepTheirData() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("nested/app.sqlite")
        do {
            let database = try AppDatabase.open(at: url, schemas: [NotesSchema.self])
            #expect(database.writer is DatabasePool)
            let mode = try await database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
            #expect(mode == "wal")
            try await database.write { db in try Note(id: "a", text: "milk").insert(db) }
        }
        let reopened = try AppDatabase.open(at: url, schemas: [NotesSchema.self, TagsSchema.self])
        let notes = try await reopened.read { db in try Note.fetchAll(db) }
        #expect(notes == [Note(id: "a", text: "milk")])
    }

    @Test func ownerOnlyDatabasesAndTheirWALFilesAre0600FromTheStart() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        func mode(_ path: String) throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        }
        let url = folder.appendingPathComponent("private.sqlite")
        let database = try AppDatabase.open(at: url, schemas: [NotesSchema.self], ownerOnly: true)
        try await database.write { db in try Note(id: "a", text: "a secret").insert(db) }
        for suffix in ["", "-wal", "-shm"] {
            #expect(FileManager.default.fileExists(atPath: url.path + suffix), "\(suffix)")
            #expect(try mode(url.path + suffix) == 0o600, "\(suffix)")
        }
        // A file made earlier with wider rights is narrowed when it is opened.
        let older = folder.appendingPathComponent("older.sqlite")
        _ = try AppDatabase.open(at: older, schemas: [NotesSchema.self])
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: older.path)
        #expect(try mode(older.path) == 0o644)
        _ = try AppDatabase.open(at: older, schemas: [NotesSchema.self], ownerOnly: true)
        #expect(try mode(older.path) == 0o600)
    }

    @Test func foreignKeysAreEnforced() async throws {
        let database = try AppDatabase.inMemory(schemas: [NotesSchema.self, TagsSchema.self])
        await #expect(throws: DatabaseError.self) {
            try await database.write { db in
                try db.execute(sql: "INSERT INTO tag (noteId, name) VALUES ('missing', 'x')")
            }
        }
    }

    @Test func aFailingMigrationIsAClearError() throws {
        enum Broken: DatabaseSchema {
            static func registerMigrations(in migrator: inout DatabaseMigrator) {
                migrator.registerMigration("broken.v1") { db in try db.execute(sql: "CREATE TABLE") }
            }
        }
        do {
            _ = try AppDatabase.inMemory(schemas: [Broken.self])
            Issue.record("must throw")
        } catch let error as ServiceError {
            #expect(error.message.hasPrefix("Could not prepare the database"))
        }
    }

    @Test func anUnopenableFileNamesThePath() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let notADatabase = folder.appendingPathComponent("junk.sqlite")
        try Data(repeating: 0x42, count: 4096).write(to: notADatabase)
        do {
            _ = try AppDatabase.open(at: notADatabase, schemas: [NotesSchema.self])
            Issue.record("must throw")
        } catch let error as ServiceError {
            #expect(error.message.contains("junk.sqlite"))
        }
    }

    @Test func watchYieldsTheCurrentResultThenEachCommittedChange() async throws {
        let database = try AppDatabase.inMemory(schemas: [NotesSchema.self])
        var updates = database.watch { db in try Note.order(Column("id")).fetchAll(db).map(\.text) }.makeAsyncIterator()
        #expect(try await updates.next() == [])
        try await database.write { db in try Note(id: "a", text: "eggs").insert(db) }
        #expect(try await updates.next() == ["eggs"])
        try await database.write { db in
            try Note(id: "b", text: "bread").insert(db)
            try Note(id: "c", text: "jam").insert(db)
        }
        #expect(try await updates.next() == ["eggs", "bread", "jam"], "one transaction, one update")
    }

    @Test func watchingEndsWhenTheSubscriberIsCancelled() async throws {
        let database = try AppDatabase.inMemory(schemas: [NotesSchema.self])
        let received = Locked(0)
        let task = Task {
            for try await _ in database.watch({ db in try Note.fetchCount(db) }) { received.withLock { $0 += 1 } }
            return "ended"
        }
        try await waitUntil("the watcher has the first value") { received.current > 0 }
        task.cancel()
        #expect(try await task.value == "ended")
        #expect(received.current == 1)
    }

    @MainActor
    @Test func backgroundTasksRunOffTheCallersExecutor() async throws {
        let database = try AppDatabase.inMemory(schemas: [NotesSchema.self])
        let ranOnMainThread = try await database.performBackgroundTask { db -> Bool in
            for n in 0..<100 { try Note(id: "n\(n)", text: "t").insert(db) }
            return Thread.isMainThread
        }
        #expect(!ranOnMainThread)
        #expect(try await database.read { db in try Note.fetchCount(db) } == 100)
    }

    @Test func aThrowingWriteRollsBackEverything() async throws {
        struct Stop: Error {}
        let database = try AppDatabase.inMemory(schemas: [NotesSchema.self])
        await #expect(throws: Stop.self) {
            try await database.write { db in
                try Note(id: "a", text: "kept?").insert(db)
                throw Stop()
            }
        }
        #expect(try await database.read { db in try Note.fetchCount(db) } == 0)
    }
}

extension DatabaseMigrator {
    /// The identifiers of applied migrations, in the order they were applied.
    static func appliedIdentifiersForTests(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
    }
}

@Suite struct TextSearchFunctionTests {
    @Test func everyConnectionMatchesTextIgnoringCaseAndAccents() async throws {
        let database = try AppDatabase.inMemory(schemas: [])
        let matches = try await database.read { db in
            try ["Café", "CAFE", "cafeteria", "Tea", ""].map { text in
                try Bool.fetchOne(db, sql: "SELECT hearth_contains(?, ?)", arguments: [text, TextSearch.fold("café")])
                    ?? false
            }
        }
        #expect(matches == [true, true, true, false, false])
        let null = try await database.read { db in try Bool.fetchOne(db, sql: "SELECT hearth_contains(NULL, 'a')") }
        #expect(null == false)
    }
}
