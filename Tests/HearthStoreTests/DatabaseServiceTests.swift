import Foundation
import GRDB
import HearthCore
import HearthStore
import Testing

@Suite struct DatabaseServiceTests {
    private func makeService() throws -> DatabaseService<Note> {
        DatabaseService<Note>(database: try AppDatabase.inMemory(schemas: [NotesSchema.self]))
    }

    @Test func saveUpsertsAndFetches() async throws {
        let notes = try makeService()
        try await notes.save(Note(id: "a", text: "first"))
        try await notes.save(Note(id: "a", text: "edited", pinned: true))
        try await notes.save(Note(id: "b", text: "second"))
        #expect(try await notes.fetch(id: "a") == Note(id: "a", text: "edited", pinned: true))
        #expect(try await notes.fetch(id: "zzz") == nil)
        #expect(try await notes.count() == 2)
        let ordered = try await notes.fetchAll(orderedBy: [Column("text").desc])
        #expect(ordered.map(\.id) == ["b", "a"])
    }

    @Test func batchSavesAreAllOrNothing() async throws {
        let notes = try makeService()
        try await notes.save([Note(id: "a", text: "1"), Note(id: "b", text: "2")])
        #expect(try await notes.count() == 2)
        // A NULL text violates NOT NULL half-way through the batch.
        struct Loose: Codable, Sendable, Identifiable, PersistableRecord, FetchableRecord {
            static let databaseTableName = "note"
            var id: String
            var text: String?
        }
        let loose = DatabaseService<Loose>(database: notes.database)
        await #expect(throws: ServiceError.self) {
            try await loose.save([Loose(id: "c", text: "3"), Loose(id: "d", text: nil)])
        }
        #expect(try await notes.count() == 2)
        #expect(try await notes.fetch(id: "c") == nil)
    }

    @Test func deletingAMissingRecordIsNotFound() async throws {
        let notes = try makeService()
        try await notes.save(Note(id: "a", text: "x"))
        try await notes.delete(id: "a")
        do {
            try await notes.delete(id: "a")
            Issue.record("must throw")
        } catch let error as ServiceError {
            #expect(error.code == .notFound)
            #expect(error.message == "note a was not found.")
        }
        try await notes.save([Note(id: "p", text: "1"), Note(id: "q", text: "2")])
        #expect(try await notes.deleteAll() == 2)
    }
}
