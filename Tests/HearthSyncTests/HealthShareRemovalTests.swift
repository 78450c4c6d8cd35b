import Foundation
import HearthCloudModel
import HearthCore
import HearthHealth
import HearthSync
import Testing

/// Removal from one share of an owner takes that record off the participant's devices even while another share
/// of the same owner keeps the owner's zone visible to them, on SQLite and on PostgreSQL, plain and sealed.
@Suite(.serialized, .timeLimit(.minutes(10))) struct HealthShareRemovalTests {
    @Test(arguments: GarageTestBackend.allCases)
    func aParticipantRemovedFromOneShareLosesThatRecordAndKeepsTheOther(_ backend: GarageTestBackend) async throws {
        let server = try await backend.start()
        defer { Task { await server.stop() } }
        let guestEmail = freshEmail("guest")
        let owner = try await HealthDevice.make(server, email: freshEmail("owner"), signUp: true)
        let guest = try await HealthDevice.make(server, email: guestEmail, signUp: true)
        let rex = try await makeCloudPet(on: owner, name: "Rex")
        let bella = try await makeCloudPet(on: owner, name: "Bella")
        let rexShare = try await owner.sharing.createShare(rex.uuid, linkPermission: .readWrite)
        let bellaShare = try await owner.sharing.createShare(bella.uuid, linkPermission: .readWrite)
        _ = try await guest.sharing.accept(rexShare.link)
        _ = try await guest.sharing.accept(bellaShare.link)
        _ = try await guest.sync.sync()
        #expect(Set(try await guest.records.records().map(\.displayName)) == ["Rex", "Bella"])

        // An edit of the guest's to Rex waits unsent when the owner removes them from Rex's share only.
        try await guest.records.updateRecord(rex.uuid) { $0.vetNote = "unsent when removed" }
        _ = try await owner.sharing.removeParticipant(guestEmail, from: rex.uuid)
        let removal = try await guest.sync.sync()
        #expect(removal.receivedDeletions == 1)
        #expect(removal.problems.isEmpty, "\(removal.problems)")
        #expect(try await guest.records.records().map(\.displayName) == ["Bella"])
        #expect(try await guest.engine.pendingChangeCount() == 0)
        // The owner's record kept nothing of the unsent edit.
        _ = try await owner.sync.sync()
        #expect(try await owner.records.record(rex.uuid).vetNote == "")

        // Bella's share goes on: edits still arrive, Rex's do not, and nothing comes back.
        try await owner.records.updateRecord(bella.uuid) { $0.petColor = "black" }
        try await owner.records.updateRecord(rex.uuid) { $0.petColor = "after removal" }
        _ = try await owner.sync.sync()
        let later = try await guest.sync.sync()
        #expect(later.receivedSaves == 1 && later.receivedDeletions == 0)
        #expect(try await guest.records.records().map(\.displayName) == ["Bella"])
        #expect(try await guest.record(named: "Bella")?.petColor == "black")
        #expect(try await guest.serverRecord(rex.uuid, owner: owner.client.caller().userRecordName) == nil)

        // A share the owner deletes outright goes the same way while the other stays.
        let third = try await makeCloudPet(on: owner, name: "Coco")
        let cocoShare = try await owner.sharing.createShare(third.uuid, linkPermission: .readOnly)
        _ = try await guest.sharing.accept(cocoShare.link)
        #expect(Set(try await guest.records.records().map(\.displayName)) == ["Bella", "Coco"])
        try await owner.sharing.stopSharing(third.uuid)
        let stopped = try await guest.sync.sync()
        #expect(stopped.receivedDeletions == 1)
        #expect(try await guest.records.records().map(\.displayName) == ["Bella"])
    }

    @Test func aRemovedParticipantLosesTheSealedRecordAndKeepsTheOther() async throws {
        let storage = try await HealthEncryptedSyncTests.Backend.start(.sqlite)
        defer { Task { await storage.server.stop() } }
        let benEmail = freshEmail("ben")
        let ana = try await HealthEncryptedSyncTests.Device.make(storage.server, email: freshEmail("ana"), signUp: true)
        let ben = try await HealthEncryptedSyncTests.Device.make(storage.server, email: benEmail, signUp: true)
        var uuids: [String: String] = [:]
        for name in ["Rex", "Bella"] {
            var pet = MedicalRecord(isPet: true)
            pet.personalName = name
            pet.isCloudEnabled = true
            uuids[name] = try await ana.records.createRecord(pet).uuid
        }
        try await ana.sync()
        for name in ["Rex", "Bella"] {
            let share = try await ana.connection.sharing.createShare(
                try #require(uuids[name]), linkPermission: .readWrite)
            _ = try await ben.connection.sharing.accept(share.link)
        }
        try await ana.sync()
        try await ben.sync()
        #expect(Set(try await ben.records.records().map(\.displayName)) == ["Rex", "Bella"])

        _ = try await ana.connection.sharing.removeParticipant(benEmail, from: try #require(uuids["Rex"]))
        try await ben.sync()
        #expect(try await ben.records.records().map(\.displayName) == ["Bella"])
        try await ana.records.updateRecord(try #require(uuids["Bella"])) { $0.petColor = "still shared" }
        try await ana.sync()
        try await ben.sync()
        #expect(try await ben.record(named: "Bella")?.petColor == "still shared")
        #expect(try await ben.record(named: "Rex") == nil)
    }
}
