import Foundation
import GRDB
import HearthCloud
import HearthCloudModel
import HearthCore
import HearthStore
import Testing

@testable import HearthSync

/// The engine when the server or the app refuses something, and when the account or the network changes.
extension SyncEngineTests {
    @Test func aRecordTheServerRefusesIsKeptAndReportedWhileOthersGo() async throws {
        let server = try await LiveServer.start(cloud: CloudConfiguration(maxRecordBytes: 2_000))
        defer { Task { await server.stop() } }
        let phone = try await Device.make(server, email: freshEmail(), signUp: true)
        try await phone.engine.sync()
        try await phone.store.save(Item(id: "big", title: String(repeating: "x", count: 5_000)))
        try await phone.store.save(Item(id: "small", title: "fits"))
        let report = try await phone.engine.sync()
        #expect(report.sentSaves == 1)
        #expect(report.pending == 1)
        #expect(report.problems.count == 1)
        #expect(report.problems.first?.contains("big") == true)
        #expect(report.problems.first?.contains("LIMIT_EXCEEDED") == true)
        guard case .error(let message) = phone.engine.currentStatus else {
            Issue.record("expected an error status, got \(phone.engine.currentStatus)")
            return
        }
        #expect(message.contains("big"))
        // Fixing the record sends it at once.
        try await phone.store.save(Item(id: "big", title: "short now"))
        let fixed = try await phone.engine.sync()
        #expect(fixed.sentSaves == 1)
        #expect(fixed.pending == 0)
        #expect(phone.engine.currentStatus == .synced)
    }

    @Test func aFetchedRecordTheAppCannotApplyIsKeptAsideAndRetried() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail()
        let phone = try await Device.make(server, email: email, signUp: true)
        try await phone.engine.sync()
        // Another client writes a record with a field of the wrong type, next to a good one.
        let zone = CloudZoneID(zoneName: "notes")
        _ = try await phone.client.privateDatabase.modifyRecords(
            CloudRecordsModifyRequest(
                zoneID: zone,
                operations: [
                    CloudRecordOperation(
                        operationType: .create,
                        record: CloudRecord(recordName: "bad", recordType: "Note", fields: ["title": .int64(5)])),
                    CloudRecordOperation(
                        operationType: .create,
                        record: CloudRecord(recordName: "good", recordType: "Note", fields: ["title": .string("fine")])),
                ]))
        let laptop = try await Device.make(server, email: email)
        let report = try await laptop.engine.sync()
        #expect(try await laptop.items().map(\.id) == ["good"])
        #expect(report.problems.contains { $0.contains("bad") && $0.contains("INT64") })
        guard case .error = laptop.engine.currentStatus else {
            Issue.record("expected an error status, got \(laptop.engine.currentStatus)")
            return
        }
        // The record is fixed on the server: the next fetch applies it and clears the problem.
        let current = try await phone.client.privateDatabase.lookupRecords(
            CloudRecordsLookupRequest(zoneID: zone, records: [CloudRecordLookup(recordName: "bad")]))
        var record = try #require(current.records.first?.item)
        record.fields["title"] = .string("repaired")
        _ = try await phone.client.privateDatabase.modifyRecords(
            CloudRecordsModifyRequest(
                zoneID: zone, operations: [CloudRecordOperation(operationType: .update, record: record)]))
        let again = try await laptop.engine.sync()
        #expect(again.problems.isEmpty)
        #expect(try await laptop.store.item("bad")?.title == "repaired")
        #expect(laptop.engine.currentStatus == .synced)
    }

    @Test func anAccountChangeClearsSyncStateButKeepsLocalData() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let first = freshEmail("first")
        let second = freshEmail("second")
        let other = CloudClient(
            configuration: CloudClientConfiguration(serverURL: server.url), httpClient: testHTTPClient)
        try await other.signUp(email: second, password: "long enough password")
        let device = try await Device.make(server, email: first, signUp: true)
        try await device.store.save(Item(id: "mine", title: "kept"))
        try await device.engine.sync()
        let events = device.engine.events()

        try await device.client.signIn(email: second, password: "long enough password")
        await device.engine.credentialsChanged()
        let report = try await device.engine.sync()
        #expect(try await device.items().map(\.id) == ["mine"])
        #expect(report.sentSaves == 1)
        let change = try await firstEvent(events) { event in
            if case .accountChanged(let from, let to) = event { return from != nil && from != to }
            return false
        }
        #expect(change != nil)
        // The second account now has the local data too.
        let fresh = try await Device.make(server, email: second)
        try await fresh.engine.sync()
        #expect(try await fresh.items().map(\.id) == ["mine"])
    }

    @Test func anUnreachableServerReportsOfflineAndKeepsChanges() async throws {
        let server = try await LiveServer.start()
        let device = try await Device.make(server, email: freshEmail(), signUp: true)
        try await device.engine.sync()
        await server.stop()
        try await device.store.save(Item(id: "kept", title: "while offline"))
        await #expect(throws: CloudTransportError.self) { try await device.engine.sync() }
        #expect(device.engine.currentStatus == .offline)
        #expect(try await device.engine.pendingChangeCount() == 1)
    }
}
