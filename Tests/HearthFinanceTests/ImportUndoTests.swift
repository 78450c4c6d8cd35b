import Foundation
import GRDB
import HearthCore
import HearthStore
import HearthTestSupport
import Testing

@testable import HearthFinance

/// Imports journal their new rows as one range and undo them through the archive: these tests check that
/// undo, redo and sync see exactly what a per-row journal would have given.
@Suite struct ImportUndoTests {
    /// A CSV of `count` transactions with ids; row `i` has id …`i` and amount -(i+1).
    func csv(_ count: Int, titlePrefix: String = "Row", folder: TemporaryFolder, name: String = "rows.csv") throws
        -> URL
    {
        var text = "id,date,title,amount,tags\n"
        for index in 0..<count {
            let id = String(format: "00000000-0000-4000-8000-%012d", index)
            text += "\(id),2025-03-01T10:00:00.000Z,\(titlePrefix) \(index),-\(index + 1),a;b\n"
        }
        let url = folder.file(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    func archiveRows(_ store: FinancePersistenceService) async throws -> Int {
        try await store.database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM financeHistoryArchive") ?? -1 }
    }

    func all(_ store: FinancePersistenceService) async throws -> [Transaction] {
        try await store.fetchTransactions(
            matching: TransactionQuery().sorted(by: .dateAscending), page: PageRequest(size: 10_000)
        ).items
    }

    @Test func undoRemovesAnImportAndRedoPutsItBackUnchanged() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-finance-tests")
        let (store, _) = try makeStore()
        let existing = try await store.save(Transaction(title: "Existing", amount: 5, date: date(2025, 1, 1)))
        let url = try csv(300, folder: folder)
        let summary = try await store.importTransactionsCSV(from: url, progress: nil)
        #expect(summary.inserted[.transaction] == 300)
        let imported = try await all(store)
        #expect(imported.count == 301)
        // One journal record for 300 rows: the undo entry is a range, not a key per row.
        let blobSize = try await store.database.read {
            try Int.fetchOne(
                $0, sql: "SELECT length(inserted) FROM financeHistory WHERE stack = 'undo' ORDER BY seq DESC LIMIT 1")
        }
        #expect(blobSize == 17)

        #expect(try await store.undo() == HistoryStep(label: "Import rows.csv", rowCount: 300))
        #expect(try await all(store) == [existing])
        #expect(try await archiveRows(store) == 300)

        #expect(try await store.redo() == HistoryStep(label: "Import rows.csv", rowCount: 300))
        #expect(try await all(store) == imported)
        #expect(try await archiveRows(store) == 0)

        // Undo again, then a new change clears the redo stack and the archive with it.
        _ = try await store.undo()
        #expect(try await archiveRows(store) == 300)
        try await store.save(Transaction(title: "New", amount: -1))
        #expect(try await store.nextRedo() == nil)
        #expect(try await archiveRows(store) == 0)
    }

    @Test func aRowRepeatedInTheFileIsInsertedThenUpdatedAndUndoneWhole() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-finance-tests")
        let url = folder.file("twice.csv")
        try Data(
            """
            id,date,title,amount
            00000000-0000-4000-8000-000000000001,2025-03-01,First,-1
            00000000-0000-4000-8000-000000000001,2025-03-01,First again,-2
            00000000-0000-4000-8000-000000000002,2025-03-01,Second,-3

            """.utf8
        ).write(to: url)
        let (store, _) = try makeStore()
        let summary = try await store.importTransactionsCSV(from: url, progress: nil)
        #expect(summary.inserted[.transaction] == 2)
        #expect(summary.updated[.transaction] == 1)
        #expect(try await all(store).map(\.title) == ["First again", "Second"])
        _ = try await store.undo()
        #expect(try await all(store).isEmpty)
        _ = try await store.redo()
        #expect(try await all(store).map(\.title) == ["First again", "Second"])
    }

    @Test func reimportingAChangedFileUpdatesAndUndoRestoresTheOldValues() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-finance-tests")
        let (store, _) = try makeStore()
        _ = try await store.importTransactionsCSV(from: try csv(20, folder: folder), progress: nil)
        let before = try await all(store)
        let changed = try csv(25, titlePrefix: "Changed", folder: folder, name: "changed.csv")
        let summary = try await store.importTransactionsCSV(from: changed, progress: nil)
        #expect(summary.updated[.transaction] == 20)
        #expect(summary.inserted[.transaction] == 5)
        #expect(try await all(store).allSatisfy { $0.title.hasPrefix("Changed") })
        _ = try await store.undo()
        #expect(try await all(store) == before)
    }

    @Test func everyImportedAndUndoneRowReachesTheRecorderInLargeImports() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-finance-tests")
        let (store, _) = try makeStore(recorder: OutboxRecorder())
        try await OutboxRecorder.prepare(store)
        // More rows than the recorder's 10,000-change hand-over, so several hand-overs happen.
        let count = 10_050
        _ = try await store.importTransactionsCSV(from: try csv(count, folder: folder), progress: nil)
        func kinds() async throws -> [String: Int] {
            try await store.database.read { db in
                Dictionary(
                    uniqueKeysWithValues: try Row.fetchAll(
                        db, sql: "SELECT kind, COUNT(DISTINCT id) FROM outbox GROUP BY kind"
                    ).map {
                        ($0[0] as String, $0[1] as Int)
                    })
            }
        }
        #expect(try await kinds() == ["inserted": count])
        _ = try await store.undo()
        #expect(try await kinds() == ["inserted": count, "deleted": count])
    }

    @Test func aFailedImportLeavesNoRangeOrArchiveBehind() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-finance-tests")
        let url = folder.file("bad.csv")
        try Data(
            "id,date,title,amount\n00000000-0000-4000-8000-000000000001,2025-03-01,Ok,-1\n,2025-03-01,Zero,0\n".utf8
        ).write(to: url)
        let (store, _) = try makeStore()
        let error = await expectError(.validationFailed) {
            try await store.importTransactionsCSV(from: url, progress: nil)
        }
        #expect(error?.message == "Line 3: Transaction amount cannot be 0")
        #expect(try await all(store).isEmpty)
        #expect(try await store.nextUndo() == nil)
        #expect(try await archiveRows(store) == 0)
    }
}
