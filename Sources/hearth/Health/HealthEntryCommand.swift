public import ArgumentParser
import Foundation
import HearthCore
import HearthExchange
import HearthHealth
import HearthStore

/// `hearth health entry add RECORD KIND …`.
struct HealthEntryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "entry", abstract: "Add entries of every kind to a record.", subcommands: [Add.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Add an entry: blood, drug, vaccination, allergy, illness, risk, medicalHistory, medicalDocument, emergencyContact, humanDoctor, weight or petYearlyCost."
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
                guard let parsed = CalendarDay(iso: date) else {
                    throw ServiceError.validationFailed("--date \"\(date)\" is not a date; write it as yyyy-MM-dd")
                }
                day = parsed
            }
            func decimal(_ text: String?, _ label: String) throws -> Decimal? {
                guard let text else { return nil }
                guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
                    text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" })
                else {
                    throw ServiceError.validationFailed("\(label) \"\(text)\" is not a number; write it like 12.5")
                }
                return value
            }
            let id: UUID
            switch kind {
            case .blood:
                id = try await service.addEntry(BloodEntry(date: day, name: name, comment: comment), to: found.uuid).id
            case .drug:
                id = try await service.addEntry(
                    DrugEntry(date: day, nameAndDosage: name, comment: comment), to: found.uuid
                ).id
            case .vaccination:
                id = try await service.addEntry(
                    VaccinationEntry(date: day, name: name, information: comment, place: place), to: found.uuid
                ).id
            case .allergy:
                id = try await service.addEntry(
                    AllergyEntry(date: day, name: name, information: comment), to: found.uuid
                ).id
            case .illness:
                id = try await service.addEntry(
                    IllnessEntry(date: day, name: name, informationOrComment: comment), to: found.uuid
                ).id
            case .risk:
                id = try await service.addEntry(
                    RiskEntry(date: day, name: name, descriptionOrComment: comment), to: found.uuid
                ).id
            case .medicalHistory:
                id = try await service.addEntry(
                    MedicalHistoryEntry(date: day, name: name, contact: contact, informationOrComment: comment),
                    to: found.uuid
                ).id
            case .medicalDocument:
                id = try await service.addEntry(
                    MedicalDocumentEntry(date: day, name: name, note: comment), to: found.uuid
                ).id
            case .emergencyContact:
                id = try await service.addEntry(
                    EmergencyContact(name: name, phone: phone, email: email, note: comment), to: found.uuid
                ).id
            case .humanDoctor:
                id = try await service.addEntry(
                    HumanDoctor(type: contact, name: name, phone: phone, email: email, address: place, note: comment),
                    to: found.uuid
                ).id
            case .weight:
                id = try await service.addEntry(
                    WeightEntry(date: day, weightKg: try decimal(kg, "--kg"), comment: comment), to: found.uuid
                ).id
            case .petYearlyCost:
                id = try await service.addEntry(
                    PetYearlyCost(
                        date: day, category: category, amount: try decimal(amount, "--amount") ?? 0, note: comment),
                    to: found.uuid
                ).id
            case .observation:
                throw ServiceError.validationFailed(
                    "Lab results and vital signs have commands of their own: hearth health labs add, hearth health vitals add"
                )
            case .dose:
                throw ServiceError.validationFailed(
                    "Doses are recorded against a medication: hearth health meds take MEDICATION (or skip)")
            case .attachment:
                throw ServiceError.validationFailed(
                    "Files are attached to an entry: hearth health attachments add ENTRY_ID FILE")
            }
            if options.json { return try options.print(json: ["added": id.uuidString]) }
            Swift.print("Added a \(kind.rawValue) entry to \(found.displayName).")
        }
    }
}
