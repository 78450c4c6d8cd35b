import Foundation
import HTTPTypes
import HearthCloudModel
import HearthCore
import HearthTestSupport
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Testing

@testable import HearthSync

/// The client against a real server, and against a local HTTP server playing a misbehaving peer (a proxy
/// answering HTML, a throttling gateway without a HearthCloud body, a push channel that goes silent).
@Suite(.serialized, .timeLimit(.minutes(10))) struct CloudClientTests {
    @Test func typedErrorsFromARealServer() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let client = CloudClient(
            configuration: CloudClientConfiguration(serverURL: server.url), httpClient: testHTTPClient)
        // Not signed in.
        await #expect(throws: CloudError.self) { try await client.privateDatabase.zones() }
        do {
            _ = try await client.privateDatabase.zones()
        } catch let error as CloudError {
            #expect(error.serverErrorCode == .authenticationRequired)
            #expect(!error.reason.isEmpty)
        }
        try await client.signUp(email: freshEmail(), password: "long enough password")
        let caller = try await client.caller()
        #expect(!caller.userRecordName.isEmpty)
        // A stale change tag answers CONFLICT with the server's record.
        let zone = CloudZoneID(zoneName: "notes")
        _ = try await client.privateDatabase.modifyZones([
            CloudZoneOperation(operationType: .create, zone: CloudZone(zoneID: zone))
        ])
        let created = try await client.privateDatabase.modifyRecords(
            CloudRecordsModifyRequest(
                zoneID: zone,
                operations: [
                    CloudRecordOperation(
                        operationType: .create,
                        record: CloudRecord(recordName: "r1", recordType: "Note", fields: ["title": .string("one")]))
                ]))
        let saved = try #require(created.records.first?.item)
        _ = try await client.privateDatabase.modifyRecords(
            CloudRecordsModifyRequest(
                zoneID: zone,
                operations: [
                    CloudRecordOperation(
                        operationType: .update,
                        record: CloudRecord(
                            recordName: "r1", recordType: "Note", fields: ["title": .string("two")],
                            recordChangeTag: saved.recordChangeTag))
                ]))
        do {
            _ = try await client.privateDatabase.modifyRecords(
                CloudRecordsModifyRequest(
                    zoneID: zone,
                    operations: [
                        CloudRecordOperation(
                            operationType: .update,
                            record: CloudRecord(
                                recordName: "r1", recordType: "Note", fields: ["title": .string("three")],
                                recordChangeTag: saved.recordChangeTag))
                    ]))
            Issue.record("a stale change tag was accepted")
        } catch let error as CloudError {
            #expect(error.serverErrorCode == .conflict)
            #expect(error.serverRecord?.fields["title"] == .string("two"))
        }
        // Sign out revokes the token.
        try await client.signOut()
        #expect(client.token == nil)
    }

    @Test func everyRouteRoundTrips() async throws {
        guard let mail = try await SMTPTestServer.start() else { return }
        defer { Task { await mail.stop() } }
        let server = try await LiveServer.start(smtpURL: "smtp://127.0.0.1:\(mail.port)?starttls=off")
        defer { Task { await server.stop() } }
        let ownerEmail = freshEmail("owner")
        let guestEmail = freshEmail("guest")
        let owner = CloudClient(
            configuration: CloudClientConfiguration(serverURL: server.url), httpClient: testHTTPClient)
        try await owner.signUp(email: ownerEmail, password: "long enough password")
        let guest = CloudClient(
            configuration: CloudClientConfiguration(serverURL: server.url), httpClient: testHTTPClient)
        let guestSession = try await guest.signUp(email: guestEmail, password: "long enough password")
        let database = owner.privateDatabase
        let zone = CloudZoneID(zoneName: "library")

        // Zones.
        let made = try await database.modifyZones([
            CloudZoneOperation(operationType: .create, zone: CloudZone(zoneID: zone))
        ])
        #expect(made.first?.item?.zoneID.zoneName == "library")
        #expect(try await database.zones().map(\.zoneID.zoneName).contains("library"))

        // Assets: upload, refer to, download.
        let bytes = Data("a small cover image".utf8)
        let asset = try await owner.uploadAsset(bytes)
        #expect(asset.size == Int64(bytes.count))
        #expect(try await owner.downloadAsset(checksum: asset.fileChecksum) == bytes)

        // Records: modify, lookup, query, changes (one zone and several).
        let saved = try await database.modifyRecords(
            CloudRecordsModifyRequest(
                zoneID: zone,
                operations: [
                    CloudRecordOperation(
                        operationType: .create,
                        record: CloudRecord(
                            recordName: "b1", recordType: "Book",
                            fields: ["title": .string("Dune"), "year": .int64(1965), "cover": .asset(asset)])),
                    CloudRecordOperation(
                        operationType: .create,
                        record: CloudRecord(
                            recordName: "b2", recordType: "Book",
                            fields: ["title": .string("Emma"), "year": .int64(1815)])),
                ]))
        #expect(saved.records.allSatisfy { $0.item != nil })
        let looked = try await database.lookupRecords(
            CloudRecordsLookupRequest(
                zoneID: zone, records: [CloudRecordLookup(recordName: "b1"), CloudRecordLookup(recordName: "missing")]))
        #expect(looked.records.first?.item?.fields["title"] == .string("Dune"))
        #expect(looked.records.last?.error?.serverErrorCode == .notFound)
        let query = try await database.queryRecords(
            CloudRecordsQueryRequest(
                zoneID: zone,
                query: CloudQuery(
                    recordType: "Book",
                    filterBy: [CloudQueryFilter(fieldName: "year", comparator: .lessThan, fieldValue: .int64(1900))],
                    sortBy: [CloudQuerySort(fieldName: "title")])))
        #expect(query.records.map(\.recordName) == ["b2"])
        let changes = try await database.recordChanges(CloudRecordChangesRequest(zoneID: zone))
        #expect(Set(changes.records.map(\.recordName)) == ["b1", "b2"])
        let several = try await database.zoneChanges(
            CloudZoneChangesRequest(zones: [CloudZoneChangesQuery(zoneID: zone, syncToken: changes.syncToken)]))
        #expect(several.zones.first?.item?.records.isEmpty == true)
        let databaseChanges = try await database.databaseChanges(since: nil)
        #expect(databaseChanges.zones.contains { $0.zoneID.zoneName == "library" })

        // Subscriptions.
        _ = try await database.modifySubscriptions(
            CloudSubscriptionsModifyRequest(operations: [
                CloudSubscriptionOperation(
                    operationType: .create,
                    subscription: CloudSubscription(subscriptionID: "books", subscriptionType: .zone, zoneID: zone))
            ]))
        #expect(try await database.subscriptions().map(\.subscriptionID) == ["books"])

        // Shares: create, invite, look up, change the link, list, accept, leave, remove, delete.
        let share = try await database.createShare(CloudShareCreateRequest(zoneID: zone, rootRecordName: "b1"))
        let invited = try await database.addParticipants(
            CloudParticipantsAddRequest(
                zoneID: zone, shareName: share.shareName,
                participants: [
                    CloudParticipantInvite(emailAddress: guestEmail, permission: .readOnly)
                ]))
        #expect(invited.participants.count == 2)
        // The invitation is the guest's once the guest proves the address with the emailed code.
        #expect(try await guest.invitations().isEmpty)
        #expect(try await guest.requestVerification().emailAddress == guestEmail)
        #expect(try await guest.confirmVerification(code: try await Self.code(in: mail, 1)).emailVerified)
        #expect(try await guest.invitations().map(\.shareName) == [share.shareName])
        #expect(
            try await database.lookupShare(CloudShareReference(zoneID: zone, shareName: share.shareName)).rootRecordName
                == "b1")
        let linked = try await database.updateShare(
            CloudShareUpdateRequest(zoneID: zone, shareName: share.shareName, publicPermission: .readOnly))
        #expect(linked.publicPermission == .readOnly)
        #expect(try await database.shares().count == 1)
        _ = try await guest.acceptShare(token: share.shareToken)
        let sharedZone = CloudZoneID(zoneName: "library", ownerRecordName: try await owner.caller().userRecordName)
        let visible = try await guest.sharedDatabase.recordChanges(CloudRecordChangesRequest(zoneID: sharedZone))
        #expect(visible.records.map(\.recordName) == ["b1"])
        try await guest.sharedDatabase.leaveShare(CloudShareReference(zoneID: sharedZone, shareName: share.shareName))
        let guestParticipant = try #require(
            invited.participants.first {
                $0.userRecordName == guestSession.userRecordName || $0.emailAddress == guestEmail
            })
        let removed = try await database.removeParticipants(
            CloudParticipantsRemoveRequest(
                zoneID: zone, shareName: share.shareName, participantIDs: [guestParticipant.participantID]))
        #expect(
            removed.participants.allSatisfy {
                $0.participantID != guestParticipant.participantID || $0.acceptanceStatus == .removed
            })
        try await database.deleteShare(CloudShareReference(zoneID: zone, shareName: share.shareName))
        #expect(try await database.shares().isEmpty)

        // Deleting the zone.
        let deleted = try await database.modifyZones([
            CloudZoneOperation(operationType: .delete, zone: CloudZone(zoneID: zone))
        ])
        #expect(deleted.first?.error == nil)

        // Passwords and sessions: change, reset by the emailed code, sign out everywhere.
        try await guest.changePassword(current: "long enough password", new: "battery staple horse")
        #expect(try await guest.requestPasswordReset(email: guestEmail).emailAddress == guestEmail)
        let resetCode = try await Self.code(in: mail, 2)
        try await guest.resetPassword(email: guestEmail, code: resetCode, newPassword: "correct horse battery")
        await #expect(throws: CloudError.self) { _ = try await guest.caller() }
        try await guest.signIn(email: guestEmail, password: "correct horse battery")
        try await guest.signOutEverywhere()
        await #expect(throws: CloudError.self) { _ = try await guest.caller() }
    }

    /// The six digits in the `number`th message the mail server received.
    static func code(in mail: SMTPTestServer, _ number: Int) async throws -> String {
        let text = try #require(try await mail.message(number).text)
        return try #require(text.firstMatch(of: /\b(\d{6})\b/)).1.description
    }

    @Test func pushChannelTellsOtherDevicesOnly() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail()
        let writer = CloudClient(
            configuration: CloudClientConfiguration(serverURL: server.url, deviceID: "writer"),
            httpClient: testHTTPClient)
        try await writer.signUp(email: email, password: "long enough password")
        let listener = CloudClient(
            configuration: CloudClientConfiguration(serverURL: server.url, deviceID: "listener"),
            httpClient: testHTTPClient)
        try await listener.signIn(email: email, password: "long enough password")
        let zone = CloudZoneID(zoneName: "notes")
        _ = try await writer.privateDatabase.modifyZones([
            CloudZoneOperation(operationType: .create, zone: CloudZone(zoneID: zone))
        ])
        _ = try await writer.privateDatabase.modifySubscriptions(
            CloudSubscriptionsModifyRequest(operations: [
                CloudSubscriptionOperation(
                    operationType: .create,
                    subscription: CloudSubscription(subscriptionID: "all", subscriptionType: .database))
            ]))

        var listening = listener.pushEvents().makeAsyncIterator()
        var writing = writer.pushEvents().makeAsyncIterator()
        #expect(try await listening.next() == .connected)
        #expect(try await writing.next() == .connected)
        _ = try await writer.privateDatabase.modifyRecords(
            CloudRecordsModifyRequest(
                zoneID: zone,
                operations: [
                    CloudRecordOperation(
                        operationType: .create, record: CloudRecord(recordName: "r1", recordType: "Note", fields: [:]))
                ]))
        guard case .notification(let notification)? = try await listening.next() else {
            Issue.record("no notification")
            return
        }
        #expect(notification.zoneIDs.map(\.zoneName) == ["notes"])
        #expect(notification.databaseScope == .private)
        // The writer is not told of its own change: its next message is a later change by the listener.
        _ = try await listener.privateDatabase.modifyRecords(
            CloudRecordsModifyRequest(
                zoneID: zone,
                operations: [
                    CloudRecordOperation(
                        operationType: .create, record: CloudRecord(recordName: "r2", recordType: "Memo", fields: [:]))
                ]))
        guard case .notification(let second)? = try await writing.next() else {
            Issue.record("no notification for the writer")
            return
        }
        #expect(second.zoneIDs.map(\.zoneName) == ["notes"])
        #expect(second.recordTypes == ["Memo"])
    }

    @Test func serverURLsAreChecked() throws {
        #expect(throws: CloudTransportError.self) { try CloudClientConfiguration.server("not a url") }
        #expect(throws: CloudTransportError.self) { try CloudClientConfiguration.server("ftp://example.com") }
        let good = try CloudClientConfiguration.server("http://127.0.0.1:8080/")
        #expect(good.url("private/zones/list") == "http://127.0.0.1:8080/cloud/v1/private/zones/list")
    }

    @Test func aPeerThatIsNotAHearthServerGivesClearErrors() async throws {
        let peer = try await FakePeer.start()
        defer { Task { await peer.stop() } }
        let client = CloudClient(
            configuration: CloudClientConfiguration(serverURL: peer.url), httpClient: testHTTPClient, token: "t")

        // A proxy's HTML error page.
        do {
            _ = try await client.database(.private).zones()
            Issue.record("an HTML page was accepted")
        } catch let error as CloudTransportError {
            #expect(error.code == .invalidResponse)
            #expect(error.message.contains("502"))
        }
        // A gateway throttling without a HearthCloud body: still THROTTLED, with its Retry-After.
        do {
            _ = try await client.caller()
            Issue.record("a 429 was accepted")
        } catch let error as CloudError {
            #expect(error.serverErrorCode == .throttled)
            #expect(error.retryAfter == 7)
        }
        // A 200 whose body is not the API's JSON.
        do {
            _ = try await client.database(.shared).zones()
            Issue.record("a wrong body was accepted")
        } catch let error as CloudTransportError {
            #expect(error.code == .invalidResponse)
        }
        // A push channel that opens and then goes silent is dropped after the idle timeout (45 s), which a
        // watchdog checks every third of it on the client's clock: still open after 45 s of silence, dropped
        // at the look after that.
        let clock = ManualClock()
        let silent = CloudClient(
            configuration: CloudClientConfiguration(serverURL: peer.url), httpClient: testHTTPClient, token: "t",
            clock: clock)
        var events = silent.pushEvents().makeAsyncIterator()
        #expect(try await events.next() == .connected)
        for _ in 1...3 { try await clock.advance(pastWaitOf: .seconds(15)) }
        try await clock.advance(pastWaitOf: .seconds(15))
        await #expect(throws: CloudTransportError.self) { _ = try await events.next() }
    }

    @Test func aServerThatIsNotThereIsReportedAsUnreachable() async throws {
        let client = CloudClient(
            configuration: CloudClientConfiguration(serverURL: URL(string: "http://127.0.0.1:1")!),
            httpClient: testHTTPClient, token: "t")
        do {
            _ = try await client.caller()
            Issue.record("a closed port answered")
        } catch let error as CloudTransportError {
            #expect(error.code == .unreachable)
        }
    }
}

/// A local HTTP server playing a peer that is not a Hearth server.
final class FakePeer: Sendable {
    let port: Int
    private let group: ServiceGroup
    private let task: Task<Void, any Error>
    /// The push channel stays open, silent, until this clock moves.
    private let hold: ManualClock

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private init(port: Int, group: ServiceGroup, task: Task<Void, any Error>, hold: ManualClock) {
        self.port = port
        self.group = group
        self.task = task
        self.hold = hold
    }

    static func start() async throws -> FakePeer {
        let router = Router()
        let hold = ManualClock()
        router.post("/cloud/v1/private/zones/list") { _, _ in
            Response(
                status: .badGateway, headers: [.contentType: "text/html"],
                body: .init(byteBuffer: ByteBuffer(string: "<html><body>502 Bad Gateway</body></html>")))
        }
        router.get("/cloud/v1/accounts/caller") { _, _ in
            Response(
                status: .tooManyRequests, headers: [.retryAfter: "7"],
                body: .init(byteBuffer: ByteBuffer(string: "slow down")))
        }
        router.post("/cloud/v1/shared/zones/list") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: "{\"unexpected\": true}")))
        }
        router.get("/cloud/v1/push") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/event-stream"],
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: "event: ready\ndata: {}\n\n"))
                    try await hold.sleep(until: ManualClock.Instant(offset: .seconds(1)), tolerance: nil)
                    try await writer.finish(nil)
                })
        }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "fake-peer")
        logger.logLevel = .critical
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { continuation.yield($0.localAddress?.port ?? 0) }, logger: logger)
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [app], logger: logger))
        let task = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        return FakePeer(port: port, group: group, task: task, hold: hold)
    }

    func stop() async {
        hold.advance(by: .seconds(1))
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }
}
