import Foundation
import HearthCore
import HearthTestSupport
import Testing

@testable import HearthHealth

@Suite(.timeLimit(.minutes(10))) struct FHIRTests {
    /// Python with `fhir.resources`, in the virtual environment `.ci/run` makes.
    static let python = ExternalTool(
        name: "Python with fhir.resources", variable: "HEARTH_FHIR_PYTHON",
        candidates: [VCardImportTests.repository.appendingPathComponent(".build/venv/bin/python")],
        install: "python3 -m venv .build/venv && .build/venv/bin/pip install fhir.resources==8.1.0 (.ci/run does)")

    func pythonOrSkip() throws -> URL? {
        if let python = Self.python.executable { return python }
        if ExternalTool.missingFails {
            Issue.record(Comment(rawValue: Self.python.missingReason))
            return nil
        }
        try Test.cancel(Comment(rawValue: Self.python.missingReason))
    }

    /// A person with an entry of every kind.
    static func addAnna(_ service: HealthRecordService) async throws -> MedicalRecord {
        var anna = MedicalRecord()
        anna.personalFamilyName = "Ivanova"
        anna.personalGivenName = "Anna"
        anna.personalNickName = "Anya"
        anna.personalGender = "Female"
        anna.personalBirthdate = HealthFixtures.day("1984-07-09")
        anna.personalAddress = "12 Main St, Springfield"
        anna.personalSocialSecurityNumber = "999-12-3456"
        anna.personalHealthInsurance = "Acme Health"
        anna.personalHealthInsuranceNumber = "AH-5550001"
        anna = try await service.createRecord(anna)
        let day = HealthFixtures.day
        try await service.addEntry(
            AllergyEntry(date: day("2010-05-01"), name: "Penicillin", information: "hives"), to: anna.uuid)
        try await service.addEntry(
            VaccinationEntry(date: day("2022-10-15"), name: "Influenza", place: "City Pharmacy"), to: anna.uuid)
        try await service.addEntry(VaccinationEntry(name: "Tetanus"), to: anna.uuid)
        try await service.addEntry(
            IllnessEntry(date: day("2019-03-10"), name: "Hypertension", informationOrComment: "controlled"),
            to: anna.uuid)
        try await service.addEntry(RiskEntry(name: "Smoker", descriptionOrComment: "quit 2015"), to: anna.uuid)
        try await service.addEntry(
            MedicalHistoryEntry(date: day("2005-06-01"), name: "Appendectomy", contact: "Dr. Ruiz"), to: anna.uuid)
        try await service.addEntry(
            DrugEntry(date: day("2023-02-01"), nameAndDosage: "Lisinopril 10 mg", comment: "daily"), to: anna.uuid)
        try await service.addEntry(
            BloodEntry(date: day("2023-02-01"), name: "Glucose", comment: "5.4 mmol/L"), to: anna.uuid)
        try await service.addEntry(
            WeightEntry(date: day("2023-02-01"), weightKg: Decimal(string: "68.2")), to: anna.uuid)
        try await service.addEntry(
            MedicalDocumentEntry(date: day("2023-02-02"), name: "Discharge letter", note: "paper copy at home"),
            to: anna.uuid)
        try await service.addEntry(
            EmergencyContact(name: "Ivan Ivanov", phone: "+1 555 0100", email: "ivan@example.com"), to: anna.uuid)
        try await service.addEntry(
            HumanDoctor(type: "Family doctor", name: "Dr. Olga Petrova", phone: "+1 555 0200", address: "1 Clinic Rd"),
            to: anna.uuid)
        return anna
    }

    @Test func theExportValidatesWithFhirResourcesAndImportsBack() async throws {
        guard let python = try pythonOrSkip() else { return }
        let (service, _) = try HealthFixtures.service()
        let anna = try await Self.addAnna(service)
        let data = try await service.exportFHIR(anna.uuid)
        let folder = scratchDirectory("hearth-fhir")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("anna.json")
        try data.write(to: file)
        let check = try await ChildProcess.run(
            python,
            [
                "-c",
                """
                import collections, sys
                from fhir.resources.R4B.bundle import Bundle
                bundle = Bundle.model_validate_json(open(sys.argv[1]).read())
                print(sorted(collections.Counter(e.resource.get_resource_type() for e in bundle.entry).items()))
                """, file.path,
            ])
        #expect(check.status == 0, "fhir.resources refused the bundle: \(check.stderr)")
        #expect(
            check.stdout.contains("('AllergyIntolerance', 1)") && check.stdout.contains("('Immunization', 2)")
                && check.stdout.contains("('Condition', 2)") && check.stdout.contains("('Observation', 2)")
                && check.stdout.contains("('Patient', 1)") && check.stdout.contains("('Practitioner', 1)")
                && check.stdout.contains("('RelatedPerson', 1)") && check.stdout.contains("('DocumentReference', 1)")
                && check.stdout.contains("('MedicationStatement', 1)") && check.stdout.contains("('Procedure', 1)"),
            "\(check.stdout)")

        let (other, _) = try HealthFixtures.service()
        let report = try await other.importFHIR(data, file: "anna.json")
        #expect(report.skipped.isEmpty)
        let record = try await other.record(report.recordID)
        #expect(record.displayName == "Ivanova - Anna - Anya" && record.personalGender == "Female")
        #expect(
            record.personalBirthdate == HealthFixtures.day("1984-07-09")
                && record.personalSocialSecurityNumber == "999-12-3456")
        #expect(record.personalHealthInsurance == "Acme Health" && record.personalHealthInsuranceNumber == "AH-5550001")
        let entries = try await other.entries(of: report.recordID)
        #expect(entries.count == 12)
        #expect(entries.risks.map(\.name) == ["Smoker"] && entries.illnesses.map(\.name) == ["Hypertension"])
        // A person's weight comes back as a vital sign (people's weights are observations).
        #expect(entries.observations.map(\.value) == [Decimal(string: "68.2")])
        #expect(entries.observations.first?.vitalSign == .weight && entries.observations.first?.unit == "kg")
        #expect(entries.blood.map(\.comment) == ["5.4 mmol/L"])
        #expect(entries.vaccinations.map(\.place) == ["City Pharmacy", ""])
        #expect(entries.emergencyContacts.first?.email == "ivan@example.com")
        #expect(entries.doctors.first?.type == "Family doctor")
    }

    @Test func aPortalBundleBuiltByFhirResourcesImportsAndReportsWhatItLeavesOut() async throws {
        guard let python = try pythonOrSkip() else { return }
        let built = try await ChildProcess.run(python, [HealthFixtures.url("portal-bundle.py").path])
        #expect(built.status == 0, "\(built.stderr)")
        let (service, _) = try HealthFixtures.service()
        let report = try await service.importFHIR(Data(built.stdout.utf8), file: "portal.json")
        let record = try await service.record(report.recordID)
        #expect(
            record.personalFamilyName == "Petrova" && record.personalGivenName == "Irina A."
                && record.personalGender == "Female")
        #expect(record.personalAddress == "12 Main St, Springfield, 01101, US")
        let entries = try await service.entries(of: report.recordID)
        #expect(entries.drugs.map(\.nameAndDosage) == ["lisinopril 10 MG Oral Tablet, 1 tablet daily"])
        #expect(entries.drugs.first?.date == HealthFixtures.day("2023-02-01"))
        // Lab results and vital signs are numbers now: 150 lb stays 150 [lb_av], glucose 5.4 mmol/L, heart rate 72.
        let observations = entries.observations.map {
            "\($0.category.rawValue) \($0.loinc ?? "-") \($0.valueDescription)"
        }
        #expect(
            observations == [
                "vital-signs 29463-7 150 [lb_av]", "laboratory 2339-0 5.4 mmol/L", "vital-signs 8867-4 72 /min",
            ], "\(observations)")
        #expect(entries.blood.isEmpty)
        #expect(entries.vaccinations.first?.information == "Lot AB123")
        #expect(entries.allergies.first?.information == "Hives")
        #expect(
            report.skipped == [
                "Encounter: not part of a Hearth record",
                "Organization: not part of a Hearth record",
            ])
    }

    @Test func whatCannotBeImportedOrExportedSaysWhy() async throws {
        let (service, _) = try HealthFixtures.service()
        let rex = try await HealthFixtures.addRex(service)
        await #expect(throws: ServiceError.self) { try await service.exportFHIR(rex.uuid) }
        let cases: [(String, String)] = [
            ("not json", "x.json is not JSON"),
            (#"{"resourceType": "Patient"}"#, "x.json is a Patient, not a Bundle"),
            (#"{"resourceType": "Bundle", "type": "collection", "entry": []}"#, "x.json has no Patient"),
            (
                #"{"resourceType": "Bundle", "entry": [{"resource": {"resourceType": "Patient"}}, {"resource": {"resourceType": "Patient"}}]}"#,
                "x.json has 2 Patients"
            ),
        ]
        for (text, message) in cases {
            do {
                _ = try await service.importFHIR(Data(text.utf8), file: "x.json")
                Issue.record("accepted \(text)")
            } catch let error as ServiceError {
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
        #expect(try await service.records().count == 1)
    }
}
