import Foundation
import GRDB
import HearthCore
import HearthStore
import HearthTestSupport
import Testing

@testable import HearthHealth

enum HealthFixtures {
    static let utc = TimeZone(identifier: "UTC")!

    static func service(now: Date = Date(timeIntervalSince1970: 1_717_200_000)) throws -> (
        HealthRecordService, WallClock
    ) {
        let clock = WallClock(now)
        return (try HealthRecordService.inMemory(timeZone: utc, now: { clock.now }), clock)
    }

    static func day(_ text: String) -> CalendarDay { CalendarDay(iso: text)! }

    static func url(_ name: String) -> URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures").appendingPathComponent(name)
    }

    /// Rex as the fixture describes him: a pet with a legacy emergency contact and entries of several kinds.
    static func addRex(_ service: HealthRecordService) async throws -> MedicalRecord {
        var rex = MedicalRecord(isPet: true)
        rex.personalName = "Rex"
        rex.personalBirthdate = day("2019-04-02")
        rex.personalAnimalID = "985112000123456"
        rex.ownerName = "Ana García"
        rex.ownerPhone = "+34 600 123 456"
        rex.ownerEmail = "ana@example.com"
        rex.emergencyName = "Luis García"
        rex.emergencyNumber = "+34 600 654 321"
        rex = try await service.createRecord(rex)
        try await service.addEntry(
            DrugEntry(date: day("2024-03-01"), nameAndDosage: "Apoquel 16 mg", comment: "with food"), to: rex.uuid)
        try await service.addEntry(
            VaccinationEntry(
                date: day("2024-01-15"), name: "Rabies", information: "3-year", place: "Clínica Veterinaria Sol"),
            to: rex.uuid)
        try await service.addEntry(AllergyEntry(name: "Chicken", information: "itching"), to: rex.uuid)
        try await service.addEntry(
            MedicalHistoryEntry(date: day("2023-06-10"), name: "Neutering", contact: "Dr. Ruiz"), to: rex.uuid)
        try await service.addEntry(
            WeightEntry(date: day("2024-01-15"), weightKg: Decimal(string: "31.5")), to: rex.uuid)
        try await service.addEntry(WeightEntry(date: day("2024-05-01"), comment: "no scale reading"), to: rex.uuid)
        // Not in format 1: kept in the database, left out of the export.
        try await service.addEntry(PetYearlyCost(date: day("2024-02-01"), category: "Food", amount: 540), to: rex.uuid)
        return rex
    }
}

@Suite struct HealthRecordTests {
    @Test func displayNameSortKeyAndLocation() {
        var pet = MedicalRecord(isPet: true)
        #expect(pet.displayName == "Pet")
        pet.personalName = "  Rex  "
        #expect(pet.displayName == "Rex" && pet.sortKey == "1-rex")
        var person = MedicalRecord()
        #expect(person.displayName == "Person")
        person.personalFamilyName = "Smith"
        person.personalNickName = "Annie"
        #expect(person.displayName == "Smith - Annie")
        person.personalGivenName = "Anna"
        #expect(person.displayName == "Smith - Anna - Annie" && person.sortKey == "0-smith - anna - annie")
        #expect(person.locationStatus == .local)
        person.isCloudEnabled = true
        #expect(person.locationStatus == .cloud)
        person.cloudShareRecordName = "share-1"
        #expect(person.locationStatus == .shared)
        person.cloudShareRecordName = nil
        person.isSharingEnabled = true
        #expect(person.locationStatus == .shared)
    }

    @Test func recordsAreSortedSearchedAndDeletedWithTheirEntries() async throws {
        let (service, _) = try HealthFixtures.service()
        let rex = try await HealthFixtures.addRex(service)
        var jose = MedicalRecord()
        jose.personalFamilyName = "Núñez"
        jose.personalGivenName = "José"
        jose = try await service.createRecord(jose)
        #expect(try await service.records().map(\.displayName) == ["Núñez - José", "Rex"])
        #expect(try await service.search("jose").map(\.uuid) == [jose.uuid])
        #expect(try await service.search("NUNEZ").map(\.uuid) == [jose.uuid])
        #expect(try await service.search("garcía").map(\.uuid) == [rex.uuid])  // the owner's name
        #expect(try await service.search("nobody").isEmpty)
        #expect(try await service.entries(of: rex.uuid).count == 7)

        try await service.deleteRecord(rex.uuid)
        let leftover = try await service.database.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM healthEntry")
        }
        #expect(leftover == 0)
        await #expect(throws: ServiceError.self) { try await service.entries(of: rex.uuid) }
    }

    @Test func entriesAreUpdatedAndRemoved() async throws {
        let (service, clock) = try HealthFixtures.service()
        let rex = try await HealthFixtures.addRex(service)
        clock.advance(by: 60)
        var drug = try #require(try await service.entries(of: rex.uuid).drugs.first)
        drug.comment = "twice a day"
        try await service.updateEntry(drug, in: rex.uuid)
        #expect(try await service.entries(of: rex.uuid).drugs.first?.comment == "twice a day")
        #expect(try await service.record(rex.uuid).updatedAt == clock.now)
        try await service.removeEntry(DrugEntry.self, id: drug.id)
        #expect(try await service.entries(of: rex.uuid).drugs.isEmpty)
        await #expect(throws: ServiceError.self) { try await service.removeEntry(DrugEntry.self, id: drug.id) }
    }

    @Test func badValuesAreRefusedWithTheirReasonAndNothingIsWritten() async throws {
        let (service, _) = try HealthFixtures.service()
        var bad = MedicalRecord()
        bad.personalGender = "male"
        bad.personalBirthdate = HealthFixtures.day("2099-01-01")
        bad.vetEmail = "vet at clinic"
        do {
            try await service.createRecord(bad)
            Issue.record("expected a validation error")
        } catch let error as ServiceError {
            #expect(error.code == .validationFailed)
            #expect(error.reasons.count == 3)
            #expect(error.message.contains("Gender \"male\" is not one of Male, Female, N/A"))
            #expect(error.message.contains("in the future"))
            #expect(error.message.contains("Vet e-mail \"vet at clinic\" is not an e-mail address"))
        }
        #expect(try await service.records().isEmpty)

        let rex = try await HealthFixtures.addRex(service)
        let before = try await service.entries(of: rex.uuid)
        await #expect(throws: ServiceError.self) { try await service.addEntry(WeightEntry(weightKg: -2), to: rex.uuid) }
        await #expect(throws: ServiceError.self) {
            try await service.addEntry(PetYearlyCost(category: "", amount: 10), to: rex.uuid)
        }
        await #expect(throws: ServiceError.self) {
            try await service.addEntry(BloodEntry(name: "A+"), to: UUID().uuidString)
        }
        for index in 1...5 { try await service.addEntry(HumanDoctor(name: "Dr. \(index)"), to: rex.uuid) }
        do {
            try await service.addEntry(HumanDoctor(name: "Dr. 6"), to: rex.uuid)
            Issue.record("a sixth doctor was accepted")
        } catch let error as ServiceError {
            #expect(error.message.contains("at most 5 doctors"))
        }
        var after = try await service.entries(of: rex.uuid)
        #expect(after.doctors.count == 5)
        after.doctors = []
        #expect(after == before)
    }

    @Test func watchingRecordsSeesChanges() async throws {
        let (service, _) = try HealthFixtures.service()
        var iterator = service.watchRecords().makeAsyncIterator()
        #expect(try await iterator.next()?.isEmpty == true)
        let rex = try await HealthFixtures.addRex(service)
        var seen: [MedicalRecord]? = try await iterator.next()
        while seen?.first?.uuid != rex.uuid { seen = try await iterator.next() }
        #expect(seen?.first?.displayName == "Rex")
    }
}

@Suite struct HealthJSONTests {
    @Test func theExportMatchesTheFormatByteForByte() async throws {
        let (service, _) = try HealthFixtures.service()
        let rex = try await HealthFixtures.addRex(service)
        let exported = try await service.exportJSON(rex.uuid)
        let expected = try Data(contentsOf: HealthFixtures.url("rex-v1.json"))
        #expect(String(decoding: exported, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    @Test func peopleHaveNoPetInformationAndNoWeights() async throws {
        let (service, _) = try HealthFixtures.service()
        var anna = MedicalRecord()
        anna.personalGivenName = "Anna"
        anna.personalGender = "Female"
        anna = try await service.createRecord(anna)
        try await service.addEntry(WeightEntry(date: HealthFixtures.day("2024-01-01"), weightKg: 60), to: anna.uuid)
        try await service.addEntry(EmergencyContact(name: "Tom", phone: "555-0100"), to: anna.uuid)
        let object = try JSONSerialization.jsonObject(with: try await service.exportJSON(anna.uuid)) as! [String: Any]
        #expect(object["petinformation"] == nil)
        #expect((object["weights"] as? [Any])?.isEmpty == true)
        #expect(
            (object["emergencyContacts"] as? [[String: String]]) == [
                ["name": "Tom", "phone": "555-0100", "email": "", "note": ""]
            ])
        #expect((object["personalinformation"] as? [String: String])?["personalBirthdate"] == "")
    }

    @Test func anExportImportsBackWithEverythingTheFormatCarriesAndOnlyOnce() async throws {
        let (service, _) = try HealthFixtures.service()
        let report = try await service.importJSON(
            try Data(contentsOf: HealthFixtures.url("rex-v1.json")), file: "rex-v1.json")
        #expect(report.recordsCreated == 1 && report.entriesAdded == 7)
        let uuid = try #require(report.recordIDs.first)
        let record = try await service.record(uuid)
        #expect(record.displayName == "Rex" && record.isPet && record.ownerName == "Ana García")
        // The legacy contact comes back as a contact of the list.
        #expect(try await service.entries(of: uuid).emergencyContacts.map(\.name) == ["Luis García"])
        let again = try await service.exportJSON(uuid)
        #expect(again == (try Data(contentsOf: HealthFixtures.url("rex-v1.json"))))

        let twice = try await service.importJSON(
            try Data(contentsOf: HealthFixtures.url("rex-v1.json")), file: "rex-v1.json")
        #expect(
            twice.recordsCreated == 0 && twice.recordsMatched == 1 && twice.entriesAdded == 0
                && twice.entriesAlreadyPresent == 7)
        #expect(try await service.records().count == 1)
        #expect(try await service.entries(of: uuid).count == 7)
    }

    @Test func manyRecordsImportFromAnArray() async throws {
        let (source, _) = try HealthFixtures.service()
        let rex = try await HealthFixtures.addRex(source)
        var anna = MedicalRecord()
        anna.personalGivenName = "Anna"
        anna = try await source.createRecord(anna)
        let documents = [try await source.exportJSON(rex.uuid), try await source.exportJSON(anna.uuid)]
        let array = Data("[".utf8) + documents[0] + Data(",".utf8) + documents[1] + Data("]".utf8)
        let (target, _) = try HealthFixtures.service()
        let report = try await target.importJSON(array, file: "family.json")
        #expect(report.recordsRead == 2 && report.recordsCreated == 2)
        #expect(try await target.records().map(\.displayName) == ["Anna", "Rex"])
    }

    @Test func badFilesNameTheLineAndPathAndWriteNothing() async throws {
        let (service, _) = try HealthFixtures.service()
        let good = String(decoding: try Data(contentsOf: HealthFixtures.url("rex-v1.json")), as: UTF8.self)
        let cases: [(String, String)] = [
            (
                good.replacingOccurrences(of: "\"2024-03-01\"", with: "\"2024-13-01\""),
                "rex.json: line 16, drugs[0].drugDate: \"2024-13-01\" is not a date; write yyyy-MM-dd, or \"\" for none"
            ),
            (
                good.replacingOccurrences(of: "\"weightKg\" : 31.5", with: "\"weightKg\" : \"heavy\""),
                "rex.json: line 79, weights[0].weightKg: expected decimal"
            ),
            (
                good.replacingOccurrences(of: "\"isPet\" : true", with: "\"isPet\" : \"yes\""),
                "rex.json: line 32, isPet: expected true or false"
            ),
            (
                good.replacingOccurrences(of: "      \"vaccinationInfo\" : \"3-year\",\n", with: ""),
                "rex.json: line 67, vaccinations[0].vaccinationInfo: the member \"vaccinationInfo\" is missing"
            ),
            (
                good.replacingOccurrences(of: "\"exportVersion\" : 1", with: "\"exportVersion\" : 2"),
                "rex.json: line 28, exportVersion: export version 2 is not supported"
            ),
            (
                good.replacingOccurrences(of: "\"ana@example.com\"", with: "\"ana\""),
                "rex.json: Rex: Owner e-mail \"ana\" is not an e-mail address"
            ),
            ("{ \"isPet\": ", "rex.json is not JSON"),
            ("  \n", "rex.json is empty"),
        ]
        for (text, message) in cases {
            do {
                _ = try await service.importJSON(Data(text.utf8), file: "rex.json")
                Issue.record("accepted: \(message)")
            } catch let error as ServiceError {
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
        #expect(try await service.records().isEmpty)
    }
}
