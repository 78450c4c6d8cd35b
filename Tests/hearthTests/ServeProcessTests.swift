import Foundation
import HearthCloud
import HearthCloudModel
import HearthTestSupport
import Logging
import Testing

@Suite("hearth serve as a process", .serialized, .timeLimit(.minutes(10)))
struct ServeProcessTests {
    @Test("an acknowledged write survives kill -9 of the server")
    func durableAcrossKill() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = try await ServerProcess.running(dataDirectory: folder) { first in
            let session = try await first.signUpAndIn("durable@example.com")
            let records = (0..<50).map {
                CloudRecordOperation(
                    operationType: .create,
                    record: CloudRecord(recordName: "r\($0)", recordType: "Note", fields: ["n": .int64(Int64($0))]))
            }
            let saved = try await first.decoded(
                CloudRecordsModifyResponse.self, "/cloud/v1/private/records/modify",
                CloudRecordsModifyRequest(operations: records), token: session.token)
            #expect(saved.records.allSatisfy { $0.item != nil })
            let last = try await first.decoded(
                CloudRecordsModifyResponse.self, "/cloud/v1/private/records/modify",
                CloudRecordsModifyRequest(operations: [
                    CloudRecordOperation(
                        operationType: .create, record: CloudRecord(recordName: "last", recordType: "Note"))
                ]), token: session.token)
            #expect(last.records.first?.item != nil)
            await first.killHard()
            #expect(first.terminationReason == .uncaughtSignal)
            return session
        }

        try await ServerProcess.running(dataDirectory: folder) { second in
            // The session survived too: the token still works.
            let changes = try await second.decoded(
                CloudRecordChangesResponse.self, "/cloud/v1/private/records/changes",
                CloudRecordChangesRequest(resultsLimit: 1000), token: session.token)
            #expect(changes.records.count == 51)
            #expect(Set(changes.records.map(\.recordName)).contains("last"))
            // And the account: signing in again works.
            let again = try await second.decoded(
                CloudSession.self, "/cloud/v1/accounts/signin",
                CloudSignInRequest(emailAddress: "durable@example.com", password: "a long password"))
            #expect(again.userRecordName == session.userRecordName)
        }
    }

    @Test("two servers on one PostgreSQL are one service: a change through one is pushed by the other")
    func scaleOutPush() async throws {
        guard let base = ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"], !base.isEmpty else {
            try Test.cancel(
                "HEARTH_TEST_POSTGRES_URL is not set, so the two-process PostgreSQL test is skipped; start one with eval \"$(scripts/test-postgres.sh start)\"."
            )
        }
        let schema = "t_" + String(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))
        let url = base + (base.contains("?") ? "&" : "?") + "schema=\(schema)"
        let folders = [temporaryFolder(), temporaryFolder()]
        defer { for folder in folders { try? FileManager.default.removeItem(at: folder) } }
        do {
            try await scaleOut(url: url, folders: folders)
        } catch {
            try? await Self.dropSchema(base: base, schema: schema)
            throw error
        }
        try await Self.dropSchema(base: base, schema: schema)
    }

    private func scaleOut(url: String, folders: [URL]) async throws {
        try await ServerProcess.running(dataDirectory: folders[0], database: url) { east in
            try await ServerProcess.running(dataDirectory: folders[1], database: url) { west in
                // One set of accounts: sign up through one, sign in through the other.
                let (status, _) = try await east.send(
                    "/cloud/v1/accounts/signup",
                    CloudSignUpRequest(emailAddress: "scale@example.com", password: "a long password"))
                #expect(status == 201)
                let session = try await west.decoded(
                    CloudSession.self, "/cloud/v1/accounts/signin",
                    CloudSignInRequest(emailAddress: "scale@example.com", password: "a long password"))
                _ = try await west.decoded(
                    CloudSubscriptionsResponse.self, "/cloud/v1/private/subscriptions/modify",
                    CloudSubscriptionsModifyRequest(operations: [
                        CloudSubscriptionOperation(
                            operationType: .create,
                            subscription: CloudSubscription(subscriptionID: "all", subscriptionType: .database))
                    ]), token: session.token)

                let tablet = try await PushStream(port: west.port, token: session.token, device: "tablet")
                let phoneOnEast = try await PushStream(port: east.port, token: session.token, device: "phone")
                let write = CloudRecordsModifyRequest(operations: [
                    CloudRecordOperation(
                        operationType: .create, record: CloudRecord(recordName: "from-east", recordType: "Vehicle"))
                ])
                _ = try await east.decoded(
                    CloudRecordsModifyResponse.self, "/cloud/v1/private/records/modify", write, token: session.token,
                    device: "phone")
                let notification = try #require(
                    try await finishing("the notification reaches the other server", timeout: .seconds(60)) {
                        try await tablet.nextNotification()
                    })
                #expect(notification.subscriptionID == "all")
                #expect(notification.recordTypes == ["Vehicle"])
                #expect(notification.zoneIDs.first?.ownerRecordName == session.userRecordName)

                // The other way round; the phone hears of the tablet's change and never of its own.
                let back = CloudRecordsModifyRequest(operations: [
                    CloudRecordOperation(
                        operationType: .create, record: CloudRecord(recordName: "from-west", recordType: "Service"))
                ])
                _ = try await west.decoded(
                    CloudRecordsModifyResponse.self, "/cloud/v1/private/records/modify", back, token: session.token,
                    device: "tablet")
                let onPhone = try #require(
                    try await finishing("the notification reaches the first server", timeout: .seconds(60)) {
                        try await phoneOnEast.nextNotification()
                    })
                #expect(onPhone.recordTypes == ["Service"])
                // Both servers see both records.
                let seen = try await west.decoded(
                    CloudRecordsLookupResponse.self, "/cloud/v1/private/records/lookup",
                    CloudRecordsLookupRequest(records: [
                        CloudRecordLookup(recordName: "from-east"), CloudRecordLookup(recordName: "from-west"),
                    ]), token: session.token)
                #expect(seen.records.allSatisfy { $0.item != nil })
            }
        }
    }

    static func dropSchema(base: String, schema: String) async throws {
        var logger = Logger(label: "hearth.test")
        logger.logLevel = .error
        let store = try SQLRecordStore.postgres(
            url: base, schema: schema, maximumConnections: 1, leaseTimeout: .seconds(30), logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await store.run() }
            defer { group.cancelAll() }
            try await store.dropSchema()
        }
    }
}
