import Foundation
import HearthCloudModel
import HearthCore
import HearthHealth
import HearthStore
import HearthSync
import HearthTestSupport
import Testing

/// Medications and their doses sync sealed end to end like the other health entries, through a real server;
/// the same dose recorded on two devices before either synced becomes one record.
@Suite(.serialized, .timeLimit(.minutes(10))) struct MedicationSyncTests {
    static let metformin = Medication(
        name: "Metformin", dose: 500, unit: "mg", route: "oral",
        times: [DoseTime("08:00")!, DoseTime("20:00")!], startDate: CalendarDay(iso: "2024-01-01")!)

    static func slot(_ day: String, _ time: String) -> DoseSlot {
        DoseSlot(day: CalendarDay(iso: day)!, time: DoseTime(time)!)
    }

    @Test func theSameDoseTakenOnTwoDevicesMergesToOneAndTheServerSeesNoneOfIt() async throws {
        let storage = try await HealthEncryptedSyncTests.Backend.start(.sqlite)
        defer { Task { await storage.server.stop() } }
        let email = freshEmail("anna")
        let laptop = try await HealthEncryptedSyncTests.Device.make(storage.server, email: email, signUp: true)
        var record = MedicalRecord()
        record.personalGivenName = "Anna"
        record.isCloudEnabled = true
        let anna = try await laptop.records.createRecord(record)
        let medication = try await laptop.records.addMedication(
            Self.metformin, notes: "Zyxwv-marker notes", to: anna.uuid)
        try await laptop.sync()

        let phone = try await HealthEncryptedSyncTests.Device.make(storage.server, email: email)
        let code = try await laptop.health.database.read { db in try HealthKeyring.identity(db).recoveryCode }
        try await phone.health.database.write { db in try HealthKeyring.restore(HealthIdentity(recoveryCode: code), db)
        }
        try await phone.sync()
        #expect(try await phone.records.medications().map(\.medication) == [Self.metformin])

        // Both record the morning dose of 2 January, at different times; the laptop also skips the evening one.
        let morning = Self.slot("2024-01-02", "08:00")
        let laptopDose = try await laptop.records.recordDose(
            of: medication.id, slot: morning, status: .taken, takenAt: Date(timeIntervalSince1970: 1_704_182_700))
        try await laptop.records.recordDose(
            of: medication.id, slot: Self.slot("2024-01-02", "20:00"), status: .skipped, reason: "Qwxyz-marker")
        let phoneDose = try await phone.records.recordDose(
            of: medication.id, slot: morning, status: .taken, takenAt: Date(timeIntervalSince1970: 1_704_182_820))
        #expect(laptopDose.id == phoneDose.id)

        try await laptop.sync()
        let settled = try await phone.sync()
        #expect(settled.conflictsResolved == 1 && settled.problems.isEmpty)
        try await laptop.sync()
        let onPhone = try await phone.records.doses(of: medication.id)
        let onLaptop = try await laptop.records.doses(of: medication.id)
        #expect(onPhone == onLaptop)
        #expect(onPhone.map(\.slot) == [morning, Self.slot("2024-01-02", "20:00")])
        #expect(onPhone.filter { $0.slot == morning }.count == 1)
        // The phone wrote last: its time stands.
        #expect(onPhone[0].takenAt == phoneDose.takenAt)
        #expect(try await phone.records.entries(of: anna.uuid) == laptop.records.entries(of: anna.uuid))

        // Sealed: the server holds the entries as bytes, and none of their text.
        let stored = try #require(try await laptop.serverRecord(anna.uuid))
        guard case .bytes? = stored.fields["doseEntries"], case .bytes? = stored.fields["drugEntries"] else {
            Issue.record("doseEntries is stored as \(stored.fields["doseEntries"]?.typeName ?? "nothing")")
            return
        }
        #expect(try await !storage.holds("Zyxwv-marker"))
        #expect(try await !storage.holds("Qwxyz-marker"))

        // A stranger, signed in to the same server, finds nothing of it.
        let stranger = try await HealthEncryptedSyncTests.Device.make(
            storage.server, email: freshEmail("stranger"), signUp: true)
        let owner = try await laptop.client.caller().userRecordName
        let answer = try? await stranger.client.sharedDatabase.lookupRecords(
            CloudRecordsLookupRequest(
                zoneID: CloudZoneID(zoneName: HealthSync.zoneName, ownerRecordName: owner),
                records: [CloudRecordLookup(recordName: anna.uuid)]))
        #expect(answer?.records.first?.item == nil)
        try await stranger.sync()
        #expect(try await stranger.records.medications().isEmpty)
    }
}
