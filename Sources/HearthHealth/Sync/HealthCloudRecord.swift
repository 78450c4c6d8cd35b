import Foundation
import HearthCloudModel
import HearthCore

/// How a medical record and its entries become the fields of one `MedicalRecord` cloud record, and back.
///
/// | field | value |
/// |---|---|
/// | `uuid` and every text field of ``MedicalRecord`` (names, gender, addresses, pet, vet, legacy emergency) | STRING |
/// | `isPet`, `isCloudEnabled` | BOOLEAN |
/// | `createdAt`, `updatedAt` | TIMESTAMP (milliseconds) |
/// | `personalBirthdate` | TIMESTAMP of the day's midnight UTC; absent when there is none |
/// | `schemaVersion` | INT64, 1 |
/// | `bloodEntries` … `emergencyContactEntries`, `observationEntries` (see ``relationshipKeys``) | STRING holding a JSON array of that kind's entries, each as the store keeps it |
///
/// The cloud bookkeeping stays on the device: `cloudRecordName` is the record's name, `cloudShareRecordName`
/// and `isSharingEnabled` follow the share the server reports on the record, `shareParticipantsSummary` is
/// read from that share, `cloudZoneOwner` is the zone the record lives in, and `isMarkedForDeletion` is a
/// local tombstone.
enum HealthCloudRecord {
    /// The version of this mapping; a record of a later version is refused until Hearth is updated.
    static let schemaVersion: Int64 = 1

    /// The field of each kind of entry, in the order of ``HealthEntryKind``'s cases that hold them.
    static let relationshipKeys = [
        "bloodEntries", "drugEntries", "vaccinationEntries", "allergyEntries", "illnessEntries", "riskEntries",
        "medicalHistoryEntries", "medicalDocumentEntries", "humanDoctorEntries", "weightEntries",
        "petYearlyCostEntries",
        "emergencyContactEntries",
        "observationEntries",
        "doseEntries",
        "attachmentEntries",
    ]

    /// The field listing the sealed attachment files as assets; it stays readable to the server (see
    /// ``RecordSealing/clearFields``), which holds only their ciphertext.
    static let attachmentAssetsKey = "attachmentAssets"

    /// The text fields, by name.
    static var textFields: [(name: String, path: WritableKeyPath<MedicalRecord, String>)] {
        [
            ("personalFamilyName", \.personalFamilyName), ("personalGivenName", \.personalGivenName),
            ("personalNickName", \.personalNickName), ("personalGender", \.personalGender),
            ("personalSocialSecurityNumber", \.personalSocialSecurityNumber), ("personalAddress", \.personalAddress),
            ("personalHealthInsurance", \.personalHealthInsurance),
            ("personalHealthInsuranceNumber", \.personalHealthInsuranceNumber),
            ("personalEmployer", \.personalEmployer), ("personalName", \.personalName),
            ("personalAnimalID", \.personalAnimalID),
            ("petBreed", \.petBreed), ("petColor", \.petColor), ("ownerName", \.ownerName),
            ("ownerPhone", \.ownerPhone),
            ("ownerEmail", \.ownerEmail), ("vetClinicName", \.vetClinicName), ("vetContactName", \.vetContactName),
            ("vetPhone", \.vetPhone), ("vetEmail", \.vetEmail), ("vetAddress", \.vetAddress), ("vetNote", \.vetNote),
            ("emergencyName", \.emergencyName), ("emergencyNumber", \.emergencyNumber),
            ("emergencyEmail", \.emergencyEmail),
        ]
    }

    /// The name a record goes by on the server.
    static func recordName(of record: MedicalRecord) -> String { record.cloudRecordName ?? record.uuid }

    // MARK: Record → fields

    /// The fields of `record` with `entries`.
    static func fields(of record: MedicalRecord, entries: RecordEntries) throws -> [String: CloudFieldValue] {
        var fields: [String: CloudFieldValue] = [
            "uuid": .string(record.uuid),
            "createdAt": .date(record.createdAt),
            "updatedAt": .date(record.updatedAt),
            "isPet": .boolean(record.isPet),
            "isCloudEnabled": .boolean(record.isCloudEnabled),
            "schemaVersion": .int64(schemaVersion),
        ]
        for (name, path) in textFields { fields[name] = .string(record[keyPath: path]) }
        if let birth = record.personalBirthdate { fields["personalBirthdate"] = .date(birth.startOfDay(in: utc)) }
        let lists = [
            try list(entries.blood), try list(entries.drugs), try list(entries.vaccinations),
            try list(entries.allergies),
            try list(entries.illnesses), try list(entries.risks), try list(entries.medicalHistory),
            try list(entries.medicalDocuments),
            try list(entries.doctors), try list(entries.weights), try list(entries.petYearlyCosts),
            try list(entries.emergencyContacts),
            try list(entries.observations),
            try list(entries.doses),
            try list(entries.attachments),
        ]
        for (key, text) in zip(relationshipKeys, lists) { fields[key] = .string(text) }
        // The sealed attachment files, as assets the server can see are in use (their keys are in the sealed
        // attachmentEntries).
        let assets = entries.attachments.compactMap { attachment in
            attachment.sealedChecksum.map { CloudAsset(fileChecksum: $0, size: attachment.sealedByteCount ?? 0) }
        }
        if !assets.isEmpty { fields[attachmentAssetsKey] = .list(.asset(assets)) }
        return fields
    }

    private static func list<E: HealthEntry>(_ entries: [E]) throws -> String {
        try HealthRecordService.encode(entries)
    }

    // MARK: Fields → record

    /// The record and entries `record` holds, checked: every field of the right type, a schema this version
    /// reads, values the store accepts (on `today`). The cloud bookkeeping is left for the caller.
    /// - Throws: ``ServiceError`` (validation failed) naming the record and the field at fault.
    static func decode(_ record: CloudRecord, today: CalendarDay) throws -> (MedicalRecord, RecordEntries) {
        let reader = FieldReader(record: record)
        guard let version = try reader.integer("schemaVersion") else {
            throw reader.problem(
                "has no schemaVersion field; every MedicalRecord carries one (1 for this version of Hearth)")
        }
        guard version <= schemaVersion else {
            throw reader.problem(
                "was written by a newer version of Hearth (schemaVersion \(version); this one reads up to \(schemaVersion)). Update Hearth on this device to sync it"
            )
        }
        guard version >= 1 else {
            throw reader.problem("has schemaVersion \(version), which no version of Hearth writes; it must be 1")
        }

        let uuid = try reader.text("uuid") ?? record.recordName
        guard let createdAt = try reader.date("createdAt") else {
            throw reader.problem("has no createdAt field; every MedicalRecord needs one")
        }
        let updatedAt = try reader.date("updatedAt") ?? createdAt
        var medical = MedicalRecord(
            uuid: uuid, isPet: try reader.boolean("isPet") ?? false, createdAt: createdAt, updatedAt: updatedAt)
        for (name, path) in textFields {
            if let text = try reader.text(name) { medical[keyPath: path] = text }
        }
        medical.personalBirthdate = try reader.date("personalBirthdate").map { CalendarDay($0, in: utc) }
        let problems = HealthValidation.problems(medical, today: today)
        guard problems.isEmpty else { throw reader.problem("cannot be stored: " + problems.joined(separator: "; ")) }

        var entries = RecordEntries()
        entries.blood = try reader.entries("bloodEntries", BloodEntry.self)
        entries.drugs = try reader.entries("drugEntries", DrugEntry.self)
        entries.vaccinations = try reader.entries("vaccinationEntries", VaccinationEntry.self)
        entries.allergies = try reader.entries("allergyEntries", AllergyEntry.self)
        entries.illnesses = try reader.entries("illnessEntries", IllnessEntry.self)
        entries.risks = try reader.entries("riskEntries", RiskEntry.self)
        entries.medicalHistory = try reader.entries("medicalHistoryEntries", MedicalHistoryEntry.self)
        entries.medicalDocuments = try reader.entries("medicalDocumentEntries", MedicalDocumentEntry.self)
        entries.doctors = try reader.entries("humanDoctorEntries", HumanDoctor.self)
        entries.weights = try reader.entries("weightEntries", WeightEntry.self)
        entries.petYearlyCosts = try reader.entries("petYearlyCostEntries", PetYearlyCost.self)
        entries.emergencyContacts = try reader.entries("emergencyContactEntries", EmergencyContact.self)
        entries.observations = try reader.entries("observationEntries", HealthObservation.self)
        entries.doses = try reader.entries("doseEntries", DoseRecord.self)
        entries.attachments = try reader.entries("attachmentEntries", HealthAttachment.self)
        guard entries.doctors.count <= HumanDoctor.limit else {
            throw reader.problem(
                "holds \(entries.doctors.count) doctors in humanDoctorEntries; a record keeps at most \(HumanDoctor.limit)"
            )
        }
        let ids = entries.all.map(\.id)
        guard Set(ids).count == ids.count else {
            throw reader.problem("names one entry id twice among its entries; every entry needs an id of its own")
        }
        return (medical, entries)
    }

    static let utc = TimeZone(identifier: "UTC")!

    /// Reads typed fields of one record, with errors that name the record and the field.
    private struct FieldReader {
        let record: CloudRecord

        func problem(_ text: String) -> ServiceError {
            ServiceError.validationFailed("Record \(record.recordName) (\(record.recordType)) \(text).")
        }

        private func wrongType(_ name: String, _ value: CloudFieldValue, expected: String) -> ServiceError {
            problem("has a \(value.typeName) in field \(name); it must be \(expected)")
        }

        func text(_ name: String) throws -> String? {
            guard let value = record.fields[name] else { return nil }
            guard case .string(let text) = value else { throw wrongType(name, value, expected: "STRING") }
            return text
        }

        func boolean(_ name: String) throws -> Bool? {
            switch record.fields[name] {
            case nil: return nil
            case .boolean(let flag)?: return flag
            case .int64(let number)?: return number != 0
            case let value?: throw wrongType(name, value, expected: "BOOLEAN")
            }
        }

        func integer(_ name: String) throws -> Int64? {
            guard let value = record.fields[name] else { return nil }
            guard case .int64(let number) = value else { throw wrongType(name, value, expected: "INT64") }
            return number
        }

        func date(_ name: String) throws -> Date? {
            guard let value = record.fields[name] else { return nil }
            guard let date = value.dateValue else { throw wrongType(name, value, expected: "TIMESTAMP") }
            return date
        }

        /// The entries a relationship field holds: a JSON array of `E`, each of which the store accepts. An
        /// absent field holds none.
        func entries<E: HealthEntry>(_ name: String, _ type: E.Type) throws -> [E] {
            guard let text = try text(name) else { return [] }
            let entries: [E]
            do {
                entries = try JSONDecoder.hearth.decode([E].self, from: Data(text.utf8))
            } catch {
                throw problem(
                    "has field \(name) that is not a JSON array of \(E.kind.rawValue) entries: \(DecodingErrorSummary.describe(error))"
                )
            }
            for (index, entry) in entries.enumerated() {
                let problems = entry.problems()
                if !problems.isEmpty {
                    throw problem(
                        "has an entry that cannot be stored in field \(name) (at [\(index)]): "
                            + problems.joined(separator: "; "))
                }
            }
            return entries
        }
    }
}
