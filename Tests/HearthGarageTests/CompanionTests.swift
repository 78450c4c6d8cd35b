import Foundation
import GRDB
import HearthCore
import HearthTestSupport
import Testing

@testable import HearthGarage

/// A watch that can be switched off, remembering every context it was sent.
final class RecordingWatch: WatchTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var reachable: Bool
    private var received: [Data] = []

    init(reachable: Bool) { self.reachable = reachable }

    var contexts: [WidgetSnapshot] {
        lock.withLock { received }.map { try! JSONDecoder.hearth.decode(WidgetSnapshot.self, from: $0) }
    }

    func setReachable(_ value: Bool) { lock.withLock { reachable = value } }
    func isReachable() async -> Bool { lock.withLock { reachable } }
    func updateContext(_ context: Data) async throws { lock.withLock { received.append(context) } }
}

@Suite struct CompanionTests {
    @Test func theWidgetSnapshotIsWrittenWholeAndReadBack() async throws {
        let (store, _) = try TestSupport.store(now: TestSupport.date(2024, 3, 10))
        let civic = try await TestSupport.addCivic(store, mileage: 42_000)
        _ = try await store.addService(
            ServiceDraft(preset: "Oil Change", lastPerformed: TestSupport.day(2023, 8, 1), lastMileage: 37_500),
            to: civic.id)
        _ = try await store.addService(
            ServiceDraft(preset: "Tire Rotation", lastPerformed: TestSupport.day(2024, 1, 10), lastMileage: 41_000),
            to: civic.id)
        // no due values: not on the widget
        _ = try await store.addService(ServiceDraft(name: "Detailing"), to: civic.id)
        let folder = try TestSupport.temporaryDirectory()
        let url = folder.appendingPathComponent("group/widget.json")
        let service = WidgetDataService(store: store, fileURL: url)
        let written = try await service.writeSnapshot()
        let read = try WidgetDataService.read(from: url)
        #expect(read == written)
        #expect(read.version == 1)
        let entry = try #require(read.vehicles.first)
        #expect(entry.name == "Daily" && entry.mileage == 42_000 && entry.status == .overdue)
        #expect(entry.nextDue.map(\.name) == ["Oil Change", "Tire Rotation"])
        #expect(entry.nextDue.first?.daysLeft == -38)
        // Nothing but the file is left in the folder: the temporary file was renamed over it.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path) == ["widget.json"]
        )

        // Rewritten whole on each change; readers see the old or the new file, never a mix.
        _ = try await store.updateMileage(civic.id, to: 42_600)
        try await service.writeSnapshot()
        #expect(try WidgetDataService.read(from: url).vehicles.first?.mileage == 42_600)
    }

    @Test func widgetReadErrorsSayWhatIsWrong() throws {
        let folder = try TestSupport.temporaryDirectory()
        #expect(throws: ServiceError.self) {
            try WidgetDataService.read(from: folder.appendingPathComponent("none.json"))
        }
        let bad = folder.appendingPathComponent("bad.json")
        try Data("{\"version\":1}".utf8).write(to: bad)
        do {
            _ = try WidgetDataService.read(from: bad)
            Issue.record("expected an error")
        } catch let error as ServiceError {
            #expect(error.message.contains("is not a widget snapshot"))
        }
        let newer = folder.appendingPathComponent("newer.json")
        try Data("{\"version\":9,\"generatedAt\":\"2024-01-01T00:00:00Z\",\"vehicles\":[]}".utf8).write(to: newer)
        #expect(throws: ServiceError.self) { try WidgetDataService.read(from: newer) }
    }

    @Test func watchMessagesApplyExactlyOnceAndSurviveARestart() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let path = folder.appendingPathComponent("garage.sqlite")
        let clock = WallClock(TestSupport.date(2024, 3, 10))
        let watch = RecordingWatch(reachable: false)
        var store: GarageStore? = try GarageStore.open(at: path, timeZone: TestSupport.newYork, now: { clock.now })
        let civic = try await TestSupport.addCivic(store!, mileage: 42_000)
        let oil = try await store!.addService(ServiceDraft(preset: "Oil Change", lastMileage: 37_500), to: civic.id)

        // Messages queued on the watch while the phone was away arrive together; one arrives twice.
        let mileage = WatchMessage(
            id: "w-1", sentAt: TestSupport.date(2024, 3, 9),
            action: .updateMileage(vehicleID: civic.id, mileage: 42_300))
        let done = WatchMessage(
            id: "w-2", sentAt: TestSupport.date(2024, 3, 10, 8),
            action: .markServiceDone(serviceID: oil.id, mileage: nil, date: nil))
        let gone = WatchMessage(
            id: "w-3", sentAt: TestSupport.date(2024, 3, 10, 9), action: .updateMileage(vehicleID: UUID(), mileage: 1))
        // Stored before the phone stopped, not applied yet (as after a crash between receiving and applying).
        try await store!.write { tx in
            for message in [done, mileage] {
                try tx.db.execute(
                    sql:
                        "INSERT INTO garageWatchInbox (id, sentAt, payload, state, receivedAt) VALUES (?, ?, ?, 'pending', ?)",
                    arguments: [
                        message.id, message.sentAt,
                        String(decoding: try JSONEncoder.hearth.encode(message), as: UTF8.self), tx.now,
                    ]
                )
            }
        }
        store = nil

        // After the restart the pending messages apply, oldest first.
        let reopened = try GarageStore.open(at: path, timeZone: TestSupport.newYork, now: { clock.now })
        let service = WatchSessionService(store: reopened, transport: watch)
        let applied = try await service.applyPending()
        #expect(applied.map(\.message.id) == ["w-1", "w-2"])
        #expect(applied.allSatisfy { $0.state == .applied })
        // The same messages delivered again change nothing.
        #expect(try await service.receive(mileage).isEmpty)
        #expect(try await service.receive(done).isEmpty)
        let logs = try await reopened.logs(of: civic.id)
        #expect(logs.count == 1 && logs[0].mileageAtService == 42_300)
        let snapshots = try await reopened.snapshots(of: civic.id)
        #expect(snapshots.filter { $0.source == .watch }.map(\.mileage) == [42_300])
        #expect(try await reopened.vehicle(id: civic.id).currentMileage == 42_300)

        // A message about a vehicle that is gone is refused with the reason, and never retried.
        let refused = try await service.receive(gone)
        #expect(refused.map(\.state) == [.refused])
        #expect(refused.first?.error?.contains("was not found") == true)
        #expect(try await service.applyPending().isEmpty)
        #expect(try await service.inbox().map(\.state) == [.applied, .applied, .refused])
        await expectError("needs an id") {
            _ = try await service.receive(WatchMessage(id: " ", sentAt: Date(), action: gone.action))
        }
    }

    @Test func onlyTheLatestStateIsSentToTheWatch() async throws {
        let (store, _) = try TestSupport.store(now: TestSupport.date(2024, 3, 10))
        let civic = try await TestSupport.addCivic(store, mileage: 42_000)
        let watch = RecordingWatch(reachable: false)
        let service = WatchSessionService(store: store, transport: watch)
        try await service.publishState()
        _ = try await store.updateMileage(civic.id, to: 42_100)
        try await service.publishState()
        _ = try await store.updateMileage(civic.id, to: 42_200)
        try await service.publishState()
        #expect(watch.contexts.isEmpty)

        watch.setReachable(true)
        #expect(try await service.flush())
        #expect(watch.contexts.map { $0.vehicles.first?.mileage } == [42_200])
        // Sent once: nothing new, nothing sent.
        #expect(try await service.flush() == false)
        #expect(watch.contexts.count == 1)
    }

    @Test func theAppIconChoiceIsKept() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let path = folder.appendingPathComponent("garage.sqlite")
        let icons = AppIconService(store: try GarageStore.open(at: path))
        #expect(try await icons.current() == .standard)
        #expect(icons.icons().count == 5)
        #expect(try await icons.choose("MIDNIGHT").id == "midnight")
        await expectError("There is no icon called \"Neon\"") { _ = try await icons.choose("Neon") }
        #expect(try await AppIconService(store: try GarageStore.open(at: path)).current().id == "midnight")
        #expect(try await icons.choose("Garage Door").id == "garage-door")
    }
}
