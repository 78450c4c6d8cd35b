public import Foundation
import HearthCore
import HearthStore

extension FHIRBundle {
    /// What a bundle holds, read into a Hearth record.
    struct Parsed {
        var record: MedicalRecord
        var entries: RecordEntries
        var report: FHIRImportReport
    }

    /// Reads a FHIR R4 bundle (`collection`, `document`, `searchset`, `transaction`… any type) holding one Patient.
    /// - Throws: ``ServiceError`` naming `file` when it is not JSON, not a Bundle, or has no Patient or several.
    static func parse(_ data: Data, file: String, createdAt: Date) throws -> Parsed {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ServiceError.validationFailed("\(file) is not JSON; import a FHIR R4 Bundle")
        }
        guard let bundle = json as? [String: Any], bundle["resourceType"] as? String == "Bundle" else {
            let type = ((json as? [String: Any])?["resourceType"] as? String).map { "a \($0)" } ?? "not a FHIR resource"
            throw ServiceError.validationFailed(
                "\(file) is \(type), not a Bundle; export the patient's records as a FHIR Bundle")
        }
        let resources = (bundle["entry"] as? [[String: Any]] ?? []).compactMap { $0["resource"] as? [String: Any] }
        let patients = resources.filter { $0["resourceType"] as? String == "Patient" }
        guard patients.count == 1, let patient = patients.first else {
            throw ServiceError.validationFailed(
                patients.isEmpty
                    ? "\(file) has no Patient; a Hearth record is made from one"
                    : "\(file) has \(patients.count) Patients; import one patient's bundle at a time"
            )
        }
        var parsed = Parsed(
            record: record(from: patient, createdAt: createdAt), entries: RecordEntries(), report: FHIRImportReport())
        var skipped: [String: (count: Int, reason: String)] = [:]
        func skip(_ type: String, _ reason: String) {
            let key = "\(type): \(reason)"
            skipped[key, default: (0, reason)].count += 1
        }
        func count(_ kind: HealthEntryKind) { parsed.report.imported[kind.rawValue, default: 0] += 1 }

        for resource in resources {
            let type = resource["resourceType"] as? String ?? "a resource without resourceType"
            switch type {
            case "Patient":
                continue
            case "AllergyIntolerance":
                parsed.entries.allergies.append(
                    AllergyEntry(
                        date: day(resource["recordedDate"]) ?? day(resource["onsetDateTime"]),
                        name: conceptText(resource["code"]) ?? "Allergy",
                        information: reactions(resource), comment: notes(resource)))
                count(.allergy)
            case "Immunization":
                parsed.entries.vaccinations.append(
                    VaccinationEntry(
                        date: day(resource["occurrenceDateTime"]),
                        name: conceptText(resource["vaccineCode"]) ?? "Vaccination",
                        information: (resource["lotNumber"] as? String).map { "Lot \($0)" } ?? "",
                        place: display(resource["location"]) ?? "", comment: notes(resource)))
                count(.vaccination)
            case "Condition":
                let name = conceptText(resource["code"]) ?? "Condition"
                let date = day(resource["onsetDateTime"]) ?? day(resource["recordedDate"])
                if codes(resource["category"]).contains("health-concern") {
                    parsed.entries.risks.append(
                        RiskEntry(date: date, name: name, descriptionOrComment: notes(resource)))
                    count(.risk)
                } else {
                    parsed.entries.illnesses.append(
                        IllnessEntry(date: date, name: name, informationOrComment: notes(resource)))
                    count(.illness)
                }
            case "Procedure":
                let performer =
                    (resource["performer"] as? [[String: Any]])?.first.flatMap { display($0["actor"]) } ?? ""
                parsed.entries.medicalHistory.append(
                    MedicalHistoryEntry(
                        date: day(resource["performedDateTime"])
                            ?? day((resource["performedPeriod"] as? [String: Any])?["start"]),
                        name: conceptText(resource["code"]) ?? "Procedure", contact: performer,
                        informationOrComment: notes(resource)))
                count(.medicalHistory)
            case "MedicationStatement", "MedicationRequest":
                let name =
                    conceptText(resource["medicationCodeableConcept"]) ?? display(resource["medicationReference"])
                    ?? "Medication"
                let dosage =
                    (resource[type == "MedicationRequest" ? "dosageInstruction" : "dosage"] as? [[String: Any]])?
                    .compactMap { $0["text"] as? String }.joined(separator: "; ") ?? ""
                parsed.entries.drugs.append(
                    DrugEntry(
                        date: day(resource["effectiveDateTime"]) ?? day(
                            (resource["effectivePeriod"] as? [String: Any])?["start"]) ?? day(resource["authoredOn"]),
                        nameAndDosage: dosage.isEmpty ? name : "\(name), \(dosage)", comment: notes(resource)))
                let dosages = resource[type == "MedicationRequest" ? "dosageInstruction" : "dosage"] as? [[String: Any]]
                if let medication = medication(name: name, dosage: dosages?.first) {
                    parsed.entries.drugs[parsed.entries.drugs.count - 1].medication = medication
                    parsed.entries.drugs[parsed.entries.drugs.count - 1].nameAndDosage = medication.nameAndDosage
                }
                count(.drug)
            case "Observation":
                switch try observation(resource, file: file) {
                case .observation(let observation):
                    parsed.entries.observations.append(observation)
                    count(.observation)
                case .blood(let entry):
                    parsed.entries.blood.append(entry)
                    count(.blood)
                case .skipped(let reason):
                    skip(type, reason)
                }
            case "DocumentReference":
                let title =
                    ((resource["content"] as? [[String: Any]])?.first?["attachment"] as? [String: Any])?["title"]
                    as? String
                parsed.entries.medicalDocuments.append(
                    MedicalDocumentEntry(
                        date: day(resource["date"]),
                        name: resource["description"] as? String ?? title ?? conceptText(resource["type"])
                            ?? "Document",
                        note: conceptText(resource["type"]) ?? ""))
                count(.medicalDocument)
            case "RelatedPerson":
                let (phone, email) = telecom(resource["telecom"])
                parsed.entries.emergencyContacts.append(
                    EmergencyContact(
                        name: humanName(resource["name"]) ?? "", phone: phone, email: email,
                        note: (resource["relationship"] as? [Any])?.compactMap(conceptText).joined(separator: ", ")
                            ?? ""))
                count(.emergencyContact)
            case "Practitioner":
                guard parsed.entries.doctors.count < HumanDoctor.limit else {
                    skip(type, "a record keeps at most \(HumanDoctor.limit) doctors")
                    continue
                }
                let (phone, email) = telecom(resource["telecom"])
                let address = (resource["address"] as? [[String: Any]])?.first.flatMap(addressText) ?? ""
                let qualification =
                    (resource["qualification"] as? [[String: Any]])?.first.flatMap { conceptText($0["code"]) } ?? ""
                parsed.entries.doctors.append(
                    HumanDoctor(
                        type: qualification, name: humanName(resource["name"]) ?? "Doctor", phone: phone, email: email,
                        address: address))
                count(.humanDoctor)
            default:
                skip(type, "not part of a Hearth record")
            }
        }
        parsed.report.skipped = skipped.keys.sorted().map { key in
            let count = skipped[key]!.count
            return count == 1 ? key : "\(key) (\(count))"
        }
        return parsed
    }

    static func record(from patient: [String: Any], createdAt: Date) -> MedicalRecord {
        var record = MedicalRecord(createdAt: createdAt)
        let names = patient["name"] as? [[String: Any]] ?? []
        let official =
            names.first { ($0["use"] as? String) == "official" } ?? names.first { ($0["use"] as? String) != "nickname" }
            ?? [:]
        record.personalFamilyName = official["family"] as? String ?? ""
        record.personalGivenName = (official["given"] as? [String])?.joined(separator: " ") ?? ""
        if record.personalFamilyName.isEmpty && record.personalGivenName.isEmpty {
            record.personalGivenName = official["text"] as? String ?? ""
        }
        if let nickname = names.first(where: { ($0["use"] as? String) == "nickname" }) {
            record.personalNickName =
                (nickname["given"] as? [String])?.joined(separator: " ") ?? nickname["text"] as? String ?? ""
        }
        switch patient["gender"] as? String {
        case "male": record.personalGender = "Male"
        case "female": record.personalGender = "Female"
        case "other", "unknown": record.personalGender = "N/A"
        default: break
        }
        record.personalBirthdate = day(patient["birthDate"])
        record.personalAddress = (patient["address"] as? [[String: Any]])?.first.flatMap(addressText) ?? ""
        for identifier in patient["identifier"] as? [[String: Any]] ?? [] {
            let kind = (conceptText(identifier["type"]) ?? "").lowercased()
            let value = identifier["value"] as? String ?? ""
            let system = identifier["system"] as? String ?? ""
            if kind.contains("social security") || system.hasSuffix("us-ssn") {
                record.personalSocialSecurityNumber = value
            } else if kind.contains("insurance") {
                record.personalHealthInsuranceNumber = value
                record.personalHealthInsurance = display(identifier["assigner"]) ?? ""
            }
        }
        return record
    }

    /// The day a FHIR date or dateTime falls on ("2024-01-15", "2024-01-15T10:30:00-05:00"); nil for partial dates.
    static func day(_ value: Any?) -> CalendarDay? {
        guard let text = value as? String, text.count >= 10 else { return nil }
        return CalendarDay(iso: text.prefix(10))
    }

    static func conceptText(_ value: Any?) -> String? {
        guard let concept = value as? [String: Any] else { return nil }
        if let text = concept["text"] as? String, !text.isEmpty { return text }
        return (concept["coding"] as? [[String: Any]])?.lazy.compactMap {
            $0["display"] as? String ?? $0["code"] as? String
        }.first
    }

    static func codes(_ value: Any?) -> [String] {
        let concepts = (value as? [[String: Any]]) ?? (value as? [String: Any]).map { [$0] } ?? []
        return concepts.flatMap { ($0["coding"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String } }
    }

    static func display(_ value: Any?) -> String? { (value as? [String: Any])?["display"] as? String }

    static func notes(_ resource: [String: Any]) -> String {
        (resource["note"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }.joined(separator: ". ")
    }

    static func reactions(_ resource: [String: Any]) -> String {
        (resource["reaction"] as? [[String: Any]] ?? []).flatMap {
            ($0["manifestation"] as? [Any] ?? []).compactMap(conceptText)
        }.joined(separator: ", ")
    }

    static func humanName(_ value: Any?) -> String? {
        guard let name = (value as? [[String: Any]])?.first else { return nil }
        if let text = name["text"] as? String, !text.isEmpty { return text }
        let parts = (name["given"] as? [String] ?? []) + [name["family"] as? String].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    static func addressText(_ address: [String: Any]) -> String? {
        if let text = address["text"] as? String, !text.isEmpty { return text }
        let parts =
            (address["line"] as? [String] ?? [])
            + ["city", "state", "postalCode", "country"].compactMap { address[$0] as? String }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    static func telecom(_ value: Any?) -> (phone: String, email: String) {
        let points = value as? [[String: Any]] ?? []
        let phone = points.first { $0["system"] as? String == "phone" }?["value"] as? String ?? ""
        let email = points.first { $0["system"] as? String == "email" }?["value"] as? String ?? ""
        return (phone, email)
    }
}

extension HealthRecordService {
    /// The record as a FHIR R4 Bundle (people only), as pretty-printed JSON.
    public func exportFHIR(_ uuid: String, generatedAt: Date = Date()) async throws -> Data {
        try FHIRBundle.export(try await record(uuid), entries: try await entries(of: uuid), generatedAt: generatedAt)
    }

    /// Makes a new record from a FHIR R4 Bundle with one Patient; the report lists what was read and every
    /// resource left out, with the reason.
    /// - Throws: ``ServiceError`` naming `file` when it is not a bundle with one Patient, or a value breaks a
    ///   rule; nothing is written.
    public func importFHIR(_ data: Data, file: String) async throws -> FHIRImportReport {
        var parsed = try FHIRBundle.parse(data, file: file, createdAt: now())
        var problems = HealthValidation.problems(parsed.record, today: today)
        for entry in parsed.entries.all { problems += entry.problems() }
        guard problems.isEmpty else {
            throw ServiceError.validationFailed("\(file): " + problems.joined(separator: "; "))
        }
        // The record and its entries commit together, or not at all.
        let (record, entries) = (parsed.record, parsed.entries)
        try await database.write { db in
            try self.save(db, record, previous: nil)
            for entry in entries.all { try Self.insertEntry(db, entry, recordID: record.uuid) }
        }
        parsed.report.recordID = record.uuid
        return parsed.report
    }
}
