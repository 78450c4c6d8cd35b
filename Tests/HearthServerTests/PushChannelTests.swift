import AsyncHTTPClient
import Foundation
import HearthCloud
import HearthCloudModel
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthServer

@Suite("Push channel")
struct PushChannelTests {
    @Test("changes reach the owner's other devices and the participants, never the device that made them")
    func pushSkipsTheOriginDevice() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let (ann, annID) = try await signUp(client, "ann")
            let (bob, _) = try await signUp(client, "bob")
            let subscribe = { (token: String, scope: String) in
                try await post(client, "/cloud/v1/\(scope)/subscriptions/modify", token, CloudSubscriptionsModifyRequest(operations: [
                    CloudSubscriptionOperation(operationType: .create, subscription: CloudSubscription(subscriptionID: "everything", subscriptionType: .database)),
                ]))
            }
            #expect(try await subscribe(ann, "private").status == .ok)
            #expect(try await subscribe(bob, "shared").status == .ok)
            let share = try decode(CloudShare.self, try await post(client, "/cloud/v1/private/shares/create", ann, CloudShareCreateRequest(publicPermission: .readOnly)))
            #expect(try await post(client, "/cloud/v1/shares/accept", bob, CloudShareAcceptRequest(shareToken: share.shareToken)).status == .ok)

            let phone = try await openPush(port: port, token: ann, device: "phone")
            let laptop = try await openPush(port: port, token: ann, device: "laptop")
            let bobPhone = try await openPush(port: port, token: bob, device: "bob-phone")

            let fromPhone = CloudRecordsModifyRequest(operations: [CloudRecordOperation(operationType: .create, record: CloudRecord(recordName: "n1", recordType: "Note"))])
            #expect(try await post(client, "/cloud/v1/private/records/modify", ann, fromPhone, device: "phone").status == .ok)
            let onLaptop = try #require(try await laptop.nextNotification())
            #expect(onLaptop.subscriptionID == "everything")
            #expect(onLaptop.databaseScope == .private)
            #expect(onLaptop.zoneIDs == [CloudZoneID(zoneName: "_defaultZone", ownerRecordName: annID)])
            #expect(onLaptop.recordTypes == ["Note"])
            let onBob = try #require(try await bobPhone.nextNotification())
            #expect(onBob.databaseScope == .shared)
            #expect(onBob.zoneIDs == [CloudZoneID(zoneName: "_defaultZone", ownerRecordName: annID)])

            // The phone was not told of its own change: the first thing it hears of is the laptop's.
            let fromLaptop = CloudRecordsModifyRequest(operations: [CloudRecordOperation(operationType: .create, record: CloudRecord(recordName: "p1", recordType: "Pet"))])
            #expect(try await post(client, "/cloud/v1/private/records/modify", ann, fromLaptop, device: "laptop").status == .ok)
            let onPhone = try #require(try await phone.nextNotification())
            #expect(onPhone.recordTypes == ["Pet"])
        }
    }
}
