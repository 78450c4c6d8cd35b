public import ArgumentParser
import Foundation
import HearthCore
import HearthExchange
import HearthHealth
import HearthStore

/// `hearth health record add|list|show|update|remove`.
struct HealthRecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record", abstract: "Add, list, show, change and remove records.",
        subcommands: [Add.self, List.self, Show.self, Update.self, Remove.self]
    )

    struct Fields: ParsableArguments {
        @Option(help: "A pet's name.") var name: String?
        @Option(name: .customLong("family-name")) var familyName: String?
        @Option(name: .customLong("given-name")) var givenName: String?
        @Option(name: .customLong("nick-name")) var nickName: String?
        @Option(help: "Male, Female or N/A.") var gender: String?
        @Option(help: "yyyy-MM-dd.") var birthdate: String?
        @Option(name: .customLong("animal-id")) var animalID: String?
        @Option var breed: String?
        @Option var color: String?
        @Option var owner: String?
        @Option(name: .customLong("owner-phone")) var ownerPhone: String?
        @Option(name: .customLong("owner-email")) var ownerEmail: String?
        @Option var insurance: String?
        @Option(name: .customLong("insurance-number")) var insuranceNumber: String?
        @Option var address: String?
        @Option(name: .customLong("vet-clinic")) var vetClinic: String?
        @Option(name: .customLong("vet-phone")) var vetPhone: String?
        @Option(name: .customLong("vet-email")) var vetEmail: String?
        @Option(
            help:
                "on keeps the record in the cloud (synced by hearth health sync, and shareable); off takes it out of the cloud."
        )
        var cloud: String?

        func apply(to record: inout MedicalRecord) throws {
            switch cloud?.lowercased() {
            case nil: break
            case "on": record.isCloudEnabled = true
            case "off": record.isCloudEnabled = false
            case let other?: throw ServiceError.validationFailed("--cloud \"\(other)\" is not on or off")
            }
            if let name { record.personalName = name }
            if let familyName { record.personalFamilyName = familyName }
            if let givenName { record.personalGivenName = givenName }
            if let nickName { record.personalNickName = nickName }
            if let gender { record.personalGender = gender }
            if let birthdate {
                guard birthdate.isEmpty || CalendarDay(iso: birthdate) != nil else {
                    throw ServiceError.validationFailed(
                        "--birthdate \"\(birthdate)\" is not a date; write it as yyyy-MM-dd, such as 2019-04-02")
                }
                record.personalBirthdate = CalendarDay(iso: birthdate)
            }
            if let animalID { record.personalAnimalID = animalID }
            if let breed { record.petBreed = breed }
            if let color { record.petColor = color }
            if let owner { record.ownerName = owner }
            if let ownerPhone { record.ownerPhone = ownerPhone }
            if let ownerEmail { record.ownerEmail = ownerEmail }
            if let insurance { record.personalHealthInsurance = insurance }
            if let insuranceNumber { record.personalHealthInsuranceNumber = insuranceNumber }
            if let address { record.personalAddress = address }
            if let vetClinic { record.vetClinicName = vetClinic }
            if let vetPhone { record.vetPhone = vetPhone }
            if let vetEmail { record.vetEmail = vetEmail }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a record for a person, or a pet with --pet.")
        @OptionGroup var options: HealthOptions
        @Flag(help: "The record is a pet's.") var pet = false
        @OptionGroup var fields: Fields

        func run() async throws {
            var record = MedicalRecord(isPet: pet)
            try fields.apply(to: &record)
            let saved = try await options.openService().createRecord(record)
            if options.json { return try options.print(json: saved) }
            Swift.print("Added \(saved.displayName) (\(saved.uuid.prefix(8))).")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List records, people first; --search filters by name ignoring case and accents.")
        @OptionGroup var options: HealthOptions
        @Option var search: String?

        func run() async throws {
            let service = try options.openService()
            let records = if let search { try await service.search(search) } else { try await service.records() }
            if options.json { return try options.print(json: records) }
            guard !records.isEmpty else {
                return Swift.print(
                    search == nil
                        ? "No records yet. Add one with `hearth health record add`."
                        : "No record matches \"\(search!)\".")
            }
            Swift.print(
                TextTable.render(
                    ["ID", "NAME", "KIND", "WHERE"],
                    records.map {
                        [
                            String($0.uuid.prefix(8)), $0.displayName, $0.isPet ? "pet" : "person",
                            $0.locationStatus.rawValue,
                        ]
                    }))
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a record and its entries.")
        @OptionGroup var options: HealthOptions
        @Argument(help: "The record: its name or the start of its id.") var record: String

        struct Shown: Encodable {
            var record: MedicalRecord
            var entries: RecordEntries
        }

        func run() async throws {
            let service = try options.openService()
            let found = try await options.record(record, in: service)
            let entries = try await service.entries(of: found.uuid)
            if options.json { return try options.print(json: Shown(record: found, entries: entries)) }
            Swift.print("\(found.displayName) (\(found.isPet ? "pet" : "person"), \(found.uuid))")
            if let birth = found.personalBirthdate { Swift.print("  Born \(birth.iso)") }
            let counts: [(String, Int)] = [
                ("blood", entries.blood.count), ("drugs", entries.drugs.count),
                ("vaccinations", entries.vaccinations.count),
                ("allergies", entries.allergies.count), ("illnesses", entries.illnesses.count),
                ("risks", entries.risks.count),
                ("medical history", entries.medicalHistory.count), ("documents", entries.medicalDocuments.count),
                ("emergency contacts", entries.emergencyContacts.count), ("doctors", entries.doctors.count),
                ("weights", entries.weights.count), ("yearly costs", entries.petYearlyCosts.count),
            ]
            let present = counts.filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" }
            Swift.print("  " + (present.isEmpty ? "No entries yet." : present.joined(separator: ", ")))
        }
    }

    struct Update: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change a record's details.")
        @OptionGroup var options: HealthOptions
        @Argument(help: "The record: its name or the start of its id.") var record: String
        @OptionGroup var fields: Fields

        func run() async throws {
            let service = try options.openService()
            let found = try await options.record(record, in: service)
            var changed = found
            try fields.apply(to: &changed)
            let final = changed
            let saved = try await service.updateRecord(found.uuid) { $0 = final }
            if options.json { return try options.print(json: saved) }
            Swift.print("Updated \(saved.displayName).")
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a record with all its entries.")
        @OptionGroup var options: HealthOptions
        @Argument(help: "The record.") var record: String
        @Flag(help: "Confirm: the record and its entries are deleted.") var yes = false

        func run() async throws {
            let service = try options.openService()
            let found = try await options.record(record, in: service)
            guard yes else {
                throw ServiceError.validationFailed(
                    "Removing \(found.displayName) deletes all its entries. Add --yes to confirm.")
            }
            try await service.deleteRecord(found.uuid)
            if options.json { return try options.print(json: ["removed": found.uuid]) }
            Swift.print("Removed \(found.displayName).")
        }
    }
}
