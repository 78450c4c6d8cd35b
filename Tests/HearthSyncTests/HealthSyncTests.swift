import Foundation
import GRDB
import HearthCloudModel
import HearthCore
import HearthHealth
import HearthSync
import Synchronization
import Testing

/// Health records synced and shared between two users through a real server, on SQLite and on PostgreSQL.
@Suite(.serialized, .timeLimit(.minutes(10))) struct HealthSyncTests {
    @Test(arguments: GarageTestBackend.allCases)
    func anOwnerSharesAPetRecordAndEditsFlowBothWays(_ backend: GarageTestBackend) async throws {
        let server = try await backend.start()
        defer { Task { await server.stop() } }
        let guestEmail = freshEmail("guest")
        let owner = try await HealthDevice.make(server, email: freshEmail("owner"), signUp: true)
        let guest = try await HealthDevice.make(server, email: guestEmail, signUp: true)
        let ownerID = try await owner.client.caller().userRecordName

        let rex = try await makeCloudPet(on: owner)
        var diary = MedicalRecord()
        diary.personalFamilyName = "Only Here"
        let localOnly = try await owner.records.createRecord(diary)

        // Only the cloud-enabled record reaches the server.
        let first = try await owner.sync.sync()
        #expect(first.sentSaves == 1)
        #expect(first.problems.isEmpty)
        #expect(try await owner.serverRecord(rex.uuid)?.fields["personalName"] == .string("Rex"))
        #expect(try await owner.serverRecord(localOnly.uuid) == nil)
        #expect(try await owner.sync.status().state == .synced)

        let share = try await owner.sharing.createShare(rex.uuid, linkPermission: .readWrite)
        #expect(!share.link.isEmpty)
        #expect(share.shareName == "share-\(rex.uuid)")
        let shared = try await owner.records.record(rex.uuid)
        #expect(
            shared.locationStatus == .shared && shared.isSharingEnabled
                && shared.cloudShareRecordName == share.shareName)
        #expect(try await owner.health.debugLog.lastShareLink() == share.link)

        // The guest accepts; the record arrives with every entry, as a record shared by the owner.
        let arrived = try #require(try await guest.sharing.accept(share.link).record)
        #expect(arrived.uuid == rex.uuid)
        #expect(arrived.cloudZoneOwner == ownerID)
        #expect(arrived.locationStatus == .shared)
        #expect(
            arrived.personalName == "Rex" && arrived.petBreed == "Beagle" && arrived.ownerEmail == "ana@example.com")
        #expect(arrived.personalBirthdate == CalendarDay(iso: "2019-04-02"))
        let ownerEntries = try await owner.records.entries(of: rex.uuid)
        #expect(ownerEntries.count == 4)
        #expect(try await guest.records.entries(of: rex.uuid) == ownerEntries)
        #expect(try await guest.records.records().map(\.uuid) == [rex.uuid])

        // The owner changes a field and adds an entry; the guest's next sync has both.
        try await owner.records.updateRecord(rex.uuid) { $0.vetClinicName = "Northside Vets" }
        try await owner.records.addEntry(AllergyEntry(name: "Pollen"), to: rex.uuid)
        #expect(try await owner.sync.sync().sentSaves == 1)
        #expect(try await guest.sync.sync().receivedSaves == 1)
        #expect(try await guest.records.record(rex.uuid).vetClinicName == "Northside Vets")
        #expect(try await guest.records.entries(of: rex.uuid).allergies.map(\.name) == ["Pollen"])

        // The guest's edits go back to the owner's zone.
        try await guest.records.updateRecord(rex.uuid) { $0.ownerPhone = "555-0199" }
        try await guest.records.addEntry(DrugEntry(nameAndDosage: "Apoquel 16 mg"), to: rex.uuid)
        let sent = try await guest.sync.sync()
        #expect(sent.sentSaves == 1)
        #expect(sent.problems.isEmpty)
        #expect(try await guest.serverRecord(rex.uuid, owner: ownerID)?.fields["ownerPhone"] == .string("555-0199"))
        #expect(try await owner.sync.sync().receivedSaves == 1)
        let edited = try await owner.records.record(rex.uuid)
        #expect(edited.ownerPhone == "555-0199" && edited.vetClinicName == "Northside Vets")
        #expect(edited.cloudZoneOwner == nil)
        #expect(edited.isSharingEnabled && edited.cloudShareRecordName == share.shareName)
        #expect(try await owner.records.entries(of: rex.uuid).drugs.map(\.nameAndDosage) == ["Apoquel 16 mg"])
        #expect(try await owner.records.entries(of: rex.uuid) == guest.records.entries(of: rex.uuid))

        // The participants, and the summary kept on the owner's record (which is not sent anywhere).
        let people = try await owner.sharing.participants(of: rex.uuid)
        #expect(people.contains { $0.email == guestEmail && $0.acceptance == .accepted && $0.permission == .readWrite })
        #expect(
            try await owner.records.record(rex.uuid).shareParticipantsSummary == "\(guestEmail) (read-write, accepted)")
        #expect(try await owner.engine.pendingChangeCount() == 0)
        #expect(try await guest.sharing.participants(of: rex.uuid).contains { $0.role == .owner })

        // The owner removes the guest: the guest's next sync takes the record off their device, and later
        // syncs bring nothing of it.
        let remaining = try await owner.sharing.removeParticipant(guestEmail, from: rex.uuid)
        #expect(remaining.first { $0.email == guestEmail }?.acceptance == .removed)
        #expect(try await owner.records.record(rex.uuid).shareParticipantsSummary == "")
        let removal = try await guest.sync.sync()
        #expect(removal.receivedDeletions == 1)
        #expect(try await guest.records.records().isEmpty)
        #expect(try await guest.engine.pendingChangeCount() == 0)
        try await owner.records.updateRecord(rex.uuid) { $0.vetNote = "after the guest left" }
        #expect(try await owner.sync.sync().sentSaves == 1)
        let nothing = try await guest.sync.sync()
        #expect(nothing.receivedSaves == 0 && nothing.receivedDeletions == 0)
        #expect(try await guest.records.records().isEmpty)
        #expect(try await owner.records.record(rex.uuid).vetNote == "after the guest left")

        // Both sides' steps are in their debug logs.
        let ownerLog = try await owner.health.debugLog.lines()
        #expect(ownerLog.contains { $0.contains("Share record Rex (\(rex.uuid)): shared as share-") })
        #expect(
            ownerLog.contains {
                $0.contains("Remove \(guestEmail) from the share of record Rex") && $0.contains("removed \(guestEmail)")
            })
        #expect(try await guest.health.debugLog.lines().contains { $0.contains("Accept a share link: record Rex") })
    }

    @Test func aParticipantWhoLeavesLosesTheirCopyAndCannotDeleteTheOwnersRecord() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let guestEmail = freshEmail("guest")
        let owner = try await HealthDevice.make(server, email: freshEmail("owner"), signUp: true)
        let guest = try await HealthDevice.make(server, email: guestEmail, signUp: true)
        let rex = try await makeCloudPet(on: owner)
        let share = try await owner.sharing.createShare(rex.uuid, linkPermission: .readOnly)  // syncs the record first
        _ = try await guest.sharing.accept(share.link)

        // The record is the owner's: the guest can neither delete it nor take it out of the cloud.
        let deletion = await #expect(throws: ServiceError.self) { try await guest.records.deleteRecord(rex.uuid) }
        #expect(deletion?.message.contains("was shared with you") == true)
        #expect(deletion?.message.contains("share leave") == true)
        let cloudOff = await #expect(throws: ServiceError.self) {
            try await guest.records.updateRecord(rex.uuid) { $0.isCloudEnabled = false }
        }
        #expect(cloudOff?.message.contains("turn the cloud off") == true)
        #expect(try await guest.engine.pendingChangeCount() == 0)

        // A reader's edit is refused by the server, kept and reported — never lost silently.
        try await guest.records.updateRecord(rex.uuid) { $0.petColor = "brown" }
        let refused = try await guest.sync.sync()
        #expect(refused.pending == 1)
        #expect(refused.problems.first?.contains("ACCESS_DENIED") == true)

        try await guest.sharing.leave(rex.uuid)
        #expect(try await guest.records.records().isEmpty)
        #expect(try await guest.engine.pendingChangeCount() == 0)
        #expect(try await guest.sync.sync().receivedSaves == 0)
        let people = try await owner.sharing.participants(of: rex.uuid)
        #expect(people.first { $0.email == guestEmail }?.acceptance == .removed)
        #expect(try await owner.records.record(rex.uuid).petColor == "")
        #expect(try await owner.serverRecord(rex.uuid) != nil)

        // Leaving is for records others shared; one's own record is stopped instead.
        let own = await #expect(throws: ServiceError.self) { try await owner.sharing.leave(rex.uuid) }
        #expect(own?.message.contains("is your own") == true)
        try await owner.sharing.stopSharing(rex.uuid)
        let stopped = try await owner.records.record(rex.uuid)
        #expect(stopped.locationStatus == .cloud && stopped.cloudShareRecordName == nil && !stopped.isSharingEnabled)
        let link = await #expect(throws: ServiceError.self) { try await guest.sharing.accept(share.link) }
        #expect(link?.message.contains("opens no share") == true)
    }

    @Test func sharingARecordOutOfTheCloudOrAcceptingABadLinkChangesNothing() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let owner = try await HealthDevice.make(server, email: freshEmail("owner"), signUp: true)
        let guest = try await HealthDevice.make(server, email: freshEmail("guest"), signUp: true)

        var milo = MedicalRecord(isPet: true)
        milo.personalName = "Milo"
        milo = try await owner.records.createRecord(milo)
        try await owner.sync.sync()
        let miloUUID = milo.uuid
        let notInCloud = await #expect(throws: ServiceError.self) {
            try await owner.sharing.createShare(miloUUID, linkPermission: .readWrite)
        }
        #expect(notInCloud?.message.contains("record Milo (\(miloUUID)) is not in the cloud") == true)
        #expect(notInCloud?.message.contains("--cloud on") == true)
        #expect(try await owner.serverRecord(milo.uuid) == nil)
        #expect(try await owner.records.record(milo.uuid).locationStatus == .local)
        #expect(try await owner.health.debugLog.lastError()?.contains("is not in the cloud") == true)

        let bella = try await makeCloudPet(on: guest, name: "Bella")
        try await guest.sync.sync()
        let before = try await guest.records.records()
        let entriesBefore = try await guest.records.entries(of: bella.uuid)
        let bad = await #expect(throws: ServiceError.self) {
            try await guest.sharing.accept("  not-a-real-share-link  ")
        }
        #expect(bad?.message.contains("The share link \"not-a-…\" opens no share") == true)
        #expect(bad?.message.contains("Nothing was changed here") == true)
        #expect(try await guest.records.records() == before)
        #expect(try await guest.records.entries(of: bella.uuid) == entriesBefore)
        #expect(try await guest.engine.pendingChangeCount() == 0)
        #expect(try await guest.health.debugLog.lastError()?.contains("opens no share") == true)
        #expect(try await guest.health.debugLog.lastShareLink() == nil)
        let empty = await #expect(throws: ServiceError.self) { try await guest.sharing.accept("  ") }
        #expect(empty?.message.contains("The share link is empty") == true)
    }

    @Test func turningTheCloudOffOrDeletingARecordTakesItOffTheServer() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail("health")
        let phone = try await HealthDevice.make(server, email: email, signUp: true)
        let laptop = try await HealthDevice.make(server, email: email)
        let rex = try await makeCloudPet(on: phone)
        var note = MedicalRecord()
        note.personalGivenName = "Local"
        let local = try await phone.records.createRecord(note)
        try await phone.sync.sync()
        #expect(try await laptop.sync.sync().receivedSaves == 1)

        // Edits to a record that is not in the cloud queue nothing.
        try await phone.records.updateRecord(local.uuid) { $0.personalEmployer = "Acme" }
        try await phone.records.addEntry(BloodEntry(name: "A+"), to: local.uuid)
        #expect(try await phone.engine.pendingChangeCount() == 0)

        // Off: the record leaves the server (and the other device); it stays here, local.
        try await phone.records.updateRecord(rex.uuid) { $0.isCloudEnabled = false }
        #expect(try await phone.engine.pendingChangeCount() == 1)
        #expect(try await phone.sync.sync().sentDeletions == 1)
        #expect(try await phone.serverRecord(rex.uuid) == nil)
        #expect(try await phone.records.record(rex.uuid).locationStatus == .local)
        #expect(try await laptop.sync.sync().receivedDeletions == 1)
        #expect(try await laptop.records.records().isEmpty)

        // On again: uploaded with its entries.
        try await phone.records.updateRecord(rex.uuid) { $0.isCloudEnabled = true }
        #expect(try await phone.sync.sync().sentSaves == 1)
        #expect(try await laptop.sync.sync().receivedSaves == 1)
        #expect(try await laptop.records.entries(of: rex.uuid) == phone.records.entries(of: rex.uuid))

        // Deleted: gone everywhere.
        try await phone.records.deleteRecord(rex.uuid)
        #expect(try await phone.sync.sync().sentDeletions == 1)
        #expect(try await phone.serverRecord(rex.uuid) == nil)
        #expect(try await laptop.sync.sync().receivedDeletions == 1)
        #expect(try await laptop.records.records().isEmpty)
        #expect(try await phone.sync.status().description == "synced")
    }

    @Test func theProtectionSealsWhatTheServerHoldsAndOpensWhatComesBack() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail("sealed")
        let phoneSeal = ReversingProtection()
        let laptopSeal = ReversingProtection()
        let phone = try await HealthDevice.make(server, email: email, signUp: true, protection: phoneSeal)
        let laptop = try await HealthDevice.make(server, email: email, protection: laptopSeal)
        let account = try await phone.client.caller().userRecordName

        let rex = try await makeCloudPet(on: phone)
        #expect(try await phone.sync.sync().sentSaves == 1)
        let stored = try #require(try await phone.serverRecord(rex.uuid))
        #expect(stored.fields["personalName"] == .string("xeR"))
        #expect(stored.fields["petBreed"] == .string("elgaeB"))
        #expect(stored.fields["schemaVersion"] == .int64(1))
        guard case .string(let weights)? = stored.fields["weightEntries"] else {
            Issue.record("weightEntries is \(String(describing: stored.fields["weightEntries"]))")
            return
        }
        #expect(weights.hasPrefix("]") && weights.hasSuffix("["))
        #expect(!phoneSeal.sealedZones.isEmpty)
        #expect(
            phoneSeal.sealedZones.allSatisfy {
                $0 == CloudZoneID(zoneName: HealthSync.zoneName, ownerRecordName: account)
            })

        // The other device opens what it fetches: the record reads as the phone wrote it.
        #expect(try await laptop.sync.sync().receivedSaves == 1)
        #expect(try await laptop.records.record(rex.uuid).personalName == "Rex")
        #expect(try await laptop.records.entries(of: rex.uuid) == phone.records.entries(of: rex.uuid))
        #expect(laptopSeal.openedZones == [CloudZoneID(zoneName: HealthSync.zoneName, ownerRecordName: account)])

        // A device that does not open them cannot read the records, and says which and why.
        let plain = try await HealthDevice.make(server, email: email)
        let unreadable = try await plain.sync.sync()
        #expect(try await plain.records.records().isEmpty)
        #expect(unreadable.problems.contains { $0.contains(rex.uuid) })
    }
}

/// A stand-in for encryption: reverses every text field on the way out and back on the way in, and notes
/// the zones it was asked about.
final class ReversingProtection: HealthRecordProtection {
    private let seen = Mutex<(sealed: [CloudZoneID], opened: [CloudZoneID?])>(([], []))

    var sealedZones: [CloudZoneID] { seen.withLock { $0.sealed } }
    var openedZones: [CloudZoneID?] { seen.withLock { $0.opened } }

    func seal(_ record: CloudRecord, in zone: CloudZoneID, db: Database) throws -> CloudRecord {
        seen.withLock { $0.sealed.append(zone) }
        return Self.reversed(record)
    }

    func open(_ record: CloudRecord, db: Database) throws -> CloudRecord {
        seen.withLock { $0.opened.append(record.zoneID) }
        return Self.reversed(record)
    }

    func saveFetched(_ record: CloudRecord, db: Database) throws -> Bool { false }

    static func reversed(_ record: CloudRecord) -> CloudRecord {
        var copy = record
        for (name, value) in record.fields {
            if case .string(let text) = value { copy.fields[name] = .string(String(text.reversed())) }
        }
        return copy
    }
}
