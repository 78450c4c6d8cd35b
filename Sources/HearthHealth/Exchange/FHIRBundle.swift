public import Foundation
import HearthCore

/// What a FHIR import did: what it read into the record, and every resource it left out, with the reason.
public struct FHIRImportReport: Sendable, Codable, Equatable {
    /// The record made from the bundle's Patient.
    public var recordID = ""
    /// Entries added, by kind.
    public var imported: [String: Int] = [:]
    /// Resources left out, by resource type, with why ("Encounter: visits are not part of a Hearth record").
    public var skipped: [String] = []
}

/// A person's record as a FHIR R4 `Bundle` (type `collection`) and back. The mapping, entry by entry:
///
/// | Hearth | FHIR R4 |
/// |---|---|
/// | the record's person | `Patient` (names, gender, birthDate, address, identifiers for the social security and insurance numbers) |
/// | allergy | `AllergyIntolerance` (code text, recordedDate, note; clinicalStatus active) |
/// | vaccination | `Immunization` (vaccineCode text, occurrenceDateTime, location display, note; status completed) |
/// | illness | `Condition`, category problem-list-item |
/// | risk | `Condition`, category health-concern |
/// | medical history | `Procedure` (code text, performedDateTime, performer display = contact; status completed) |
/// | drug | `MedicationStatement` (medicationCodeableConcept text, effectiveDateTime; status unknown) — `MedicationRequest` also imports |
/// | medication (a drug with a schedule) | `MedicationStatement` with `dosage` timing, dose and route (see ``medicationStatement(_:_:subject:today:)``) |
/// | blood | `Observation`, category laboratory (code text, effectiveDateTime, valueString); imports back as blood when it has no LOINC coding |
/// | weight | `Observation` LOINC 29463-7 Body weight, valueQuantity in kg |
/// | lab result, vital sign (``HealthObservation``) | `Observation`, category laboratory or vital-signs, LOINC coding, valueQuantity (UCUM), referenceRange, interpretation H/L, components for blood pressure (see `FHIRBundle+Observations.swift`) |
/// | medical document | `DocumentReference` (description, date, attachment title; status current) |
/// | emergency contact | `RelatedPerson`, relationship v2-0131 `C` (emergency contact) |
/// | doctor | `Practitioner` (name, telecom, address, qualification text = type) |
///
/// Pets are not FHIR patients here: exporting a pet's record is refused. Resources the mapping does not cover
/// (`Encounter`, `Organization`, `Claim`…) and observations that are neither laboratory results nor vital signs
/// are listed in the import report as skipped, never dropped silently.
public enum FHIRBundle {
    static let weightCode = "29463-7"
    static let loinc = "http://loinc.org"

    // MARK: Export

    /// The bundle of a person's record, as pretty-printed JSON.
    /// - Throws: ``ServiceError`` for a pet's record.
    public static func export(_ record: MedicalRecord, entries: RecordEntries, generatedAt: Date) throws -> Data {
        guard !record.isPet else {
            throw ServiceError.validationFailed(
                "\(record.displayName) is a pet; FHIR export is for people's records (use --format json, pdf or html)")
        }
        let patientURL = "urn:uuid:" + record.uuid.lowercased()
        let subject: [String: Any] = ["reference": patientURL, "display": record.displayName]
        var resources: [(String, [String: Any])] = [(patientURL, patient(record))]
        func add(_ id: UUID, _ resource: [String: Any]) {
            resources.append(
                ("urn:uuid:" + id.uuidString.lowercased(), resource.merging(["id": id.uuidString.lowercased()]) { $1 }))
        }
        func notes(_ texts: String...) -> [String: Any] {
            let kept = texts.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            return kept.isEmpty ? [:] : ["note": kept.map { ["text": $0] }]
        }
        func text(_ value: String, fallback: String) -> [String: Any] { ["text": value.isEmpty ? fallback : value] }

        for entry in entries.allergies {
            add(
                entry.id,
                [
                    "resourceType": "AllergyIntolerance", "patient": subject,
                    "code": text(entry.name, fallback: "Allergy"),
                    "clinicalStatus": codeable(
                        "http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical", "active"),
                ].merging(entry.date.map { ["recordedDate": $0.iso] } ?? [:]) { $1 }.merging(
                    notes(entry.information, entry.comment)
                ) { $1 })
        }
        for entry in entries.vaccinations {
            var resource: [String: Any] = [
                "resourceType": "Immunization", "status": "completed", "patient": subject,
                "vaccineCode": text(entry.name, fallback: "Vaccination"),
            ]
            if let date = entry.date {
                resource["occurrenceDateTime"] = date.iso
            } else {
                resource["occurrenceString"] = "date not recorded"
            }
            if !entry.place.isEmpty { resource["location"] = ["display": entry.place] }
            add(entry.id, resource.merging(notes(entry.information, entry.comment)) { $1 })
        }
        for entry in entries.illnesses {
            add(
                entry.id,
                condition(entry.name, entry.date, category: "problem-list-item", subject: subject).merging(
                    notes(entry.informationOrComment)
                ) { $1 })
        }
        for entry in entries.risks {
            add(
                entry.id,
                condition(entry.name, entry.date, category: "health-concern", subject: subject).merging(
                    notes(entry.descriptionOrComment)
                ) { $1 })
        }
        for entry in entries.medicalHistory {
            var resource: [String: Any] = [
                "resourceType": "Procedure", "status": "completed", "subject": subject,
                "code": text(entry.name, fallback: "Procedure"),
            ]
            if let date = entry.date { resource["performedDateTime"] = date.iso }
            if !entry.contact.isEmpty { resource["performer"] = [["actor": ["display": entry.contact]]] }
            add(entry.id, resource.merging(notes(entry.informationOrComment)) { $1 })
        }
        for entry in entries.drugs {
            if let medication = entry.medication {
                add(
                    entry.id,
                    medicationStatement(
                        entry, medication, subject: subject, today: CalendarDay(generatedAt, in: HealthCloudRecord.utc))
                )
                continue
            }
            var resource: [String: Any] = [
                "resourceType": "MedicationStatement", "status": "unknown", "subject": subject,
                "medicationCodeableConcept": text(entry.nameAndDosage, fallback: "Medication"),
            ]
            if let date = entry.date { resource["effectiveDateTime"] = date.iso }
            add(entry.id, resource.merging(notes(entry.comment)) { $1 })
        }
        for entry in entries.blood {
            var resource: [String: Any] = [
                "resourceType": "Observation", "status": "final", "subject": subject,
                "code": text(entry.name, fallback: "Blood test"),
                "category": [codeable("http://terminology.hl7.org/CodeSystem/observation-category", "laboratory")],
            ]
            if let date = entry.date { resource["effectiveDateTime"] = date.iso }
            if !entry.comment.isEmpty { resource["valueString"] = entry.comment }
            add(entry.id, resource)
        }
        for entry in entries.weights {
            guard let kg = entry.weightKg else { continue }
            var resource: [String: Any] = [
                "resourceType": "Observation", "status": "final", "subject": subject,
                "category": [codeable("http://terminology.hl7.org/CodeSystem/observation-category", "vital-signs")],
                "code": [
                    "coding": [["system": loinc, "code": weightCode, "display": "Body weight"]], "text": "Body weight",
                ],
                "valueQuantity": [
                    "value": NSDecimalNumber(decimal: kg), "unit": "kg", "system": "http://unitsofmeasure.org",
                    "code": "kg",
                ],
            ]
            if let date = entry.date { resource["effectiveDateTime"] = date.iso }
            add(entry.id, resource.merging(notes(entry.comment)) { $1 })
        }
        for observation in entries.observations { add(observation.id, resource(observation, subject: subject)) }
        for entry in entries.medicalDocuments {
            var resource: [String: Any] = [
                "resourceType": "DocumentReference", "status": "current", "subject": subject,
                "description": entry.name.isEmpty ? "Medical document" : entry.name,
                "content": [["attachment": ["title": entry.name.isEmpty ? "Medical document" : entry.name]]],
            ]
            if let date = entry.date { resource["date"] = date.iso + "T00:00:00Z" }
            if !entry.note.isEmpty { resource["type"] = ["text": entry.note] }
            add(entry.id, resource)
        }
        for entry in entries.emergencyContacts {
            var resource: [String: Any] = [
                "resourceType": "RelatedPerson", "patient": subject,
                "relationship": [
                    [
                        "coding": [
                            [
                                "system": "http://terminology.hl7.org/CodeSystem/v2-0131", "code": "C",
                                "display": "Emergency Contact",
                            ]
                        ]
                    ]
                ],
                "name": [["text": entry.name]],
            ]
            resource["telecom"] = telecom(phone: entry.phone, email: entry.email)
            add(entry.id, resource)
        }
        for doctor in entries.doctors {
            var resource: [String: Any] = ["resourceType": "Practitioner", "name": [["text": doctor.name]]]
            resource["telecom"] = telecom(phone: doctor.phone, email: doctor.email)
            if !doctor.address.isEmpty { resource["address"] = [["text": doctor.address]] }
            if !doctor.type.isEmpty { resource["qualification"] = [["code": ["text": doctor.type]]] }
            add(doctor.id, resource)
        }
        let bundle: [String: Any] = [
            "resourceType": "Bundle", "type": "collection", "timestamp": Formatting.iso8601(generatedAt),
            "entry": resources.map { ["fullUrl": $0.0, "resource": $0.1] },
        ]
        return try JSONSerialization.data(
            withJSONObject: bundle, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }

    static func patient(_ record: MedicalRecord) -> [String: Any] {
        var patient: [String: Any] = ["resourceType": "Patient", "id": record.uuid.lowercased()]
        var name: [String: Any] = ["use": "official", "text": record.displayName]
        if !record.personalFamilyName.isEmpty { name["family"] = record.personalFamilyName }
        if !record.personalGivenName.isEmpty { name["given"] = [record.personalGivenName] }
        var names: [[String: Any]] = [name]
        if !record.personalNickName.isEmpty { names.append(["use": "nickname", "given": [record.personalNickName]]) }
        patient["name"] = names
        switch record.personalGender {
        case "Male": patient["gender"] = "male"
        case "Female": patient["gender"] = "female"
        case "N/A": patient["gender"] = "unknown"
        default: break
        }
        if let birth = record.personalBirthdate { patient["birthDate"] = birth.iso }
        if !record.personalAddress.isEmpty { patient["address"] = [["text": record.personalAddress]] }
        var identifiers: [[String: Any]] = []
        if !record.personalSocialSecurityNumber.isEmpty {
            identifiers.append([
                "type": ["text": "Social security number"], "value": record.personalSocialSecurityNumber,
            ])
        }
        if !record.personalHealthInsuranceNumber.isEmpty {
            var identifier: [String: Any] = [
                "type": ["text": "Health insurance number"], "value": record.personalHealthInsuranceNumber,
            ]
            if !record.personalHealthInsurance.isEmpty {
                identifier["assigner"] = ["display": record.personalHealthInsurance]
            }
            identifiers.append(identifier)
        }
        if !identifiers.isEmpty { patient["identifier"] = identifiers }
        return patient
    }

    static func condition(_ name: String, _ date: CalendarDay?, category: String, subject: [String: Any]) -> [String:
        Any]
    {
        let system =
            category == "health-concern"
            ? "http://hl7.org/fhir/us/core/CodeSystem/condition-category"
            : "http://terminology.hl7.org/CodeSystem/condition-category"
        var resource: [String: Any] = [
            "resourceType": "Condition", "subject": subject, "code": ["text": name.isEmpty ? "Condition" : name],
            "category": [codeable(system, category)],
        ]
        if let date { resource["onsetDateTime"] = date.iso }
        return resource
    }

    static func codeable(_ system: String, _ code: String) -> [String: Any] {
        ["coding": [["system": system, "code": code]]]
    }

    static func telecom(phone: String, email: String) -> [[String: Any]] {
        var telecom: [[String: Any]] = []
        if !phone.isEmpty { telecom.append(["system": "phone", "value": phone]) }
        if !email.isEmpty { telecom.append(["system": "email", "value": email]) }
        return telecom
    }
}
