import Foundation
import GRDB
import HearthCloudModel
import HearthCore
import HearthHealth
import HearthStore
import Testing

@testable import HearthSync

/// The health record mapping, its checks and the protection seam, without a server.
@Suite struct HealthSyncDelegateTests {
    static let clock = Date(timeIntervalSince1970: 1_735_000_000.123)

    /// A health database whose sync is on for `account` (as a first sign-in leaves it).
    func makeHealth(
        account: String = "_alice", protection: any HealthRecordProtection = PlaintextProtection(),
        clock: Date = Self.clock
    ) async throws -> HealthSync.Opened {
        let health = try HealthSync.inMemory(
            protection: protection, timeZone: TimeZone(identifier: "UTC")!, now: { clock })
        try await health.database.write { db in
            try SyncTables.setState("account", account, in: db)
            try SyncTables.setState("enabled", "1", in: db)
        }
        return health
    }

    func id(_ uuid: String) -> SyncRecordID { SyncRecordID(recordType: "MedicalRecord", recordName: uuid) }

    static let textFields = [
        "personalFamilyName", "personalGivenName", "personalNickName", "personalGender", "personalSocialSecurityNumber",
        "personalAddress", "personalHealthInsurance", "personalHealthInsuranceNumber", "personalEmployer",
        "personalName",
        "personalAnimalID", "petBreed", "petColor", "ownerName", "ownerPhone", "ownerEmail", "vetClinicName",
        "vetContactName",
        "vetPhone", "vetEmail", "vetAddress", "vetNote", "emergencyName", "emergencyNumber", "emergencyEmail",
    ]
    static let relationshipKeys = [
        "bloodEntries", "drugEntries", "vaccinationEntries", "allergyEntries", "illnessEntries", "riskEntries",
        "medicalHistoryEntries", "medicalDocumentEntries", "humanDoctorEntries", "weightEntries",
        "petYearlyCostEntries",
        "emergencyContactEntries",
        "observationEntries",
        "doseEntries",
        "attachmentEntries",
    ]

    /// A person's record with every field set, and two entries of every kind.
    func makeFullRecord(in health: HealthSync.Opened) async throws -> MedicalRecord {
        var record = MedicalRecord()
        record.personalFamilyName = "Núñez"
        record.personalGivenName = "José"
        record.personalNickName = "Pepe"
        record.personalGender = "Male"
        record.personalBirthdate = CalendarDay(iso: "1980-02-29")
        record.personalSocialSecurityNumber = "123-45-6789"
        record.personalAddress = "1 Main St\nSpringfield"
        record.personalHealthInsurance = "Acme Health"
        record.personalHealthInsuranceNumber = "AH-77"
        record.personalEmployer = "Acme"
        record.personalName = "unused for people"
        record.personalAnimalID = "none"
        record.petBreed = "-"
        record.petColor = "-"
        record.ownerName = "Self"
        record.ownerPhone = "555-0101"
        record.ownerEmail = "jose@example.com"
        record.vetClinicName = "n/a"
        record.vetContactName = "n/a"
        record.vetPhone = "555-0102"
        record.vetEmail = "vet@example.com"
        record.vetAddress = "2 Side St"
        record.vetNote = "none"
        record.emergencyName = "Ana"
        record.emergencyNumber = "555-0103"
        record.emergencyEmail = "ana@example.com"
        record.isCloudEnabled = true
        let saved = try await health.records.createRecord(record)
        let day = CalendarDay(iso: "2024-05-01")
        for n in 1...2 {
            try await health.records.addEntry(BloodEntry(date: day, name: "Blood \(n)", comment: "c"), to: saved.uuid)
            try await health.records.addEntry(
                DrugEntry(date: day, nameAndDosage: "Drug \(n)", comment: "c"), to: saved.uuid)
            try await health.records.addEntry(
                VaccinationEntry(date: day, name: "Vaccine \(n)", information: "i", place: "p", comment: "c"),
                to: saved.uuid)
            try await health.records.addEntry(
                AllergyEntry(date: day, name: "Allergy \(n)", information: "i", comment: "c"), to: saved.uuid)
            try await health.records.addEntry(
                IllnessEntry(date: nil, name: "Illness \(n)", informationOrComment: "c"), to: saved.uuid)
            try await health.records.addEntry(
                RiskEntry(date: day, name: "Risk \(n)", descriptionOrComment: "d"), to: saved.uuid)
            try await health.records.addEntry(
                MedicalHistoryEntry(date: day, name: "History \(n)", contact: "Dr", informationOrComment: "c"),
                to: saved.uuid)
            try await health.records.addEntry(
                MedicalDocumentEntry(date: day, name: "Document \(n)", note: "n"), to: saved.uuid)
            try await health.records.addEntry(
                EmergencyContact(name: "Contact \(n)", phone: "555-010\(n)", email: "c\(n)@example.com"), to: saved.uuid
            )
            try await health.records.addEntry(
                HumanDoctor(type: "Dentist", name: "Doctor \(n)", email: "d\(n)@example.com"), to: saved.uuid)
            try await health.records.addEntry(
                WeightEntry(date: day, weightKg: Decimal(string: "71.3"), comment: "w"), to: saved.uuid)
            try await health.records.addEntry(
                PetYearlyCost(date: day, category: "Vet", amount: Decimal(string: "120.50")!, note: "n"), to: saved.uuid
            )
            try await health.records.addEntry(
                HealthObservation(
                    name: "HbA1c \(n)", loinc: "4548-4", value: Decimal(string: "5.9"), unit: "%", high: 6,
                    effective: "2024-05-01"), to: saved.uuid)
        }
        // Each blood entry has a file attached (its metadata: the file stays on the device).
        for blood in try await health.records.entries(of: saved.uuid).blood {
            try await health.records.addEntry(
                HealthAttachment(
                    entryID: blood.id, date: day, fileName: "scan.pdf", mediaType: .pdf, byteCount: 1_234,
                    sha256: String(repeating: "ab", count: 32)), to: saved.uuid)
        }
        // The first drug is a medication, with two doses recorded.
        var medication = try await health.records.entries(of: saved.uuid).drugs[0]
        medication.medication = Medication(
            name: "Drug 1", dose: 1, unit: "tablet", times: [DoseTime("08:00")!, DoseTime("20:00")!],
            startDate: day!)
        try await health.records.updateEntry(medication, in: saved.uuid)
        for time in ["08:00", "20:00"] {
            try await health.records.recordDose(
                of: medication.id, slot: DoseSlot(day: day!, time: DoseTime(time)!), status: .taken)
        }
        return try await health.records.record(saved.uuid)
    }

    @Test func aRecordRoundTripsEveryFieldWithOneJSONArrayFieldPerRelationship() async throws {
        let health = try await makeHealth()
        let record = try await makeFullRecord(in: health)
        let delegate = HealthSyncDelegate()
        let cloud = try #require(
            try await health.database.read { db in try delegate.record(for: id(record.uuid), in: db) })

        #expect(cloud.recordType == "MedicalRecord" && cloud.recordName == record.uuid)
        let scalars = [
            "uuid", "createdAt", "updatedAt", "isPet", "isCloudEnabled", "personalBirthdate", "schemaVersion",
        ]
        #expect(Set(cloud.fields.keys) == Set(Self.textFields + scalars + Self.relationshipKeys))
        for name in Self.textFields { #expect(cloud.fields[name] != .string(""), "\(name) is empty") }
        #expect(cloud.fields["schemaVersion"] == .int64(1))
        #expect(cloud.fields["uuid"] == .string(record.uuid))
        #expect(cloud.fields["isPet"] == .boolean(false))
        #expect(cloud.fields["isCloudEnabled"] == .boolean(true))
        #expect(cloud.fields["createdAt"] == .date(record.createdAt))
        #expect(cloud.fields["updatedAt"] == .date(record.updatedAt))
        #expect(cloud.fields["personalBirthdate"] == .date(320_630_400_000))  // 1980-02-29T00:00:00Z
        for key in Self.relationshipKeys {
            guard case .string(let text)? = cloud.fields[key] else {
                Issue.record("\(key) is \(String(describing: cloud.fields[key])), not text")
                continue
            }
            let array = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]
            #expect(array?.count == 2, "\(key): \(text)")
        }
        // Weights keep the record's unit and exact values inside their JSON.
        guard case .string(let weights)? = cloud.fields["weightEntries"] else { return }
        #expect(weights.contains("\"weightKg\":71.3"))

        // Into another database: the same record and entries; sync bookkeeping as a fetched record has it.
        let other = try await makeHealth(account: "_alice")
        var located = cloud
        located.zoneID = CloudZoneID(zoneName: HealthSync.zoneName)
        let fetched = located
        try await other.database.write { db in try delegate.saveFetchedRecord(fetched, in: db) }
        #expect(try await other.records.record(record.uuid) == record)
        #expect(try await other.records.entries(of: record.uuid) == health.records.entries(of: record.uuid))
        // What the other database produces is what it received.
        let again = try await other.database.read { db in try delegate.record(for: id(record.uuid), in: db) }
        #expect(again?.fields == cloud.fields)

        // No birthdate: no field. The device's own bookkeeping is never a field.
        try await health.records.updateRecord(record.uuid) {
            $0.personalBirthdate = nil
            $0.shareParticipantsSummary = "bob@example.com (read-write, accepted)"
            $0.cloudShareRecordName = "share-x"
        }
        let plain = try #require(
            try await health.database.read { db in try delegate.record(for: id(record.uuid), in: db) })
        #expect(plain.fields["personalBirthdate"] == nil)
        for local in [
            "cloudRecordName", "cloudShareRecordName", "isSharingEnabled", "shareParticipantsSummary",
            "isMarkedForDeletion", "cloudZoneOwner",
        ] {
            #expect(plain.fields[local] == nil, "\(local) is sent")
        }
    }

    @Test func aFetchedRecordIsCheckedBeforeAnythingIsWritten() async throws {
        let source = try await makeHealth()
        let record = try await makeFullRecord(in: source)
        let delegate = HealthSyncDelegate()
        let good = try #require(
            try await source.database.read { db in try delegate.record(for: id(record.uuid), in: db) })
        let target = try await makeHealth()
        try await target.database.write { db in try delegate.saveFetchedRecord(good, in: db) }
        let entriesBefore = try await target.records.entries(of: record.uuid)

        func refusal(_ change: (inout CloudRecord) -> Void) async -> String? {
            var bad = good
            bad.fields["personalGivenName"] = .string("Changed")
            bad.fields["drugEntries"] = .string("[]")
            change(&bad)
            let sent = bad
            let error = await #expect(throws: ServiceError.self) {
                try await target.database.write { db in try delegate.saveFetchedRecord(sent, in: db) }
            }
            return error?.message
        }

        let newer = await refusal { $0.fields["schemaVersion"] = .int64(2) }
        #expect(
            newer?.contains(
                "Record \(record.uuid) (MedicalRecord) was written by a newer version of Hearth (schemaVersion 2")
                == true)
        #expect(newer?.contains("Update Hearth on this device") == true)
        let missingVersion = await refusal { $0.fields["schemaVersion"] = nil }
        #expect(missingVersion?.contains("has no schemaVersion field") == true)
        let wrongType = await refusal { $0.fields["createdAt"] = .string("yesterday") }
        #expect(wrongType?.contains("has a STRING in field createdAt; it must be TIMESTAMP") == true)
        let badJSON = await refusal { $0.fields["weightEntries"] = .string("[{\"weightKg\": \"heavy\"}]") }
        #expect(badJSON?.contains("field weightEntries that is not a JSON array of weight entries") == true)
        let badEntry = await refusal {
            $0.fields["petYearlyCostEntries"] = .string(
                "[{\"id\":\"\(UUID().uuidString)\",\"amount\":-5,\"category\":\"Vet\",\"note\":\"\"}]")
        }
        #expect(badEntry?.contains("in field petYearlyCostEntries (at [0])") == true)
        #expect(badEntry?.contains("negative") == true)
        let badGender = await refusal { $0.fields["personalGender"] = .string("Robot") }
        #expect(badGender?.contains("Gender \"Robot\"") == true)

        // Nothing of any refused record was written: the record and its entries are as before.
        #expect(try await target.records.record(record.uuid).personalGivenName == "José")
        #expect(try await target.records.entries(of: record.uuid) == entriesBefore)

        let unknown = await #expect(throws: ServiceError.self) {
            try await target.database.write { db in
                try delegate.saveFetchedRecord(CloudRecord(recordName: "k1", recordType: "HealthKey"), in: db)
            }
        }
        #expect(
            unknown?.message.contains("type HealthKey, which Hearth's health records do not know; update Hearth")
                == true)
    }

    @Test func theProtectionSealsForTheRecordsZoneAndOpensWithTheZoneItCameFrom() async throws {
        let protection = ReversingProtection()
        let health = try await makeHealth(account: "_alice", protection: protection)
        let delegate = try #require(health.outbox.delegate as? HealthSyncDelegate)
        let own = try await makeFullRecord(in: health)

        let sealed = try #require(
            try await health.database.read { db in try delegate.record(for: id(own.uuid), in: db) })
        #expect(sealed.fields["personalGivenName"] == .string("ésoJ"))
        #expect(protection.sealedZones.last == CloudZoneID(zoneName: HealthSync.zoneName, ownerRecordName: "_alice"))

        // A record Bob shared: opened with Bob's zone, kept as Bob's, sealed for Bob's zone when it goes back.
        let bobs = UUID().uuidString
        var shared = sealed
        shared.recordName = bobs
        shared.fields["uuid"] = .string(String(bobs.reversed()))
        shared.zoneID = CloudZoneID(zoneName: HealthSync.zoneName, ownerRecordName: "_bob")
        shared.share = CloudReference(recordName: "share-\(bobs)")
        for key in Self.relationshipKeys { shared.fields[key] = .string("][") }  // "[]", sealed
        let received = shared
        try await health.database.write { db in try delegate.saveFetchedRecord(received, in: db) }
        #expect(protection.openedZones.last == CloudZoneID(zoneName: HealthSync.zoneName, ownerRecordName: "_bob"))
        let stored = try await health.records.record(bobs)
        #expect(stored.personalGivenName == "José")
        #expect(
            stored.cloudZoneOwner == "_bob" && stored.cloudShareRecordName == "share-\(bobs)"
                && stored.locationStatus == .shared)
        _ = try await health.database.read { db in try delegate.record(for: id(bobs), in: db) }
        #expect(protection.sealedZones.last == CloudZoneID(zoneName: HealthSync.zoneName, ownerRecordName: "_bob"))

        // The user's own records fetched from their private zone (no owner on the wire) open with the
        // signed-in user as the owner.
        var mine = sealed
        mine.zoneID = CloudZoneID(zoneName: HealthSync.zoneName)
        let ownAgain = mine
        try await health.database.write { db in try delegate.saveFetchedRecord(ownAgain, in: db) }
        #expect(protection.openedZones.last == CloudZoneID(zoneName: HealthSync.zoneName, ownerRecordName: "_alice"))
        #expect(try await health.records.record(own.uuid).cloudZoneOwner == nil)

        // Only the user's own cloud-enabled records are uploaded on a first sign-in.
        let ids = try await health.database.read { db in try delegate.allRecordIDs(in: db) }
        #expect(ids.map(\.recordName) == [own.uuid])
    }

    @Test func onlyChangesOfCloudEnabledRecordsAreQueued() async throws {
        // A clock that stands still: an entry changed within the record's last second is still a change.
        let health = try await makeHealth(clock: Date(timeIntervalSince1970: 1_735_000_000))
        func pending() async throws -> [OutboxEntry] {
            try await health.database.read { db in
                try Row.fetchAll(db, sql: "SELECT \(OutboxEntry.columns) FROM syncOutbox ORDER BY seq").map(
                    OutboxEntry.init(row:))
            }
        }
        var person = MedicalRecord()
        person.personalFamilyName = "Local"
        let record = try await health.records.createRecord(person)
        try await health.records.addEntry(BloodEntry(name: "0-"), to: record.uuid)
        #expect(try await pending().isEmpty)

        try await health.records.updateRecord(record.uuid) { $0.isCloudEnabled = true }
        #expect(try await pending().map(\.isDeletion) == [false])
        #expect(try await pending().first?.zone == .private(HealthSync.zoneName))
        try await health.records.addEntry(BloodEntry(name: "A+"), to: record.uuid)
        #expect(try await pending().count == 1)
        try await health.database.write { db in try db.execute(sql: "DELETE FROM syncOutbox") }  // as if sent
        let entry = try await health.records.addEntry(BloodEntry(name: "B+"), to: record.uuid)
        #expect(try await pending().map(\.isDeletion) == [false])
        try await health.database.write { db in try db.execute(sql: "DELETE FROM syncOutbox") }
        try await health.records.removeEntry(BloodEntry.self, id: entry.id)
        #expect(try await pending().map(\.isDeletion) == [false])

        try await health.records.updateRecord(record.uuid) { $0.isCloudEnabled = false }
        #expect(try await pending().map(\.isDeletion) == [true])
        try await health.records.updateRecord(record.uuid) { $0.isCloudEnabled = true }
        try await health.records.deleteRecord(record.uuid)
        #expect(try await pending().map(\.isDeletion) == [true])
    }
}
