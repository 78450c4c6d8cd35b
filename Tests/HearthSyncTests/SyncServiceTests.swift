import Foundation
import GRDB
import HearthCloudModel
import HearthCore
import HearthStore
import HearthSync
import HearthTestSupport
import Synchronization
import Testing

/// The one sync service every app configures, on the notes domain: its status kept in the database across
/// rounds and processes, against a real server that is then stopped, and its explanations of failures.
@Suite(.serialized, .timeLimit(.minutes(10))) struct SyncServiceTests {
    static let notes = SyncServiceConfiguration(
        statusTable: "notesSyncStatus", databaseName: "notes database", opener: "NotesSync.open")

    @Test func statusIsKeptAcrossRoundsAndReadByAnotherService() async throws {
        let server = try await LiveServer.start()
        let device = try await Device.make(
            server, email: freshEmail(), signUp: true, extraSchemas: [NotesStatusSchema.self])
        let clock = StampClock(Date(timeIntervalSince1970: 1_800_000_000))
        let rounds = RoundLog()
        let service = SyncService(
            database: device.database, engine: device.engine, configuration: Self.notes, steps: rounds,
            server: server.url.absoluteString,
            now: { clock.now })

        // Before the first round nothing is queued: the first sync uploads every row.
        try await device.store.save(Item(id: "a", title: "First"))
        let before = try await service.status()
        #expect(!before.isEnabled)
        #expect(before.description == "not synced yet: the first sync uploads everything in this database")
        #expect(before.lastAttemptAt == nil)

        let report = try await service.sync()
        #expect(report.sentSaves == 1)
        let synced = try await service.status()
        #expect(synced.state == .synced)
        #expect(synced.isEnabled)
        #expect(synced.pendingChanges == 0)
        #expect(synced.server == server.url.absoluteString)
        #expect(synced.lastSyncedAt == clock.now)
        #expect(synced.lastAttemptAt == clock.now)

        // The server goes away; a change waits, the round fails with an explanation and the status says offline.
        let firstSync = clock.now
        await server.stop()
        clock.advance(by: 60)
        try await device.store.save(Item(id: "b", title: "Second"))
        let failure = await #expect(throws: ServiceError.self) { try await service.sync() }
        #expect(failure?.code == .operationFailed)
        #expect(failure?.message.hasPrefix("Cannot reach the server: ") == true)
        #expect(
            failure?.message.hasSuffix(
                "Nothing local was changed; pending changes are kept for the next sync. Check the address and your connection, then sync again."
            ) == true)
        #expect(failure?.underlying is CloudTransportError)

        let offline = try await service.status()
        #expect(offline.state == .offline)
        #expect(offline.pendingChanges == 1)
        #expect(offline.description == "offline (1 change waiting)")
        #expect(offline.lastSyncedAt == firstSync)
        #expect(offline.lastAttemptAt == clock.now)

        // Another process sees the same, from the database alone.
        let stored = try await SyncService.status(of: device.database, configuration: Self.notes)
        #expect(stored == offline)
        #expect(try await device.items().map(\.id).sorted() == ["a", "b"])

        // The app's steps heard both rounds: the first was the initial one.
        #expect(await rounds.finished == ["success initial", "failure"])
    }

    @Test func aDatabaseWithoutTheStatusTableIsNamedWithTheWayOut() async throws {
        let database = try AppDatabase.inMemory(schemas: [NotesSchema.self, SyncSchema.self])
        let failure = await #expect(throws: ServiceError.self) {
            try await SyncService.status(of: database, configuration: Self.notes)
        }
        #expect(failure?.message.hasPrefix("Could not read the sync status of the notes database: ") == true)
        #expect(failure?.message.hasSuffix("Open it with NotesSync.open, which adds the sync tables.") == true)
    }

    @Test func failuresAreExplainedWithWhatToDo() {
        let kept = "Nothing local was changed; pending changes are kept for the next sync."
        let down = SyncService.explain(CloudTransportError(.unreachable, "connection refused"))
        #expect(down.code == .operationFailed)
        #expect(
            down.message
                == "Cannot reach the server: connection refused. \(kept) Check the address and your connection, then sync again."
        )

        let refused = SyncService.explain(CloudError(.authenticationFailed, "token expired"))
        #expect(refused.code == .notAuthenticated)
        #expect(refused.message == "The server refused the sign-in (token expired). \(kept) Sign in again.")
        #expect(SyncService.explain(CloudError(.authenticationRequired, "no token")).code == .notAuthenticated)

        let busy = SyncService.explain(CloudError(.throttled, "slow down", retryAfter: 30), retry: "try again")
        #expect(busy.code == .rateLimited)
        #expect(busy.message == "The server is busy (slow down). \(kept) Try again in 30 seconds.")
        #expect(
            SyncService.explain(CloudError(.tryAgainLater, "restarting")).message.hasSuffix("Sync again in 60 seconds.")
        )

        let other = SyncService.explain(CloudError(.quotaExceeded, "over quota"), kept: "Nothing was changed here.")
        #expect(other.code == .operationFailed)
        #expect(other.message == "The server answered QUOTA_EXCEEDED: over quota. Nothing was changed here.")

        let own = ServiceError(.validationFailed, "The record is too big.")
        let passed = SyncService.explain(own)
        #expect(passed.code == .validationFailed)
        #expect(passed.message == "The record is too big.")

        let unknown = SyncService.explain(CocoaError(.fileReadCorruptFile))
        #expect(unknown.code == .operationFailed)
        #expect(unknown.message.hasPrefix("Sync failed: "))
        #expect(unknown.message.hasSuffix(kept))
        #expect(unknown.underlying is CocoaError)
    }
}

/// The notes app's status table, as an app's sync schema makes it.
enum NotesStatusSchema: DatabaseSchema {
    static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("notes.sync.v1") { db in
            try SyncServiceConfiguration.createStatusTable("notesSyncStatus", in: db)
        }
    }
}

/// The time the service stamps its status with, moved by the test.
final class StampClock: Sendable {
    private let date: Mutex<Date>
    init(_ date: Date) { self.date = Mutex(date) }
    var now: Date { date.withLock { $0 } }
    func advance(by seconds: TimeInterval) { date.withLock { $0 += seconds } }
}

/// Steps that note how each round ended.
actor RoundLog: SyncRoundSteps {
    private(set) var finished: [String] = []

    nonisolated func roundFinished(_ result: Result<SyncReport, any Error>, wasInitial: Bool) async {
        await note(result, wasInitial: wasInitial)
    }

    private func note(_ result: Result<SyncReport, any Error>, wasInitial: Bool) {
        switch result {
        case .success: finished.append(wasInitial ? "success initial" : "success")
        case .failure: finished.append(wasInitial ? "failure initial" : "failure")
        }
    }
}
