import Foundation
import HearthCloudModel
import HearthTestSupport
import Testing

@testable import HearthSync

/// A zone shared between two users converges both ways.
@Suite(.serialized, .timeLimit(.minutes(10))) struct SharingTests {
    @Test func aSharedZoneConvergesBothWays() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let ownerEmail = freshEmail("owner")
        let guestEmail = freshEmail("guest")
        let owner = try await Device.make(server, email: ownerEmail, signUp: true)
        let guest = try await Device.make(
            server, email: guestEmail, signUp: true, configure: { $0.configuration(shared: true) })
        let ownerID = try await owner.client.caller().userRecordName

        try await owner.store.save(Item(id: "trip-1", title: "book flights"))
        try await owner.store.save(Item(id: "trip-2", title: "pack"))
        try await owner.engine.sync()

        // The owner shares the whole zone with the guest, who accepts.
        let zone = CloudZoneID(zoneName: "notes")
        let share = try await owner.client.privateDatabase.createShare(CloudShareCreateRequest(zoneID: zone))
        // The guest's account by its id: an invitation by email would wait until the guest verified the address.
        let guestID = try await guest.client.caller().userRecordName
        _ = try await owner.client.privateDatabase.addParticipants(
            CloudParticipantsAddRequest(
                zoneID: zone, shareName: share.shareName,
                participants: [CloudParticipantInvite(userRecordName: guestID, permission: .readWrite)]
            ))
        _ = try await guest.client.acceptShare(token: share.shareToken)

        // The guest sees the owner's records in its shared database.
        let first = try await guest.engine.sync()
        #expect(first.receivedSaves == 2)
        #expect(try await guest.items().map(\.title) == ["book flights", "pack"])

        // Guest → owner: an edit, and a new record made in the shared zone.
        try await guest.store.save(Item(id: "trip-2", title: "pack", body: "passports!"))
        try await guest.store.save(
            Item(id: "trip-3", title: "water the plants"), zone: .shared("notes", owner: ownerID))
        let sent = try await guest.engine.sync()
        #expect(sent.sentSaves == 2)
        try await owner.engine.sync()
        #expect(try await owner.store.item("trip-2")?.body == "passports!")
        #expect(try await owner.store.item("trip-3")?.title == "water the plants")

        // Owner → guest, with the push channel: both engines running.
        let ownerTask = runInBackground(owner.engine)
        let guestTask = runInBackground(guest.engine)
        defer {
            ownerTask.cancel()
            guestTask.cancel()
        }
        try await owner.store.save(Item(id: "trip-1", title: "book flights", body: "window seats"))
        try await owner.store.delete("trip-3")
        try await waitUntil("the guest has the owner's edit of trip-1", timeout: .seconds(60)) {
            try await guest.store.item("trip-1")?.body == "window seats"
        }
        try await waitUntil("trip-3 is gone from the guest", timeout: .seconds(60)) {
            try await guest.store.item("trip-3") == nil
        }
        try await guest.store.save(Item(id: "trip-1", title: "book flights (done)", body: "window seats"))
        try await waitUntil("the owner has the guest's edit of trip-1", timeout: .seconds(60)) {
            try await owner.store.item("trip-1")?.title == "book flights (done)"
        }
        try await waitUntil("the owner and the guest hold the same items", timeout: .seconds(60)) {
            try await sameItems(owner, guest)
        }

        // The guest's own private zone stays separate: nothing of it reaches the owner.
        try await guest.store.save(Item(id: "private-1", title: "guest only"))
        try await waitUntil("the guest has nothing left to send", timeout: .seconds(60)) {
            try await guest.engine.pendingChangeCount() == 0
        }
        let inGuestZone = try await guest.client.privateDatabase.lookupRecords(
            CloudRecordsLookupRequest(
                zoneID: CloudZoneID(zoneName: "notes"), records: [CloudRecordLookup(recordName: "private-1")]))
        #expect(inGuestZone.records.first?.item != nil)
        let inOwnerZone = try await owner.client.privateDatabase.lookupRecords(
            CloudRecordsLookupRequest(
                zoneID: CloudZoneID(zoneName: "notes"), records: [CloudRecordLookup(recordName: "private-1")]))
        #expect(inOwnerZone.records.first?.error?.serverErrorCode == .notFound)
        _ = try await owner.engine.sync()
        #expect(try await owner.store.item("private-1") == nil)
    }

    @Test func leavingAShareRemovesItsRecordsFromTheGuest() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let guestEmail = freshEmail("guest")
        let owner = try await Device.make(server, email: freshEmail("owner"), signUp: true)
        let guest = try await Device.make(
            server, email: guestEmail, signUp: true, configure: { $0.configuration(shared: true) })
        try await owner.store.save(Item(id: "s1", title: "shared"))
        try await owner.engine.sync()
        let zone = CloudZoneID(zoneName: "notes")
        let share = try await owner.client.privateDatabase.createShare(
            CloudShareCreateRequest(zoneID: zone, publicPermission: .readOnly))
        _ = try await guest.client.acceptShare(token: share.shareToken)
        try await guest.engine.sync()
        #expect(try await guest.items().map(\.id) == ["s1"])

        // A read-only guest's edit is refused by the server, kept, and reported — never lost silently.
        try await guest.store.save(Item(id: "s1", title: "edited by a reader"))
        let refused = try await guest.engine.sync()
        #expect(refused.pending == 1)
        #expect(refused.problems.first?.contains("ACCESS_DENIED") == true)

        let ownerID = try await owner.client.caller().userRecordName
        try await guest.client.sharedDatabase.leaveShare(
            CloudShareReference(
                zoneID: CloudZoneID(zoneName: "notes", ownerRecordName: ownerID), shareName: share.shareName))
        try await guest.engine.sync()
        #expect(try await guest.items().isEmpty)
        #expect(try await guest.engine.pendingChangeCount() == 0)
        #expect(try await owner.store.item("s1")?.title == "shared")
    }
}
