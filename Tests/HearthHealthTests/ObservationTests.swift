import Foundation
import HearthCloudModel
import HearthCore
import HearthTestSupport
import Testing

@testable import HearthHealth

@Suite struct ObservationTests {
    static func decimal(_ text: String) -> Decimal { Decimal(string: text)! }

    @Test func loincCheckDigitsWorkedByHand() {
        // The Users' Guide example 12345: odd positions from the right 5,3,1 → 531 × 2 = 1062; even positions
        // 4,2 → "42"; 4+2+1+0+6+2 = 15; 20 − 15 = 5.
        #expect(LOINCCode.checkDigit(of: "12345") == 5)
        // HbA1c 4548: odd 8,5 → 85 × 2 = 170; even 4,4 → "44170"; sum 16; 20 − 16 = 4.
        #expect(LOINCCode.checkDigit(of: "4548") == 4)
        // Glucose 2339: odd 9,3 → 93 × 2 = 186; even 3,2 → "32186"; sum 20; check digit 0.
        #expect(LOINCCode.checkDigit(of: "2339") == 0)
        // Systolic 8480: odd 0,4 → 04 × 2 = 8; even 8,8 → "888"; sum 24; 30 − 24 = 6.
        #expect(LOINCCode.checkDigit(of: "8480") == 6)
        for code in ["4548-4", "2339-0", "15074-8", "8480-6", "8462-4", "85354-9", "8867-4", "8310-5", "29463-7"] {
            #expect(LOINCCode.problem(code) == nil, "\(code)")
        }
        // Published with a check digit the algorithm does not give (deprecated), accepted as printed.
        #expect(LOINCCode.checkDigit(of: "11491") == 8 && LOINCCode.problem("11491-6") == nil)
    }

    @Test func badLoincCodesSayWhatIsWrong() {
        #expect(LOINCCode.problem("4548-5")?.contains("check digit 5, but 4548 gives 4") == true)
        for bad in ["4548", "4548-", "45484", "-4", "4548-44", "ABCD-1", "12345678-9", "4548-x", "٤٥٤٨-٤"] {
            #expect(LOINCCode.problem(bad)?.contains("is not written as a LOINC code") == true, "\(bad)")
        }
        let hba1c = HealthObservation(name: "HbA1c", loinc: "4548-5", value: 6, unit: "%")
        #expect(hba1c.problems().count == 1)
    }

    @Test func valuesOutsideTheRangeAreFlagged() {
        let low = Self.decimal("4")
        let high = Self.decimal("5.6")
        func flag(_ value: String) -> ObservationFlag? {
            HealthObservation(name: "HbA1c", value: Self.decimal(value), unit: "%", low: low, high: high).flag
        }
        #expect(flag("5.9") == .high)
        #expect(flag("3.9") == .low)
        #expect(flag("5.6") == nil && flag("4") == nil && flag("5.0") == nil)  // the ends are inside
        #expect(HealthObservation(name: "LDL", value: 170, unit: "mg/dL", high: 130).flag == .high)
        #expect(HealthObservation(name: "HDL", value: 35, unit: "mg/dL", low: 40).flag == .low)
        #expect(HealthObservation(name: "TSH", value: 2, unit: "mIU/L").flag == nil)
    }

    @Test func unitsOutsideTheTableAreKeptAndMarked() {
        let odd = HealthObservation(name: "Ferritin", value: 80, unit: "furlongs/fortnight")
        #expect(odd.problems().isEmpty && !odd.unitIsKnown)
        for unit in [
            "mg/dL", "mmol/L", "g/dL", "%", "10*3/uL", "U/L", "mIU/L", "ng/mL", "pg/mL", "umol/L", "mEq/L", "fL",
        ] {
            #expect(HealthObservation(name: "x", value: 1, unit: unit).unitIsKnown, "\(unit)")
        }
        #expect(UCUMUnits.normalized("bpm") == "/min" && UCUMUnits.normalized("mg/dl") == "mg/dL")
        #expect(UCUMUnits.normalized("°F") == "[degF]" && UCUMUnits.normalized("whatever") == "whatever")
    }

    @Test func hostileValuesAreRefusedWithTheReason() {
        func problems(_ observation: HealthObservation) -> String { observation.problems().joined(separator: "; ") }
        #expect(problems(HealthObservation(name: "Glucose", value: .nan, unit: "mg/dL")).contains("is not a number"))
        #expect(
            problems(HealthObservation(name: "Glucose", value: Self.decimal("1e15"), unit: "mg/dL")).contains(
                "too large to be a measurement"))
        #expect(
            problems(HealthObservation(name: "Glucose", value: 90, unit: "mg/dL", low: 100, high: 70)).contains(
                "give the low end first"))
        #expect(problems(HealthObservation(name: "Glucose", unit: "mg/dL")).contains("needs a value"))
        #expect(problems(HealthObservation(name: " ", value: 1)).contains("needs a name"))
        #expect(
            problems(HealthObservation(name: "Glucose", value: 90, effective: "2026-13-01")).contains("is not a date"))
        #expect(
            problems(HealthObservation(name: "Glucose", value: 90, effective: "2026-10-01T08:30:00+02:00")).isEmpty)
        let vital = HealthObservation(category: .vitalSign, name: "Heart rate", loinc: "8867-4", value: 72, unit: "kg")
        #expect(problems(vital).contains("Heart rate is recorded in /min"))
    }

    @Test func vitalSignsCarryTheirCodesAndUnits() throws {
        let pressure = try VitalSign.bloodPressure.observation(value: 142, second: 84, effective: "2026-10-01")
        #expect(pressure.loinc == "85354-9" && pressure.unit == "mm[Hg]" && pressure.value == nil)
        #expect(pressure.components.map(\.loinc) == ["8480-6", "8462-4"])
        #expect(pressure.components.map(\.flag) == [.high, .high])  // 142 > 129, 84 > 79
        #expect(pressure.valueDescription == "142/84 mm[Hg]" && pressure.flag == .high && pressure.problems().isEmpty)
        let normal = try VitalSign.bloodPressure.observation(value: 118, second: 76, effective: nil)
        #expect(normal.flag == nil)
        #expect(try VitalSign.glucose.observation(value: 5, unit: "mmol/L", effective: nil).loinc == "15074-8")
        #expect(try VitalSign.glucose.observation(value: 95, effective: nil).loinc == "2339-0")
        #expect(try VitalSign.temperature.observation(value: 98, unit: "°F", effective: nil).unit == "[degF]")
        #expect(throws: ServiceError.self) {
            try VitalSign.heartRate.observation(value: 70, unit: "kg", effective: nil)
        }
        #expect(throws: ServiceError.self) { try VitalSign.bloodPressure.observation(value: 120, effective: nil) }
        #expect(VitalSign.of(loinc: "29463-7") == .weight && VitalSign.of(loinc: "4548-4") == nil)
    }

    @Test func theStoreKeepsObservationsAndRefusesBadOnes() async throws {
        let (service, _) = try HealthFixtures.service()
        var ana = MedicalRecord()
        ana.personalGivenName = "Ana"
        ana = try await service.createRecord(ana)
        let hba1c = HealthObservation(
            name: "HbA1c", loinc: "4548-4", value: Self.decimal("5.9"), unit: "%", low: 4, high: Self.decimal("5.6"),
            effective: "2026-10-01")
        try await service.addEntry(hba1c, to: ana.uuid)
        try await service.addEntry(
            try VitalSign.heartRate.observation(value: 72, effective: "2026-09-30T07:15:00Z"), to: ana.uuid)
        await #expect(throws: ServiceError.self) {
            try await service.addEntry(HealthObservation(name: "HbA1c", loinc: "4548-5", value: 6), to: ana.uuid)
        }
        let entries = try await service.entries(of: ana.uuid)
        #expect(entries.observations.count == 2 && entries.observations.first == hba1c)
        #expect(try await service.observations(of: ana.uuid, category: .laboratory) == [hba1c])
        #expect(try await service.observations(of: ana.uuid).map(\.name) == ["Heart rate", "HbA1c"])
        let found = try await service.observation(matching: String(hba1c.id.uuidString.prefix(8)))
        #expect(found.recordID == ana.uuid && found.observation == hba1c)
        try await service.removeEntry(HealthObservation.self, id: hba1c.id)
        #expect(try await service.observations(of: ana.uuid, category: .laboratory).isEmpty)
    }

    @Test func observationsTravelInTheCloudRecordAndAreCheckedOnArrival() throws {
        var record = MedicalRecord()
        record.personalGivenName = "Ana"
        var entries = RecordEntries()
        entries.observations = [
            HealthObservation(
                name: "LDL", loinc: "2089-1", value: 170, unit: "mg/dL", high: 130, effective: "2026-10-01")
        ]
        let fields = try HealthCloudRecord.fields(of: record, entries: entries)
        guard case .string(let text)? = fields["observationEntries"] else {
            Issue.record("no observationEntries field")
            return
        }
        #expect(text.contains("\"loinc\":\"2089-1\""))
        let cloud = CloudRecord(recordName: record.uuid, recordType: "MedicalRecord", fields: fields)
        // Sealed end to end like every other entry list: the server sees bytes, not the result.
        let key = ContentKey(
            scope: KeyScope(ownerRecordName: "owner-1", zoneName: "PurusHealthShareZone"), epoch: 1,
            keyData: Data(repeating: 7, count: 32))
        let sealed = try RecordSealing.seal(cloud, with: key)
        guard case .bytes? = sealed.fields["observationEntries"] else {
            Issue.record("observationEntries is sent as \(sealed.fields["observationEntries"]?.typeName ?? "nothing")")
            return
        }
        #expect(String(decoding: try JSONEncoder().encode(sealed), as: UTF8.self).contains("2089-1") == false)
        let (_, back) = try HealthCloudRecord.decode(cloud, today: HealthFixtures.day("2026-11-01"))
        #expect(back.observations == entries.observations)

        var hostile = fields
        hostile["observationEntries"] = .string(
            text.replacingOccurrences(of: "\"loinc\":\"2089-1\"", with: "\"loinc\":\"2089-2\""))
        #expect(throws: ServiceError.self) {
            try HealthCloudRecord.decode(
                CloudRecord(recordName: record.uuid, recordType: "MedicalRecord", fields: hostile),
                today: HealthFixtures.day("2026-11-01"))
        }
    }
}
