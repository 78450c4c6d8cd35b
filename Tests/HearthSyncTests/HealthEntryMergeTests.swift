import Foundation
import GRDB
import HearthCloudModel
import HearthCore
import HearthHealth
import HearthStore
import Testing

@testable import HearthSync

/// A record's entries changed on two devices before either synced merge entry by entry, through a real
/// server, with records travelling in plaintext and sealed end to end.
@Suite(.serialized, .timeLimit(.minutes(10))) struct HealthEntryMergeTests {
    /// What each device does to Rex while the other does not know: entries added on both, one deleted on the
    /// laptop that the phone left alone, one edited on both (different values), and a different field each.
    static func editApart(laptop: HealthRecordService, phone: HealthRecordService, rex: String) async throws {
        let laptopEntries = try await laptop.entries(of: rex)
        let phoneEntries = try await phone.entries(of: rex)
        #expect(laptopEntries == phoneEntries)
        let rabies = try #require(laptopEntries.vaccinations.first)
        let weight = try #require(laptopEntries.weights.first)

        try await laptop.addEntry(AllergyEntry(name: "Pollen"), to: rex)
        try await laptop.removeEntry(WeightEntry.self, id: weight.id)
        var atTheLaptop = rabies
        atTheLaptop.place = "North Clinic"
        try await laptop.updateEntry(atTheLaptop, in: rex)
        try await laptop.updateRecord(rex) { $0.vetNote = "from the laptop" }

        try await phone.addEntry(AllergyEntry(name: "Dust"), to: rex)
        try await phone.addEntry(DrugEntry(nameAndDosage: "Apoquel 16 mg"), to: rex)
        var atThePhone = rabies
        atThePhone.comment = "booster due in 2025"
        try await phone.updateEntry(atThePhone, in: rex)
        try await phone.updateRecord(rex) { $0.petColor = "tricolour" }
    }

    /// Both devices hold every change of both sides.
    static func expectMerged(_ records: HealthRecordService, rex: String, _ device: String) async throws {
        let entries = try await records.entries(of: rex)
        #expect(Set(entries.allergies.map(\.name)) == ["Pollen", "Dust"], "\(device)")
        #expect(entries.drugs.map(\.nameAndDosage) == ["Apoquel 16 mg"], "\(device)")
        #expect(entries.weights.isEmpty, "\(device): the weight deleted on the laptop came back")
        let rabies = try #require(entries.vaccinations.first, "\(device)")
        #expect(entries.vaccinations.count == 1, "\(device)")
        #expect(
            rabies.place == "North Clinic" && rabies.comment == "booster due in 2025" && rabies.name == "Rabies",
            "\(device)")
        #expect(entries.emergencyContacts.map(\.name) == ["Luis"], "\(device)")
        #expect(entries.petYearlyCosts.count == 1, "\(device)")
        let record = try await records.record(rex)
        #expect(record.vetNote == "from the laptop" && record.petColor == "tricolour", "\(device)")
    }

    @Test(arguments: GarageTestBackend.allCases)
    func entriesAddedEditedAndDeletedOnTwoDevicesAllSurvive(_ backend: GarageTestBackend) async throws {
        let server = try await backend.start()
        defer { Task { await server.stop() } }
        let email = freshEmail("ana")
        let laptop = try await HealthDevice.make(server, email: email, signUp: true)
        let rex = try await makeCloudPet(on: laptop)
        #expect(try await laptop.sync.sync().sentSaves == 1)
        let phone = try await HealthDevice.make(server, email: email)
        #expect(try await phone.sync.sync().receivedSaves == 1)

        try await Self.editApart(laptop: laptop.records, phone: phone.records, rex: rex.uuid)
        #expect(try await laptop.sync.sync().sentSaves == 1)
        let settled = try await phone.sync.sync()
        #expect(settled.conflictsResolved == 1)
        #expect(settled.problems.isEmpty)
        try await Self.expectMerged(phone.records, rex: rex.uuid, "phone")
        let back = try await laptop.sync.sync()
        #expect(back.receivedSaves == 1)
        try await Self.expectMerged(laptop.records, rex: rex.uuid, "laptop")
        #expect(try await laptop.records.entries(of: rex.uuid) == phone.records.entries(of: rex.uuid))
        #expect(try await laptop.engine.pendingChangeCount() == 0)
        #expect(try await phone.engine.pendingChangeCount() == 0)

        // What the server holds is the merged record too.
        let stored = try #require(try await laptop.serverRecord(rex.uuid))
        guard case .string(let allergies)? = stored.fields["allergyEntries"] else {
            Issue.record("allergyEntries is \(String(describing: stored.fields["allergyEntries"]))")
            return
        }
        #expect(allergies.contains("Pollen") && allergies.contains("Dust"))
    }

    @Test func sealedRecordsMergeOnTheDeviceAfterTheyAreOpened() async throws {
        let storage = try await HealthEncryptedSyncTests.Backend.start(.sqlite)
        defer { Task { await storage.server.stop() } }
        let email = freshEmail("ana")
        let laptop = try await HealthEncryptedSyncTests.Device.make(storage.server, email: email, signUp: true)
        var pet = MedicalRecord(isPet: true)
        pet.personalName = "Rex"
        pet.isCloudEnabled = true
        let rex = try await laptop.records.createRecord(pet)
        try await laptop.records.addEntry(
            VaccinationEntry(date: CalendarDay(iso: "2024-01-15"), name: "Rabies", place: "Clinic"), to: rex.uuid)
        try await laptop.records.addEntry(
            WeightEntry(date: CalendarDay(iso: "2024-01-15"), weightKg: Decimal(string: "12.4")), to: rex.uuid)
        try await laptop.records.addEntry(
            PetYearlyCost(date: CalendarDay(iso: "2024-03-01"), category: "Food", amount: Decimal(string: "320.50")!),
            to: rex.uuid)
        try await laptop.records.addEntry(EmergencyContact(name: "Luis", phone: "555-0100"), to: rex.uuid)
        try await laptop.sync()

        // The phone is the same person's: it takes the identity from the recovery code.
        let phone = try await HealthEncryptedSyncTests.Device.make(storage.server, email: email)
        let code = try await laptop.health.database.read { db in try HealthKeyring.identity(db).recoveryCode }
        try await phone.health.database.write { db in try HealthKeyring.restore(HealthIdentity(recoveryCode: code), db)
        }
        try await phone.sync()
        #expect(try await phone.record(named: "Rex") != nil)

        try await Self.editApart(laptop: laptop.records, phone: phone.records, rex: rex.uuid)
        try await laptop.sync()
        let settled = try await phone.sync()
        #expect(settled.conflictsResolved == 1)
        #expect(settled.problems.isEmpty)
        try await Self.expectMerged(phone.records, rex: rex.uuid, "phone")
        try await laptop.sync()
        try await Self.expectMerged(laptop.records, rex: rex.uuid, "laptop")

        // The server still holds the entries sealed: no entry's text in its fields.
        let stored = try #require(try await laptop.serverRecord(rex.uuid))
        guard case .bytes? = stored.fields["allergyEntries"] else {
            Issue.record("allergyEntries is stored as \(stored.fields["allergyEntries"]?.typeName ?? "nothing")")
            return
        }
        #expect(try await !storage.holds("Apoquel"))
    }
}

/// The entry-by-entry merge on its own: each row of its table, and the later edit for a value changed on both.
@Suite struct HealthEntryListMergeTests {
    static let policy = HealthSync.configuration().policy(for: HealthSync.recordType)

    static func list(_ entries: [AllergyEntry]) throws -> CloudFieldValue {
        let encoder = JSONEncoder.hearth
        encoder.outputFormatting = [.sortedKeys]
        return .string(String(decoding: try encoder.encode(entries), as: UTF8.self))
    }

    static func decode(_ value: CloudFieldValue?) throws -> [AllergyEntry] {
        guard case .string(let text)? = value else { return [] }
        return try JSONDecoder.hearth.decode([AllergyEntry].self, from: Data(text.utf8))
    }

    /// Settles a conflict on `allergyEntries` through the engine's resolver, as a sync would.
    static func settle(
        ancestor: [AllergyEntry]?, client: [AllergyEntry], server: [AllergyEntry], clientTime: Int64, serverTime: Int64
    ) throws -> [AllergyEntry] {
        let merge = try #require(Self.policy.fieldMerges["allergyEntries"])
        let value = try merge(
            SyncFieldConflict(
                name: "allergyEntries", ancestor: try ancestor.map(list), client: try list(client),
                server: try list(server),
                clientTime: clientTime, serverTime: serverTime))
        return try decode(value)
    }

    @Test func addsOnBothSidesAreKeptAndADeletionWins() throws {
        let pollen = AllergyEntry(name: "Pollen")
        let dust = AllergyEntry(name: "Dust")
        let mould = AllergyEntry(name: "Mould")
        let base = [pollen, mould]
        // This device deleted Pollen and added Dust; the server added Grass; Mould is untouched.
        let grass = AllergyEntry(name: "Grass")
        let merged = try Self.settle(
            ancestor: base, client: [mould, dust], server: [pollen, mould, grass], clientTime: 2, serverTime: 1)
        #expect(merged.map(\.name) == ["Mould", "Grass", "Dust"])
        // The server deleted Mould that this device edited: the deletion wins.
        var editedMould = mould
        editedMould.comment = "edited here"
        let deletedThere = try Self.settle(
            ancestor: base, client: [pollen, editedMould], server: [pollen], clientTime: 2, serverTime: 1)
        #expect(deletedThere.map(\.name) == ["Pollen"])
    }

    @Test func oneEntryEditedOnBothSidesMergesValueByValue() throws {
        let original = AllergyEntry(name: "Pollen", information: "spring", comment: "")
        var mine = original
        mine.information = "spring and summer"
        mine.comment = "mine"
        var theirs = original
        theirs.name = "Tree pollen"
        theirs.comment = "theirs"
        // Different values keep both edits; the value changed on both keeps the later edit.
        let later = try #require(
            try Self.settle(ancestor: [original], client: [mine], server: [theirs], clientTime: 20, serverTime: 10)
                .first)
        #expect(later.name == "Tree pollen" && later.information == "spring and summer" && later.comment == "mine")
        let earlier = try #require(
            try Self.settle(ancestor: [original], client: [mine], server: [theirs], clientTime: 10, serverTime: 20)
                .first)
        #expect(
            earlier.name == "Tree pollen" && earlier.information == "spring and summer" && earlier.comment == "theirs")
        // Without an ancestor (both sides made it), every differing value is the later edit's.
        let unknown = try Self.settle(ancestor: nil, client: [mine], server: [theirs], clientTime: 20, serverTime: 10)
        #expect(unknown.count == 1 && unknown.first?.comment == "mine" && unknown.first?.name == "Pollen")
    }

    @Test func aListThatIsNotEntriesFallsBackToTheLaterEdit() throws {
        let merge = try #require(Self.policy.fieldMerges["allergyEntries"])
        let result = try merge(
            SyncFieldConflict(
                name: "allergyEntries", ancestor: nil, client: .string("not json"),
                server: try Self.list([AllergyEntry(name: "Dust")]),
                clientTime: 5, serverTime: 1))
        #expect(result == .string("not json"))
        #expect(Self.policy.description == "field-level last writer wins, with merged fields")
    }
}
