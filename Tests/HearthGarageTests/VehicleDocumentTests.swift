import Foundation
import GRDB
import HearthCore
import HearthTestSupport
import Testing

@testable import HearthGarage

/// Vehicle documents: the record, the copy kept 0600 in the documents folder, and every refusal leaving the
/// database and the folder as they were.
@Suite struct VehicleDocumentTests {
    /// A garage in a file in a fresh folder, its clock at `now`.
    private static func fileStore(now: Date = TestSupport.date(2026, 3, 10)) throws -> (GarageStore, URL) {
        let folder = try TestSupport.temporaryDirectory()
        let store = try GarageStore.open(
            at: folder.appendingPathComponent("garage.sqlite"), timeZone: TestSupport.newYork, now: { now })
        return (store, folder)
    }

    private static func write(_ bytes: Int, named name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data((0..<bytes).map { UInt8(truncatingIfNeeded: $0) }).write(to: url)
        return url
    }

    private static func mode(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    private static func documentsListing(_ folder: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("documents").path))?
            .sorted() ?? []
    }

    @Test func addCopiesTheFileOwnerOnlyAndDeleteRemovesIt() async throws {
        let (store, folder) = try Self.fileStore()
        let car = try await TestSupport.addCivic(store)
        let source = try Self.write(4_000, named: "Geico Card.PDF", in: folder)
        let document = try await store.addDocument(
            DocumentDraft(
                kind: "Insurance", label: " Geico card ", number: "POL-123", issued: "2025-09-01",
                expires: "2026-03-31"),
            copying: source.path, to: car.id)
        #expect(document.kind == .insurance && document.label == "Geico card" && document.number == "POL-123")
        #expect(document.issuedOn == TestSupport.day(2025, 9, 1) && document.expiresOn == TestSupport.day(2026, 3, 31))
        #expect(document.fileName == document.id.uuidString.lowercased() + ".pdf")
        #expect(document.originalName == "Geico Card.PDF" && document.byteCount == 4_000)
        let copy = try #require(store.fileURL(of: document))
        #expect(copy.deletingLastPathComponent().lastPathComponent == "documents")
        #expect(try Data(contentsOf: copy) == Data(contentsOf: source))
        #expect(try Self.mode(copy) == 0o600)
        #expect(try Self.mode(copy.deletingLastPathComponent()) == 0o700)
        // The original can go: the garage keeps its own copy.
        try FileManager.default.removeItem(at: source)
        #expect(FileManager.default.fileExists(atPath: copy.path))
        #expect(document.status(today: store.today) == .expiresSoon)

        let title = try await store.addDocument(
            DocumentDraft(kind: "title"), copying: try Self.write(10, named: "title", in: folder).path, to: car.id)
        #expect(title.label == "Title" && title.fileName == title.id.uuidString.lowercased())
        #expect(title.status(today: store.today) == .noExpiry)
        #expect(try await store.documents(of: car.id).map(\.id) == [document.id, title.id])
        #expect(try await store.documents(of: nil).count == 2)

        let edited = try await store.updateDocument(
            document.id, with: DocumentDraft(number: "", expires: "2027-03-31", notes: "renewed"))
        #expect(edited.number == nil && edited.expiresOn == TestSupport.day(2027, 3, 31) && edited.notes == "renewed")
        #expect(edited.status(today: store.today) == .good)
        #expect(try await store.updateDocument(document.id, with: DocumentDraft(expires: "none")).expiresOn == nil)

        try await store.removeDocument(document.id)
        #expect(!FileManager.default.fileExists(atPath: copy.path))
        #expect(try await store.documents(of: car.id).map(\.id) == [title.id])
        #expect(Self.documentsListing(folder) == [title.fileName])
    }

    @Test func refusalsChangeNothingOnDiskOrInTheDatabase() async throws {
        let (store, folder) = try Self.fileStore()
        let car = try await TestSupport.addCivic(store)
        let card = try Self.write(100, named: "card.jpg", in: folder)
        let kept = try await store.addDocument(DocumentDraft(kind: "registration"), copying: card.path, to: car.id)
        let rows = try await TestSupport.snapshot(store)
        let files = Self.documentsListing(folder)
        #expect(files == [kept.fileName])

        await expectError("There is no file at") {
            _ = try await store.addDocument(
                DocumentDraft(kind: "insurance"), copying: folder.appendingPathComponent("missing.pdf").path,
                to: car.id)
        }
        await expectError("is a folder; give a file inside it") {
            _ = try await store.addDocument(DocumentDraft(kind: "insurance"), copying: folder.path, to: car.id)
        }
        let huge = folder.appendingPathComponent("huge.pdf")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: UInt64(GarageStore.maxDocumentBytes + 1))
        try handle.close()
        await expectError("larger than the 25 MB a document may be") {
            _ = try await store.addDocument(DocumentDraft(kind: "insurance"), copying: huge.path, to: car.id)
        }
        await expectError("use one of insurance, registration, inspection, title, other") {
            _ = try await store.addDocument(DocumentDraft(kind: "passport"), copying: card.path, to: car.id)
        }
        await expectError("A document needs a kind") {
            _ = try await store.addDocument(DocumentDraft(), copying: card.path, to: car.id)
        }
        await expectError("The expiry day 2026-01-01 is before the issue day 2026-02-01") {
            _ = try await store.addDocument(
                DocumentDraft(kind: "inspection", issued: "2026-02-01", expires: "2026-01-01"), copying: card.path,
                to: car.id)
        }
        await expectError("--expires \"31/12/2026\" is not a date") {
            _ = try await store.addDocument(
                DocumentDraft(kind: "inspection", expires: "31/12/2026"), copying: card.path, to: car.id)
        }
        await expectError("Vehicle") {
            _ = try await store.addDocument(DocumentDraft(kind: "title"), copying: card.path, to: UUID())
        }
        await expectError("The expiry day 2020-01-01 is before the issue day") {
            _ = try await store.updateDocument(
                kept.id, with: DocumentDraft(issued: "2021-01-01", expires: "2020-01-01"))
        }
        await expectError("There is no document with the id") { try await store.removeDocument(UUID()) }
        await expectError("There is no document with the id") {
            _ = try await store.updateDocument(UUID(), with: DocumentDraft(label: "x"))
        }
        #expect(try await TestSupport.snapshot(store) == rows)
        #expect(Self.documentsListing(folder) == files)
    }

    @Test func aRecordThatCannotBeSavedTakesItsCopyWithIt() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let recorder = CollectingRecorder()
        let store = try GarageStore.open(
            at: folder.appendingPathComponent("garage.sqlite"), recorder: recorder, timeZone: TestSupport.newYork)
        let car = try await TestSupport.addCivic(store)
        let scan = try Self.write(50, named: "card.pdf", in: folder)
        let rows = try await TestSupport.snapshot(store)
        recorder.fail(on: .document)
        await expectError("outbox unavailable") {
            _ = try await store.addDocument(DocumentDraft(kind: "insurance"), copying: scan.path, to: car.id)
        }
        #expect(try await TestSupport.snapshot(store) == rows)
        #expect(Self.documentsListing(folder).isEmpty)
        recorder.fail(on: nil)
        let kept = try await store.addDocument(DocumentDraft(kind: "insurance"), copying: scan.path, to: car.id)
        #expect(Self.documentsListing(folder) == [kept.fileName])
        #expect(recorder.changes.contains { $0.entity == .document && $0.id == kept.id && $0.kind == .insert })
    }

    @Test func specialFilesAndOversizedFieldsAreRefused() async throws {
        let (store, folder) = try Self.fileStore()
        let car = try await TestSupport.addCivic(store)
        let scan = try Self.write(50, named: "card.pdf", in: folder)
        let rows = try await TestSupport.snapshot(store)
        await expectError("/dev/null is not a regular file") {
            _ = try await store.addDocument(DocumentDraft(kind: "insurance"), copying: "/dev/null", to: car.id)
        }
        await expectError("A document's label is limited to 200 characters (got 201)") {
            _ = try await store.addDocument(
                DocumentDraft(kind: "insurance", label: String(repeating: "x", count: 201)), copying: scan.path,
                to: car.id)
        }
        await expectError("--issued \"2026-02-30\" is not a date") {
            _ = try await store.addDocument(
                DocumentDraft(kind: "insurance", issued: "2026-02-30"), copying: scan.path, to: car.id)
        }
        #expect(try await TestSupport.snapshot(store) == rows)
        #expect(Self.documentsListing(folder).isEmpty)
    }

    @Test func aGarageInMemoryHasNoDocumentsFolder() async throws {
        let (store, _) = try TestSupport.store()
        let car = try await TestSupport.addCivic(store)
        let folder = try TestSupport.temporaryDirectory()
        let file = try Self.write(10, named: "card.pdf", in: folder)
        await expectError("has no documents folder") {
            _ = try await store.addDocument(DocumentDraft(kind: "insurance"), copying: file.path, to: car.id)
        }
        let kept = try await store.storingDocuments(in: folder.appendingPathComponent("docs"))
            .addDocument(DocumentDraft(kind: "insurance"), copying: file.path, to: car.id)
        #expect(try await store.document(id: kept.id) == kept)
    }

    @Test func anExistingDatabaseGainsTheDocumentsTable() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let url = folder.appendingPathComponent("garage.sqlite")
        do {
            let queue = try DatabaseQueue(path: url.path)
            var migrator = DatabaseMigrator()
            GarageSchema.registerMigrations(in: &migrator)
            try migrator.migrate(queue, upTo: "garage.expenseKinds")
            // As that version wrote a vehicle: without the columns later versions added.
            try await queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO garageVehicle (id, name, make, model, year, currentMileage, createdAt, modifiedAt)
                        VALUES (?, 'Old', 'Ford', 'F-150', 2010, 0, ?, ?)
                        """, arguments: [UUID(), Date(), Date()])
            }
            try queue.close()
        }
        let store = try GarageStore.open(at: url, timeZone: TestSupport.newYork)
        let old = try await store.vehicle(matching: "Old")
        let document = try await store.addDocument(
            DocumentDraft(kind: "title"), copying: try Self.write(5, named: "t.png", in: folder).path, to: old.id)
        #expect(try await store.documents(of: old.id).map(\.id) == [document.id])
    }
}
