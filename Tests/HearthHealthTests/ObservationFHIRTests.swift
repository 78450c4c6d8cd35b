import Foundation
import HearthCore
import HearthTestSupport
import Testing

@testable import HearthHealth

@Suite(.timeLimit(.minutes(10))) struct ObservationFHIRTests {
    static func decimal(_ text: String) -> Decimal { Decimal(string: text)! }

    /// Ana with two HbA1c results (one high), an LDL in an unknown unit, a result in words, and vital signs.
    static func addAna(_ service: HealthRecordService) async throws -> MedicalRecord {
        var ana = MedicalRecord()
        ana.personalFamilyName = "García"
        ana.personalGivenName = "Ana"
        ana = try await service.createRecord(ana)
        let observations = [
            HealthObservation(
                name: "HbA1c", loinc: "4548-4", value: decimal("5.4"), unit: "%", low: 4, high: decimal("5.6"),
                effective: "2026-04-01"),
            HealthObservation(
                name: "HbA1c", loinc: "4548-4", value: decimal("5.9"), unit: "%", low: 4, high: decimal("5.6"),
                effective: "2026-10-01", comment: "fasting"),
            HealthObservation(name: "LDL", value: 3, unit: "mmol/l-ish", high: decimal("2.6"), effective: "2026-10-01"),
            HealthObservation(name: "Blood group", loinc: "882-1", text: "A Rh+", effective: "2026-10-01"),
            try VitalSign.bloodPressure.observation(value: 142, second: 84, effective: "2026-10-01T08:30:00Z"),
            try VitalSign.weight.observation(value: decimal("68.2"), effective: "2026-10-01"),
            try VitalSign.glucose.observation(value: decimal("5.4"), unit: "mmol/L", effective: "2026-10-02"),
        ]
        for observation in observations { try await service.addEntry(observation, to: ana.uuid) }
        return ana
    }

    @Test func theExportValidatesWithFhirResourcesAndReadsBackAsNumbers() async throws {
        guard let python = try FHIRTests().pythonOrSkip() else { return }
        let (service, _) = try HealthFixtures.service()
        let ana = try await Self.addAna(service)
        let data = try await service.exportFHIR(ana.uuid)
        let folder = scratchDirectory("hearth-fhir-labs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("ana.json")
        try data.write(to: file)
        // fhir.resources reads every Observation; print what a consumer would see of each.
        let check = try await ChildProcess.run(
            python,
            [
                "-c",
                """
                import sys
                from fhir.resources.R4B.bundle import Bundle
                bundle = Bundle.model_validate_json(open(sys.argv[1]).read())
                for e in bundle.entry:
                    r = e.resource
                    if r.get_resource_type() != "Observation": continue
                    code = r.code.coding[0].code if r.code.coding else "-"
                    cat = r.category[0].coding[0].code
                    q = r.valueQuantity
                    value = f"{q.value} {q.code or q.unit} {q.system or '-'}" if q else (r.valueString or "-")
                    rng = r.referenceRange[0] if r.referenceRange else None
                    low = rng.low.value if rng and rng.low else "-"
                    high = rng.high.value if rng and rng.high else "-"
                    flag = r.interpretation[0].coding[0].code if r.interpretation else "-"
                    system = r.interpretation[0].coding[0].system if r.interpretation else "-"
                    parts = ",".join(f"{c.code.coding[0].code}={c.valueQuantity.value}/{c.interpretation[0].coding[0].code if c.interpretation else '-'}" for c in (r.component or []))
                    print(f"{cat}|{code}|{value}|{low}|{high}|{flag}|{system}|{parts}")
                """, file.path,
            ])
        #expect(check.status == 0, "fhir.resources refused the bundle: \(check.stderr)")
        let lines = Set(check.stdout.split(separator: "\n").map(String.init))
        let ucum = "http://unitsofmeasure.org"
        let v3 = "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation"
        for expected in [
            "laboratory|4548-4|5.4 % \(ucum)|4|5.6|-|-|",
            "laboratory|4548-4|5.9 % \(ucum)|4|5.6|H|\(v3)|",
            "laboratory|-|3 mmol/l-ish -|-|2.6|H|\(v3)|",  // an unknown unit goes as text, without a system
            "laboratory|882-1|A Rh+|-|-|-|-|",
            "vital-signs|85354-9|-|-|-|-|-|8480-6=142/H,8462-4=84/H",
            "vital-signs|29463-7|68.2 kg \(ucum)|-|-|-|-|",
            "vital-signs|15074-8|5.4 mmol/L \(ucum)|-|-|-|-|",
        ] {
            #expect(lines.contains(expected), "\(expected) missing from\n\(check.stdout)")
        }

        let (other, _) = try HealthFixtures.service()
        let report = try await other.importFHIR(data, file: "ana.json")
        #expect(report.skipped.isEmpty && report.imported["observation"] == 7)
        let original = try await service.observations(of: ana.uuid)
        let imported = try await other.observations(of: report.recordID)
        func comparable(_ list: [HealthObservation]) -> [HealthObservation] {
            list.map { observation in
                var copy = observation
                copy.id = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
                return copy
            }
        }
        #expect(comparable(imported) == comparable(original))
    }

    static func bundle(_ observation: String) -> Data {
        Data(
            """
            {"resourceType": "Bundle", "type": "collection", "entry": [
              {"resource": {"resourceType": "Patient", "name": [{"given": ["Ana"]}]}},
              {"resource": \(observation)}
            ]}
            """.utf8)
    }

    @Test func aPortalLabResultImportsAsANumberWithItsRange() async throws {
        let (service, _) = try HealthFixtures.service()
        let report = try await service.importFHIR(
            Self.bundle(
                """
                {"resourceType": "Observation", "id": "lab-1", "status": "final",
                 "category": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "laboratory"}]}],
                 "code": {"coding": [{"system": "http://loinc.org", "code": "2339-0", "display": "Glucose [Mass/volume] in Blood"}], "text": "Glucose"},
                 "effectiveDateTime": "2026-10-01T08:30:00-05:00",
                 "valueQuantity": {"value": 112.5, "unit": "mg/dL", "system": "http://unitsofmeasure.org", "code": "mg/dL"},
                 "referenceRange": [{"low": {"value": 70, "unit": "mg/dL"}, "high": {"value": 99, "unit": "mg/dL"}}]}
                """), file: "portal.json")
        let labs = try await service.observations(of: report.recordID)
        #expect(labs.count == 1)
        let glucose = try #require(labs.first)
        #expect(glucose.name == "Glucose" && glucose.loinc == "2339-0" && glucose.category == .laboratory)
        #expect(glucose.value == Self.decimal("112.5") && glucose.unit == "mg/dL")
        #expect(glucose.low == 70 && glucose.high == 99 && glucose.flag == .high)
        #expect(glucose.effective == "2026-10-01T08:30:00-05:00" && glucose.date == HealthFixtures.day("2026-10-01"))
        #expect(try await service.entries(of: report.recordID).blood.isEmpty)
    }

    @Test func resultsInWordsAreImportedSensibly() async throws {
        let (service, _) = try HealthFixtures.service()
        let category =
            #"[{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "laboratory"}]}]"#
        let words = try await service.importFHIR(
            Self.bundle(
                #"{"resourceType": "Observation", "status": "final", "category": \#(category), "code": {"coding": [{"system": "http://loinc.org", "code": "94500-6", "display": "SARS-CoV-2 RNA"}]}, "valueCodeableConcept": {"coding": [{"system": "http://snomed.info/sct", "code": "260385009", "display": "Negative"}]}}"#
            ), file: "covid.json")
        let result = try #require(try await service.observations(of: words.recordID).first)
        #expect(result.text == "Negative" && result.value == nil && result.loinc == "94500-6" && result.flag == nil)

        let note = try await service.importFHIR(
            Self.bundle(
                #"{"resourceType": "Observation", "status": "final", "category": \#(category), "code": {"text": "Blood smear"}, "valueString": "normal morphology"}"#
            ), file: "smear.json")
        // A lab note in words without a code stays what Hearth had for it: a blood entry.
        #expect(try await service.entries(of: note.recordID).blood.map(\.comment) == ["normal morphology"])
    }

    @Test func aMalformedQuantityIsRefusedNamingTheResource() async throws {
        let (service, _) = try HealthFixtures.service()
        let cases: [(String, String)] = [
            (
                #"{"resourceType": "Observation", "id": "obs-7", "code": {"coding": [{"system": "http://loinc.org", "code": "8867-4"}], "text": "Heart rate"}, "valueQuantity": {"value": "seventy", "unit": "/min"}}"#,
                "x.json: Observation \"obs-7\" (Heart rate): valueQuantity.value is seventy, not a number"
            ),
            (
                #"{"resourceType": "Observation", "id": "obs-8", "category": [{"coding": [{"code": "laboratory"}]}], "code": {"text": "HbA1c"}, "valueQuantity": [5.9]}"#,
                "Observation \"obs-8\" (HbA1c): valueQuantity is not a Quantity object"
            ),
            (
                #"{"resourceType": "Observation", "category": [{"coding": [{"code": "laboratory"}]}], "code": {"text": "HbA1c"}, "valueQuantity": {"value": 1e300}}"#,
                "Observation (HbA1c): valueQuantity.value"
            ),
            (
                #"{"resourceType": "Observation", "category": [{"coding": [{"code": "laboratory"}]}], "code": {"text": "TSH"}, "valueQuantity": {"value": 2}, "referenceRange": [{"low": {"value": 4}, "high": {"value": 0.4}}]}"#,
                "Observation (TSH): TSH's reference range runs from 4 down to 0.4"
            ),
            (
                #"{"resourceType": "Observation", "category": [{"coding": [{"code": "laboratory"}]}], "code": {"coding": [{"system": "http://loinc.org", "code": "4548-5"}], "text": "HbA1c"}, "valueQuantity": {"value": 6}}"#,
                "has check digit 5, but 4548 gives 4"
            ),
            (
                #"{"resourceType": "Observation", "category": [{"coding": [{"code": "laboratory"}]}], "code": {"text": "HbA1c"}, "valueQuantity": {"value": true}}"#,
                "valueQuantity.value is"
            ),
        ]
        for (observation, message) in cases {
            do {
                _ = try await service.importFHIR(Self.bundle(observation), file: "x.json")
                Issue.record("accepted \(observation)")
            } catch let error as ServiceError {
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
        #expect(try await service.records().isEmpty)
    }
}
