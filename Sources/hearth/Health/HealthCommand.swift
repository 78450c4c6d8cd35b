public import ArgumentParser
import Foundation
import HearthCore
import HearthExchange
import HearthHealth
import HearthStore

/// `hearth health …`: medical records for people and pets on a local database.
struct Health: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health",
        abstract: "Medical records for people and pets: records, entries, JSON export and import, cloud sync and sharing.",
        discussion: """
            Data lives in health.sqlite in the data directory (HEARTH_DATA_DIR, default ./hearth-data);
            choose another file with --db. Add --json to any command for machine-readable output.

            Start with:
              hearth health record add --pet --name Rex --owner "Ana García"
              hearth health entry add Rex vaccination --date 2024-01-15 --name Rabies
              hearth health export Rex -o rex.json

            Sync and share through a Hearth server (hearth serve):
              hearth health record update Rex --cloud on
              hearth health sync --server URL --email EMAIL --password PASSWORD [--sign-up]
              hearth health share create Rex --server URL
            """,
        subcommands: [
            HealthRecordCommand.self, HealthEntryCommand.self, HealthExport.self, HealthImport.self,
            SyncCommand<HealthSyncCLI>.self, HealthShareCommand.self, HealthKeysCommand.self, HealthDebugLogCommand.self,
        ]
    )
}

/// The options every health command takes.
struct HealthOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: "The health database file (default: health.sqlite in HEARTH_DATA_DIR, else ./hearth-data).")
    var database: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    /// The database path: --db, else health.sqlite in HEARTH_DATA_DIR or ./hearth-data.
    var databaseURL: URL {
        database.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) } ?? dataFolder().appendingPathComponent("health.sqlite")
    }

    func openService() throws -> HealthRecordService {
        try openHealth().records
    }

    /// Opens (creating when needed) the health database with the sync tables, so every change of a
    /// cloud-enabled record is queued for `hearth health sync` once sync is on.
    func openHealth() throws -> HealthSync.Opened {
        let url = databaseURL
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ServiceError.validationFailed("--db \(url.path) is a folder; give a file path such as \(url.appendingPathComponent("health.sqlite").path)")
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        return try HealthSync.open(at: url)
    }

    /// The record `reference` names: its id, the start of its id, or its display name (ignoring case and accents).
    func record(_ reference: String, in service: HealthRecordService) async throws -> MedicalRecord {
        let records = try await service.records()
        if let exact = records.first(where: { $0.uuid.caseInsensitiveCompare(reference) == .orderedSame }) { return exact }
        let key = HealthValidation.searchKey(reference)
        let named = records.filter { HealthValidation.searchKey($0.displayName) == key }
        if named.count == 1 { return named[0] }
        let prefixed = records.filter { $0.uuid.lowercased().hasPrefix(reference.lowercased()) }
        if prefixed.count == 1, reference.count >= 4 { return prefixed[0] }
        if named.count > 1 || prefixed.count > 1 {
            throw ServiceError.validationFailed("\"\(reference)\" matches several records; give the start of the id (see `hearth health record list`)")
        }
        throw ServiceError.notFound("A record called \"\(reference)\" (see `hearth health record list`)")
    }

    func print<T: Encodable>(json value: T) throws {
        let encoder = JSONEncoder.hearth
        encoder.outputFormatting.insert(.prettyPrinted)
        FileHandle.standardOutput.write(try encoder.encode(value))
        FileHandle.standardOutput.write(Data("\n".utf8))
    }
}

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
        @Option(help: "on keeps the record in the cloud (synced by hearth health sync, and shareable); off takes it out of the cloud.")
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
                    throw ServiceError.validationFailed("--birthdate \"\(birthdate)\" is not a date; write it as yyyy-MM-dd, such as 2019-04-02")
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
        static let configuration = CommandConfiguration(abstract: "List records, people first; --search filters by name ignoring case and accents.")
        @OptionGroup var options: HealthOptions
        @Option var search: String?

        func run() async throws {
            let service = try options.openService()
            let records = if let search { try await service.search(search) } else { try await service.records() }
            if options.json { return try options.print(json: records) }
            guard !records.isEmpty else { return Swift.print(search == nil ? "No records yet. Add one with `hearth health record add`." : "No record matches \"\(search!)\".") }
            Swift.print(TextTable.render(["ID", "NAME", "KIND", "WHERE"], records.map { [String($0.uuid.prefix(8)), $0.displayName, $0.isPet ? "pet" : "person", $0.locationStatus.rawValue] }))
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a record and its entries.")
        @OptionGroup var options: HealthOptions
        @Argument(help: "The record: its name or the start of its id.") var record: String

        struct Shown: Encodable { var record: MedicalRecord; var entries: RecordEntries }

        func run() async throws {
            let service = try options.openService()
            let found = try await options.record(record, in: service)
            let entries = try await service.entries(of: found.uuid)
            if options.json { return try options.print(json: Shown(record: found, entries: entries)) }
            Swift.print("\(found.displayName) (\(found.isPet ? "pet" : "person"), \(found.uuid))")
            if let birth = found.personalBirthdate { Swift.print("  Born \(birth.iso)") }
            let counts: [(String, Int)] = [
                ("blood", entries.blood.count), ("drugs", entries.drugs.count), ("vaccinations", entries.vaccinations.count),
                ("allergies", entries.allergies.count), ("illnesses", entries.illnesses.count), ("risks", entries.risks.count),
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
            guard yes else { throw ServiceError.validationFailed("Removing \(found.displayName) deletes all its entries. Add --yes to confirm.") }
            try await service.deleteRecord(found.uuid)
            if options.json { return try options.print(json: ["removed": found.uuid]) }
            Swift.print("Removed \(found.displayName).")
        }
    }
}

extension HealthEntryKind: ExpressibleByArgument {}

/// `hearth health entry add RECORD KIND …`.
struct HealthEntryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "entry", abstract: "Add entries of every kind to a record.", subcommands: [Add.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add an entry: blood, drug, vaccination, allergy, illness, risk, medicalHistory, medicalDocument, emergencyContact, humanDoctor, weight or petYearlyCost."
        )
        @OptionGroup var options: HealthOptions
        @Argument(help: "The record.") var record: String
        @Argument(help: "The kind of entry.") var kind: HealthEntryKind
        @Option(help: "yyyy-MM-dd.") var date: String?
        @Option(help: "The name (a drug's name and dosage, a contact's or doctor's name).") var name = ""
        @Option(help: "Information, description or comment.") var comment = ""
        @Option(help: "A vaccination's place or a doctor's address.") var place = ""
        @Option(help: "A history entry's contact, a doctor's type.") var contact = ""
        @Option var phone = ""
        @Option var email = ""
        @Option(help: "A weight in kilograms.") var kg: String?
        @Option(help: "A yearly cost's amount.") var amount: String?
        @Option(help: "A yearly cost's category.") var category = ""

        func run() async throws {
            let service = try options.openService()
            let found = try await options.record(record, in: service)
            var day: CalendarDay?
            if let date {
                guard let parsed = CalendarDay(iso: date) else { throw ServiceError.validationFailed("--date \"\(date)\" is not a date; write it as yyyy-MM-dd") }
                day = parsed
            }
            func decimal(_ text: String?, _ label: String) throws -> Decimal? {
                guard let text else { return nil }
                guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }) else {
                    throw ServiceError.validationFailed("\(label) \"\(text)\" is not a number; write it like 12.5")
                }
                return value
            }
            let id: UUID
            switch kind {
            case .blood: id = try await service.addEntry(BloodEntry(date: day, name: name, comment: comment), to: found.uuid).id
            case .drug: id = try await service.addEntry(DrugEntry(date: day, nameAndDosage: name, comment: comment), to: found.uuid).id
            case .vaccination: id = try await service.addEntry(VaccinationEntry(date: day, name: name, information: comment, place: place), to: found.uuid).id
            case .allergy: id = try await service.addEntry(AllergyEntry(date: day, name: name, information: comment), to: found.uuid).id
            case .illness: id = try await service.addEntry(IllnessEntry(date: day, name: name, informationOrComment: comment), to: found.uuid).id
            case .risk: id = try await service.addEntry(RiskEntry(date: day, name: name, descriptionOrComment: comment), to: found.uuid).id
            case .medicalHistory: id = try await service.addEntry(MedicalHistoryEntry(date: day, name: name, contact: contact, informationOrComment: comment), to: found.uuid).id
            case .medicalDocument: id = try await service.addEntry(MedicalDocumentEntry(date: day, name: name, note: comment), to: found.uuid).id
            case .emergencyContact: id = try await service.addEntry(EmergencyContact(name: name, phone: phone, email: email, note: comment), to: found.uuid).id
            case .humanDoctor: id = try await service.addEntry(HumanDoctor(type: contact, name: name, phone: phone, email: email, address: place, note: comment), to: found.uuid).id
            case .weight: id = try await service.addEntry(WeightEntry(date: day, weightKg: try decimal(kg, "--kg"), comment: comment), to: found.uuid).id
            case .petYearlyCost:
                id = try await service.addEntry(PetYearlyCost(date: day, category: category, amount: try decimal(amount, "--amount") ?? 0, note: comment), to: found.uuid).id
            }
            if options.json { return try options.print(json: ["added": id.uuidString]) }
            Swift.print("Added a \(kind.rawValue) entry to \(found.displayName).")
        }
    }
}

/// `hearth health export RECORD [--format json|pdf|html] [-o PATH]`.
struct HealthExport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a record: JSON (format version 1, the original app's), a FHIR R4 Bundle, or a PDF or HTML report with charts.",
        discussion: """
            PDF and HTML go into a folder (-o, default the current one) as "<name> - Medical Record.pdf"; JSON and FHIR go
            to -o FILE (into -o FOLDER as "<name> - Medical Record.json" or "<name> - FHIR Bundle.json"), or to stdout
            without -o. Every file is readable only by you (0600), and encrypted with AES-GCM
            when HEARTH_ENCRYPTION_KEY holds a key (hearth health import reads it back with the same key; keep its name,
            which the encryption is bound to).
            """
    )
    @OptionGroup var options: HealthOptions
    @Argument(help: "The record.") var record: String
    @Option(name: .shortAndLong, help: "The file or folder (JSON, FHIR) or the folder (PDF, HTML) to write to.") var output: String?
    @Option(help: "json, fhir (a FHIR R4 Bundle, people only), pdf or html.") var format = "json"

    func run() async throws {
        let service = try options.openService()
        let found = try await options.record(record, in: service)
        switch format.lowercased() {
        case "json", "fhir":
            let data = format.lowercased() == "json" ? try await service.exportJSON(found.uuid) : try await service.exportFHIR(found.uuid)
            guard let output else {
                FileHandle.standardOutput.write(data + Data("\n".utf8))
                return
            }
            // The file holds social security and insurance numbers: written as the PDFs are, 0600 and
            // encrypted when there is a key.
            var url = URL(fileURLWithPath: (output as NSString).expandingTildeInPath)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
                // A folder, as for the PDF: the file is named after the record, as the report is.
                let kind = format.lowercased() == "json" ? "Medical Record" : "FHIR Bundle"
                url = url.appendingPathComponent("\(found.displayName.replacingOccurrences(of: "/", with: "-")) - \(kind).json")
            }
            let store = ProtectedFileStore(directory: url.deletingLastPathComponent(), key: try HealthFiles.key())
            try store.write(data, to: url.lastPathComponent)
            if options.json { return try options.print(json: ["written": url.path, "encrypted": store.isEncrypted ? "yes" : "no"]) }
            Swift.print("Wrote \(found.displayName) to \(url.path)\(store.isEncrypted ? " (encrypted)" : "").")
        case "pdf", "html":
            let folder = URL(fileURLWithPath: ((output ?? ".") as NSString).expandingTildeInPath)
            let store = ProtectedFileStore(directory: folder, key: try HealthFiles.key())
            let name = try await HealthReportService(records: service).write(found.uuid, format: format.lowercased() == "pdf" ? .pdf : .html, to: store)
            let path = folder.appendingPathComponent(name).path
            if options.json { return try options.print(json: ["written": path, "encrypted": store.isEncrypted ? "yes" : "no"]) }
            Swift.print("Wrote \(path)\(store.isEncrypted ? " (encrypted)" : "").")
        default:
            throw ServiceError.validationFailed("--format \(format) is not one of json, fhir, pdf, html")
        }
    }
}

/// `hearth health import FILE`.
struct HealthImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a JSON export (version 1: one record or an array; importing twice adds nothing), a FHIR R4 Bundle, or a vCard file's contacts into a record (--to).",
        discussion: "An export encrypted by hearth health export is read with the key in HEARTH_ENCRYPTION_KEY."
    )
    @OptionGroup var options: HealthOptions
    @Argument(help: "The file: .json, or .vcf (vCard 2.1, 3.0 or 4.0).") var file: String
    @Option(help: "The record whose emergency contacts a vCard file's contacts join.") var to: String?

    func run() async throws {
        let url = URL(fileURLWithPath: (file as NSString).expandingTildeInPath)
        let data = try HealthFiles.read(url)
        if url.pathExtension.lowercased() == "vcf" || to != nil {
            guard let to else { throw ServiceError.validationFailed("Say which record the contacts join with --to RECORD") }
            let service = try options.openService()
            let record = try await options.record(to, in: service)
            let report = try await service.importContacts(data, file: url.lastPathComponent, to: record.uuid)
            if options.json { return try options.print(json: report) }
            Swift.print("Read \(report.cardsRead) card\(report.cardsRead == 1 ? "" : "s"): \(report.added) contact\(report.added == 1 ? "" : "s") added to \(record.displayName), \(report.alreadyPresent) already there.")
            for line in report.skipped { Swift.print("Skipped \(line)") }
            return
        }
        let service = try options.openService()
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], object["resourceType"] != nil {
            let report = try await service.importFHIR(data, file: url.lastPathComponent)
            if options.json { return try options.print(json: report) }
            let counts = report.imported.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            Swift.print("Made record \(report.recordID.prefix(8)) from the FHIR bundle: \(counts.isEmpty ? "no entries" : counts).")
            for line in report.skipped { Swift.print("Skipped \(line)") }
            return
        }
        let report = try await service.importJSON(data, file: url.lastPathComponent)
        if options.json { return try options.print(json: report) }
        Swift.print("Read \(report.recordsRead) record\(report.recordsRead == 1 ? "" : "s"): \(report.recordsCreated) added, \(report.recordsMatched) already here; \(report.entriesAdded) entries added, \(report.entriesAlreadyPresent) already present.")
    }
}
