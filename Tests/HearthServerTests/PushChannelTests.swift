import AsyncHTTPClient
import Foundation
import HearthCloud
import HearthCloudModel
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HearthServer

@Suite("Push channel", .timeLimit(.minutes(10)))
struct PushChannelTests {
    @Test("changes reach the owner's other devices and the participants, never the device that made them")
    func pushSkipsTheOriginDevice() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let (ann, annID) = try await signUp(client, "ann")
            let (bob, _) = try await signUp(client, "bob")
            let subscribe = { (token: String, scope: String) in
                try await post(
                    client, "/cloud/v1/\(scope)/subscriptions/modify", token,
                    CloudSubscriptionsModifyRequest(operations: [
                        CloudSubscriptionOperation(
                            operationType: .create,
                            subscription: CloudSubscription(subscriptionID: "everything", subscriptionType: .database))
                    ]))
            }
            #expect(try await subscribe(ann, "private").status == .ok)
            #expect(try await subscribe(bob, "shared").status == .ok)
            let share = try decode(
                CloudShare.self,
                try await post(
                    client, "/cloud/v1/private/shares/create", ann, CloudShareCreateRequest(publicPermission: .readOnly)
                ))
            #expect(
                try await post(
                    client, "/cloud/v1/shares/accept", bob, CloudShareAcceptRequest(shareToken: share.shareToken)
                ).status == .ok)

            let phone = try await openPush(port: port, token: ann, device: "phone")
            let laptop = try await openPush(port: port, token: ann, device: "laptop")
            let bobPhone = try await openPush(port: port, token: bob, device: "bob-phone")

            let fromPhone = CloudRecordsModifyRequest(operations: [
                CloudRecordOperation(operationType: .create, record: CloudRecord(recordName: "n1", recordType: "Note"))
            ])
            #expect(
                try await post(client, "/cloud/v1/private/records/modify", ann, fromPhone, device: "phone").status
                    == .ok)
            let onLaptop = try #require(try await laptop.nextNotification())
            #expect(onLaptop.subscriptionID == "everything")
            #expect(onLaptop.databaseScope == .private)
            #expect(onLaptop.zoneIDs == [CloudZoneID(zoneName: "_defaultZone", ownerRecordName: annID)])
            #expect(onLaptop.recordTypes == ["Note"])
            let onBob = try #require(try await bobPhone.nextNotification())
            #expect(onBob.databaseScope == .shared)
            #expect(onBob.zoneIDs == [CloudZoneID(zoneName: "_defaultZone", ownerRecordName: annID)])

            // The phone was not told of its own change: the first thing it hears of is the laptop's.
            let fromLaptop = CloudRecordsModifyRequest(operations: [
                CloudRecordOperation(operationType: .create, record: CloudRecord(recordName: "p1", recordType: "Pet"))
            ])
            #expect(
                try await post(client, "/cloud/v1/private/records/modify", ann, fromLaptop, device: "laptop").status
                    == .ok)
            let onPhone = try #require(try await phone.nextNotification())
            #expect(onPhone.recordTypes == ["Pet"])
        }
    }

    @Test("a query subscription with filters fires only for matching records, and for deletions")
    func querySubscriptionsFilter() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let (ann, _) = try await signUp(client, "ann")
            let oil = CloudQueryFilter(fieldName: "kind", comparator: .equals, fieldValue: .string("oil"))
            let created = try decode(
                CloudSubscriptionsResponse.self,
                try await post(
                    client, "/cloud/v1/private/subscriptions/modify", ann,
                    CloudSubscriptionsModifyRequest(operations: [
                        CloudSubscriptionOperation(
                            operationType: .create,
                            subscription: CloudSubscription(
                                subscriptionID: "oil", subscriptionType: .query, recordType: "Service", filterBy: [oil])
                        ),
                        CloudSubscriptionOperation(
                            operationType: .create,
                            subscription: CloudSubscription(
                                subscriptionID: "pets", subscriptionType: .query, recordType: "Pet")),
                        CloudSubscriptionOperation(
                            operationType: .create,
                            subscription: CloudSubscription(
                                subscriptionID: "bad", subscriptionType: .database, filterBy: [oil])),
                        CloudSubscriptionOperation(
                            operationType: .create,
                            subscription: CloudSubscription(
                                subscriptionID: "worse", subscriptionType: .query, recordType: "Service",
                                filterBy: [
                                    CloudQueryFilter(fieldName: "kind", comparator: .in, fieldValue: .string("oil"))
                                ])),
                    ])))
            #expect(created.subscriptions.map { $0.item?.subscriptionID } == ["oil", "pets", nil, nil])
            #expect(
                created.subscriptions[2].error?.reason.contains("filterBy applies to query subscriptions only") == true)
            #expect(created.subscriptions[3].error?.reason.contains("IN needs a list value") == true)

            let laptop = try await openPush(port: port, token: ann, device: "laptop")
            func modify(_ operations: [CloudRecordOperation]) async throws {
                #expect(
                    try await post(
                        client, "/cloud/v1/private/records/modify", ann,
                        CloudRecordsModifyRequest(operations: operations), device: "phone"
                    ).status == .ok)
            }
            func service(_ name: String, _ kind: String) -> CloudRecord {
                CloudRecord(recordName: name, recordType: "Service", fields: ["kind": .string(kind)])
            }
            // Tyres do not match: the first thing the laptop hears is the pet, then the oil change.
            try await modify([CloudRecordOperation(operationType: .create, record: service("s1", "tyres"))])
            try await modify([
                CloudRecordOperation(operationType: .create, record: CloudRecord(recordName: "p1", recordType: "Pet"))
            ])
            try await modify([CloudRecordOperation(operationType: .create, record: service("s2", "oil"))])
            #expect(try await laptop.nextNotification()?.subscriptionID == "pets")
            let first = try #require(try await laptop.nextNotification())
            #expect(first.subscriptionID == "oil")
            #expect(first.recordTypes == ["Service"])
            // A deletion fires whatever the record held; a change that does not match stays quiet.
            try await modify([CloudRecordOperation(operationType: .forceUpdate, record: service("s1", "brakes"))])
            try await modify([CloudRecordOperation(operationType: .forceDelete, record: service("s1", "brakes"))])
            #expect(try await laptop.nextNotification()?.subscriptionID == "oil")
            try await modify([
                CloudRecordOperation(operationType: .create, record: CloudRecord(recordName: "p2", recordType: "Pet"))
            ])
            #expect(try await laptop.nextNotification()?.subscriptionID == "pets")
        }
    }

    @Test("an account holds at most 16 push channels open; the 17th is refused with 429 until one closes")
    func pushChannelsPerAccount() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let (ann, _) = try await signUp(client, "ann")
            let (bob, _) = try await signUp(client, "bob")
            func push(_ token: String) async throws -> RawConnection {
                let connection = try await RawConnection(port: port)
                connection.send(
                    "GET /cloud/v1/push HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n\r\n")
                try await waitUntil("an answer") { connection.received.contains("\r\n\r\n") || connection.isClosed }
                return connection
            }
            var open: [RawConnection] = []
            for _ in 0..<16 {
                let channel = try await push(ann)
                #expect(channel.received.hasPrefix("HTTP/1.1 200"))
                open.append(channel)
            }
            let refused = try await push(ann)
            #expect(refused.received.hasPrefix("HTTP/1.1 429"), "\(refused.received.prefix(300))")
            #expect(refused.received.lowercased().contains("retry-after: 15"))
            #expect(try await push(bob).received.hasPrefix("HTTP/1.1 200"), "another account has its own places")
            await open.removeLast().close()
            // The server frees the place when it notices the closed connection; on a machine busy with other
            // suites that can take longer than the usual 30 s, so this waits longer and asks less often.
            try await waitUntil(
                "a closed channel frees its place", timeout: .seconds(120), interval: .milliseconds(100)
            ) {
                let again = try await push(ann)
                if again.received.hasPrefix("HTTP/1.1 200") { return true }
                await again.close()
                return false
            }
            for channel in open { await channel.close() }
        }
    }
}
