import Foundation
import GRDB
import HearthCloud
import HearthCloudModel
import HearthCore
import HearthStore
import HearthTestSupport
import Testing

@testable import HearthSync

/// Two devices (two app databases) against a real HearthCloud server on loopback.
@Suite(.serialized, .timeLimit(.minutes(10))) struct SyncEngineTests {
    @Test func twoDevicesConverge() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail()
        let phone = try await Device.make(server, email: email, signUp: true)
        let laptop = try await Device.make(server, email: email)

        // Data made before sync was turned on is uploaded at the first sign-in.
        try await phone.store.save(Item(id: "a1", title: "groceries"))
        try await phone.engine.sync()
        for index in 2...4 { try await phone.store.save(Item(id: "a\(index)", title: "phone \(index)")) }
        for index in 1...3 { try await laptop.store.save(Item(id: "b\(index)", title: "laptop \(index)")) }

        let phoneReport = try await phone.engine.sync()
        #expect(phoneReport.sentSaves == 3)
        let laptopReport = try await laptop.engine.sync()
        #expect(laptopReport.receivedSaves == 4)
        #expect(laptopReport.sentSaves == 3)
        try await phone.engine.sync()
        #expect(try await sameItems(phone, laptop))
        #expect(try await phone.items().count == 7)

        // A deletion travels too.
        try await laptop.store.delete("a1")
        try await laptop.engine.sync()
        let received = try await phone.engine.sync()
        #expect(received.receivedDeletions == 1)
        #expect(try await phone.store.item("a1") == nil)
        #expect(try await sameItems(phone, laptop))
        #expect(try await phone.engine.pendingChangeCount() == 0)
        #expect(phone.engine.currentStatus == .synced)
    }

    @Test func pushChannelDeliversEditsToARunningDevice() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail()
        let phone = try await Device.make(server, email: email, signUp: true)
        let laptop = try await Device.make(server, email: email)
        let phoneTask = runInBackground(phone.engine)
        let laptopTask = runInBackground(laptop.engine)
        defer {
            phoneTask.cancel()
            laptopTask.cancel()
        }
        try await waitUntil("both devices are synced", timeout: .seconds(60)) {
            phone.engine.currentStatus == SyncStatus.synced && laptop.engine.currentStatus == SyncStatus.synced
        }

        let events = laptop.engine.events()
        try await phone.store.save(Item(id: "n1", title: "pushed"))
        try await waitUntil("the laptop has the phone's note, pushed", timeout: .seconds(60)) {
            try await laptop.store.item("n1")?.title == "pushed"
        }
        let fetched = try await firstEvent(events) { event in
            if case .fetched(_, let saved, _) = event { return saved.contains { $0.recordName == "n1" } }
            return false
        }
        #expect(fetched != nil)

        try await laptop.store.save(Item(id: "n1", title: "pushed", body: "edited on the laptop"))
        try await waitUntil("the phone has the laptop's edit", timeout: .seconds(60)) {
            try await phone.store.item("n1")?.body == "edited on the laptop"
        }
        try await waitUntil("neither device has anything left to send", timeout: .seconds(60)) {
            let phonePending = try await phone.engine.pendingChangeCount()
            let laptopPending = try await laptop.engine.pendingChangeCount()
            return phonePending == 0 && laptopPending == 0
        }
    }

    @Test func quickEditsGoOutTogetherAfterTheDebounceAndStatusFollows() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let phone = try await Device.make(
            server, email: freshEmail(), signUp: true, configure: { $0.configuration(debounce: .milliseconds(300)) })
        let statuses = Locked<[SyncStatus]>([])
        let watcher = Task {
            for try await status in phone.engine.status { statuses.withLock { $0.append(status) } }
        }
        defer { watcher.cancel() }
        let task = runInBackground(phone.engine)
        defer { task.cancel() }
        try await waitUntil("the phone is synced", timeout: .seconds(60)) { phone.engine.currentStatus == .synced }
        let events = phone.engine.events()
        for index in 0..<5 { try await phone.store.save(Item(id: "quick-\(index)", title: "\(index)")) }
        let sent = try await firstEvent(events) { event in
            if case .sent = event { return true }
            return false
        }
        guard case .sent(_, _, let saved, _)? = sent else {
            Issue.record("nothing was sent")
            return
        }
        // All five edits went out in the one batch the debounce gathered.
        #expect(saved.count == 5)
        try await waitUntil("the phone is synced", timeout: .seconds(60)) { phone.engine.currentStatus == .synced }
        // The watcher hears the stream a moment after the engine sets its status.
        try await waitUntil("the last status the phone reported is synced", timeout: .seconds(60)) {
            statuses.current.last == .synced
        }
        #expect(statuses.current.contains(.syncing))
    }

    @Test func changesQueuedByAnotherProcessAreNoticedAndSent() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let file = scratchDirectory("hearth-sync").appendingPathExtension("sqlite")
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
        }
        let email = freshEmail()
        let phone = try await Device.make(
            server, email: email, signUp: true,
            configure: {
                var configuration = $0.configuration()
                configuration.externalChangePollInterval = .milliseconds(100)
                return configuration
            }, databaseURL: file)
        let task = runInBackground(phone.engine)
        defer { task.cancel() }
        try await waitUntil("the phone is synced", timeout: .seconds(60)) { phone.engine.currentStatus == .synced }

        // Another process (its own connection pool on the same file) writes through the same store code.
        let otherDatabase = try AppDatabase.open(at: file, schemas: [NotesSchema.self, SyncSchema.self])
        let delegate = NotesDelegate()
        let other = NotesStore(
            database: otherDatabase, outbox: SyncOutbox(configuration: delegate.configuration(), delegate: delegate))
        try await other.save(Item(id: "from-another-process", title: "widget"))

        try await waitUntil("the phone has nothing left to send", timeout: .seconds(60)) {
            try await phone.engine.pendingChangeCount() == 0
        }
        let laptop = try await Device.make(server, email: email)
        try await laptop.engine.sync()
        #expect(try await laptop.store.item("from-another-process")?.title == "widget")
    }

    @Test func concurrentEditsOfDifferentFieldsBothSurvive() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail()
        let phone = try await Device.make(server, email: email, signUp: true)
        let laptop = try await Device.make(server, email: email)
        try await phone.store.save(Item(id: "n1", title: "title", body: "body"))
        try await phone.engine.sync()
        try await laptop.engine.sync()

        // Both edit while neither syncs.
        try await phone.store.save(Item(id: "n1", title: "phone title", body: "body"))
        try await laptop.store.save(Item(id: "n1", title: "title", body: "laptop body"))
        try await phone.engine.sync()
        let report = try await laptop.engine.sync()
        #expect(report.conflictsResolved >= 1)
        try await phone.engine.sync()

        let expected = Item(id: "n1", title: "phone title", body: "laptop body")
        #expect(try await phone.store.item("n1") == expected)
        #expect(try await laptop.store.item("n1") == expected)
        let onServer = try await phone.client.privateDatabase.lookupRecords(
            CloudRecordsLookupRequest(
                zoneID: CloudZoneID(zoneName: "notes"), records: [CloudRecordLookup(recordName: "n1")]))
        let record = try #require(onServer.records.first?.item)
        #expect(record.fields["title"] == .string("phone title"))
        #expect(record.fields["body"] == .string("laptop body"))
    }

    @Test func sameFieldEditsFollowEachTypesPolicy() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail()
        let phone = try await Device.make(server, email: email, signUp: true)
        let laptop = try await Device.make(server, email: email)
        let start = Date()
        for type in ["Note", "Memo", "Draft"] {
            try await phone.store.save(Item(id: type.lowercased(), type: type, title: "original"), at: start)
        }
        try await phone.engine.sync()
        try await laptop.engine.sync()

        // The phone edits last (by the clock) but sends first; the laptop edits earlier and sends second.
        for type in ["Note", "Memo", "Draft"] {
            try await laptop.store.save(
                Item(id: type.lowercased(), type: type, title: "laptop"), at: start.addingTimeInterval(10))
            try await phone.store.save(
                Item(id: type.lowercased(), type: type, title: "phone"), at: start.addingTimeInterval(20))
        }
        try await phone.engine.sync()
        try await laptop.engine.sync()
        try await phone.engine.sync()

        // Last writer wins: the phone's later edit, although the laptop sent last.
        #expect(try await laptop.store.item("note")?.title == "phone")
        // Server wins: the laptop (second to send) takes the server's version.
        #expect(try await laptop.store.item("memo")?.title == "phone")
        // Client wins: the laptop (second to send) overwrites the server.
        #expect(try await laptop.store.item("draft")?.title == "laptop")
        #expect(try await sameItems(phone, laptop))
    }

    @Test func customMergeIsGivenTheRightAncestor() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail()
        let phone = try await Device.make(server, email: email, signUp: true)
        let laptop = try await Device.make(server, email: email)
        try await phone.store.save(Item(id: "t1", type: "Tally", title: "cups", count: 10))
        try await phone.engine.sync()
        try await laptop.engine.sync()

        try await phone.store.save(Item(id: "t1", type: "Tally", title: "cups", count: 15))
        try await laptop.store.save(Item(id: "t1", type: "Tally", title: "cups", count: 13))
        try await phone.engine.sync()
        try await laptop.engine.sync()
        try await phone.engine.sync()

        let merges = laptop.delegate.merges.current
        #expect(merges.count == 1)
        let merge = try #require(merges.first)
        #expect(merge.ancestor?.fields["count"] == .int64(10))
        #expect(merge.client.fields["count"] == .int64(13))
        #expect(merge.server.fields["count"] == .int64(15))
        #expect(try await laptop.store.item("t1")?.count == 18)
        #expect(try await phone.store.item("t1")?.count == 18)
        #expect(phone.delegate.merges.current.isEmpty)

        // The next conflict merges against the new common version, not the first one.
        try await phone.store.save(Item(id: "t1", type: "Tally", title: "cups", count: 20))
        try await laptop.store.save(Item(id: "t1", type: "Tally", title: "cups", count: 19))
        try await phone.engine.sync()
        try await laptop.engine.sync()
        try await phone.engine.sync()
        #expect(laptop.delegate.merges.current.last?.ancestor?.fields["count"] == .int64(18))
        #expect(try await phone.store.item("t1")?.count == 21)
        #expect(try await laptop.store.item("t1")?.count == 21)
    }

    @Test func offlineEditsAreSentOnReconnect() async throws {
        var server = try await LiveServer.start()
        let email = freshEmail()
        let phone = try await Device.make(server, email: email, signUp: true)
        let task = runInBackground(phone.engine)
        defer { task.cancel() }
        try await waitUntil("the phone is synced", timeout: .seconds(60)) { phone.engine.currentStatus == .synced }

        await server.stop()
        try await phone.store.save(Item(id: "offline-1", title: "written offline"))
        try await phone.store.save(Item(id: "offline-2", title: "also offline"))
        try await waitUntil("the phone is offline", timeout: .seconds(60)) { phone.engine.currentStatus == .offline }
        #expect(try await phone.engine.pendingChangeCount() == 2)

        server = try await server.restart()
        defer { Task { [server] in await server.stop() } }
        try await waitUntil("the phone has sent what it queued while the server was down", timeout: .seconds(30)) {
            try await phone.engine.pendingChangeCount() == 0
        }
        let laptop = try await Device.make(server, email: email)
        try await laptop.engine.sync()
        #expect(try await laptop.items().map(\.id) == ["offline-1", "offline-2"])
        try await waitUntil("the phone is synced", timeout: .seconds(60)) { phone.engine.currentStatus == .synced }
    }

    @Test func aThrottlingServerLosesNothing() async throws {
        let server = try await LiveServer.start(cloud: CloudConfiguration(requestsPerSecond: 4, burst: 4))
        defer { Task { await server.stop() } }
        let email = freshEmail()
        let phone = try await Device.make(
            server, email: email, signUp: true,
            configure: { $0.configuration(debounce: .milliseconds(5), maxBatchSize: 3) })
        let laptop = try await Device.make(
            server, email: email, configure: { $0.configuration(debounce: .milliseconds(5), maxBatchSize: 3) })
        let throttles = Locked(0)
        let events = phone.engine.events()
        let counter = Task {
            for await event in events { if case .throttled = event { throttles.withLock { $0 += 1 } } }
        }
        defer { counter.cancel() }
        let phoneTask = runInBackground(phone.engine)
        let laptopTask = runInBackground(laptop.engine)
        defer {
            phoneTask.cancel()
            laptopTask.cancel()
        }

        for index in 0..<30 {
            try await phone.store.save(Item(id: String(format: "item-%02d", index), title: "item \(index)"))
        }
        try await waitUntil("the laptop has all 30 items and the phone nothing left to send", timeout: .seconds(60)) {
            let count = try await laptop.items().count
            let pending = try await phone.engine.pendingChangeCount()
            return count == 30 && pending == 0
        }
        #expect(throttles.current > 0, "the server never throttled, so the test proved nothing")
        #expect(try await sameItems(phone, laptop))
    }

    @Test func tokenExpiryResynchronisesIncludingDeletions() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail()
        let phone = try await Device.make(server, email: email, signUp: true)
        let laptop = try await Device.make(server, email: email)
        for index in 1...5 { try await phone.store.save(Item(id: "n\(index)", title: "note \(index)")) }
        try await phone.engine.sync()
        try await laptop.engine.sync()
        #expect(try await laptop.items().count == 5)

        // The laptop is away while the phone deletes and edits, and the server compacts the deletions.
        try await laptop.store.save(Item(id: "n6", title: "written on the laptop meanwhile"))
        try await phone.store.delete("n1")
        try await phone.store.delete("n2")
        try await phone.store.save(Item(id: "n3", title: "note 3 edited"))
        try await phone.engine.sync()
        let compaction = try await server.compactTombstones()
        #expect(compaction.tombstonesRemoved == 2)

        let report = try await laptop.engine.sync()
        #expect(report.refetchedZones == 1)
        #expect(try await laptop.items().map(\.id) == ["n3", "n4", "n5", "n6"])
        #expect(try await laptop.store.item("n3")?.title == "note 3 edited")
        try await phone.engine.sync()
        #expect(try await sameItems(phone, laptop))
        // Afterwards the laptop syncs incrementally again.
        try await phone.store.delete("n4")
        try await phone.engine.sync()
        let next = try await laptop.engine.sync()
        #expect(next.refetchedZones == 0)
        #expect(next.receivedDeletions == 1)
    }

    @Test func oversizedBatchesAreHalved() async throws {
        let server = try await LiveServer.start(cloud: CloudConfiguration(maxOperationsPerRequest: 10))
        defer { Task { await server.stop() } }
        let phone = try await Device.make(server, email: freshEmail(), signUp: true)
        try await phone.engine.sync()
        for index in 0..<35 { try await phone.store.save(Item(id: String(format: "n%02d", index), title: "\(index)")) }
        let report = try await phone.engine.sync()
        #expect(report.sentSaves == 35)
        #expect(report.sentBatches >= 4)
        #expect(report.pending == 0)
    }
}

/// Whether both devices hold the same items.
func sameItems(_ first: Device, _ second: Device) async throws -> Bool {
    let one = try await first.items()
    let two = try await second.items()
    return one == two
}
