import Foundation
import HearthCore
import HearthTestSupport
import Testing

@testable import HearthHealth

/// Medications leaving and coming back: JSON export version 1 with `hearthExtensions`, FHIR `MedicationStatement`
/// checked by `fhir.resources`, and the iCalendar feed read by Python's `icalendar` and `vobject`.
@Suite(.timeLimit(.minutes(10))) struct MedicationExchangeTests {
    static let python = ExternalTool(
        name: "Python with icalendar, vobject and fhir.resources", variable: "HEARTH_MEDS_PYTHON",
        candidates: [VCardImportTests.repository.appendingPathComponent(".build/venv/bin/python")],
        install:
            "python3 -m venv .build/venv && .build/venv/bin/pip install icalendar==7.3.2 vobject==0.9.9 fhir.resources==8.1.0 (.ci/run does)"
    )

    func pythonOrSkip() throws -> URL? {
        if let python = Self.python.executable { return python }
        if ExternalTool.missingFails {
            Issue.record(Comment(rawValue: Self.python.missingReason))
            return nil
        }
        try Test.cancel(Comment(rawValue: Self.python.missingReason))
    }

    /// Anna, with Metformin twice daily (two doses recorded) and a weekly-ish vitamin D that ended.
    static func anna(_ service: HealthRecordService, clock: WallClock) async throws -> (MedicalRecord, UUID) {
        var anna = MedicalRecord()
        anna.personalFamilyName = "Ivanova"
        anna.personalGivenName = "Anna"
        anna.personalBirthdate = HealthFixtures.day("1984-07-09")
        anna = try await service.createRecord(anna)
        try await service.addEntry(
            DrugEntry(date: HealthFixtures.day("2020-01-01"), nameAndDosage: "Aspirin"), to: anna.uuid)
        let metformin = try await service.addMedication(
            MedicationTests.metformin, notes: "with food; never \"on an empty stomach\"", to: anna.uuid)
        var vitamin = MedicationTests.metformin
        vitamin.name = "Vitamin D"
        vitamin.dose = Decimal(string: "0.5")!
        vitamin.unit = "ml"
        vitamin.route = ""
        vitamin.times = [MedicationTests.time("09:30")]
        vitamin.everyDays = 7
        vitamin.endDate = HealthFixtures.day("2026-12-31")
        try await service.addMedication(vitamin, to: anna.uuid)
        clock.set(MedicationTests.at("2026-11-16T08:07:00Z"))
        try await service.recordDose(
            of: metformin.id, slot: MedicationTests.slot("2026-11-16", "08:00"), status: .taken)
        clock.set(MedicationTests.at("2026-11-16T21:00:00Z"))
        try await service.recordDose(
            of: metformin.id, slot: MedicationTests.slot("2026-11-16", "20:00"), status: .skipped, reason: "asleep")
        return (anna, metformin.id)
    }

    @Test func jsonExportCarriesMedicationsInHearthExtensionsAndImportsBack() async throws {
        let (service, clock) = try HealthFixtures.service(now: MedicationTests.at("2026-11-16T07:00:00Z"))
        let (anna, _) = try await Self.anna(service, clock: clock)
        let data = try await service.exportJSON(anna.uuid)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        // Version 1 as the app reads it: the drugs as drugs, the rest in a member it ignores.
        let drugs = try #require(object["drugs"] as? [[String: String]])
        #expect(
            drugs == [
                ["drugDate": "2020-01-01", "drugName": "Aspirin", "drugComment": ""],
                [
                    "drugDate": "2026-11-16", "drugName": "Metformin 500 mg",
                    "drugComment": "with food; never \"on an empty stomach\"",
                ],
                ["drugDate": "2026-11-16", "drugName": "Vitamin D 0.5 ml", "drugComment": ""],
            ])
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""hearthExtensions" : {"#))
        #expect(text.contains(#""times" : ["#) && text.contains(#""08:00","#) && text.contains(#""20:00""#))
        let extensions = try #require(object["hearthExtensions"] as? [String: Any])
        let medications = try #require(extensions["medications"] as? [[String: Any]])
        #expect(medications.map { $0["drugIndex"] as? Int } == [1, 2])
        #expect((medications[0]["doses"] as? [[String: Any]])?.map { $0["status"] as? String } == ["taken", "skipped"])
        #expect((medications[0]["doses"] as? [[String: Any]])?.first?["takenAt"] as? String == "2026-11-16T08:07:00Z")
        #expect(medications[1]["endDate"] as? String == "2026-12-31" && medications[0]["endDate"] as? String == "")

        // Into another database: the medications, schedules and doses come back, on new ids.
        let (other, _) = try HealthFixtures.service(now: MedicationTests.at("2026-11-20T07:00:00Z"))
        let report = try await other.importJSON(data, file: "anna.json")
        #expect(report.recordsCreated == 1 && report.entriesAdded == 5)
        let restored = try await other.medications()
        #expect(restored.map(\.medication) == (try await service.medications()).map(\.medication))
        let doses = try await other.doses(of: restored[0].entry.id)
        #expect(doses.map(\.status) == [.taken, .skipped] && doses[1].reason == "asleep")
        #expect(doses[0].id == DoseRecord.id(medication: restored[0].entry.id, slot: doses[0].slot))
        // Exported again, it is the same file; imported again, nothing is added.
        #expect(try await other.exportJSON(report.recordIDs[0]) == data)
        let again = try await other.importJSON(data, file: "anna.json")
        #expect(again.entriesAdded == 0 && again.recordsMatched == 1)
    }

    @Test func aBadMedicationInTheExtensionsIsRefusedAndNothingIsStored() async throws {
        let (service, clock) = try HealthFixtures.service(now: MedicationTests.at("2026-11-16T07:00:00Z"))
        let (anna, _) = try await Self.anna(service, clock: clock)
        let text = String(decoding: try await service.exportJSON(anna.uuid), as: UTF8.self)
        let (other, _) = try HealthFixtures.service()
        for (bad, expected) in [
            (text.replacingOccurrences(of: #""20:00""#, with: #""25:00""#), #"the time "25:00" is not a time of day"#),
            (text.replacingOccurrences(of: #""drugIndex" : 2"#, with: #""drugIndex" : 9"#), "belongs to drugs[9]"),
            (
                text.replacingOccurrences(of: #""drugIndex" : 2"#, with: #""drugIndex" : 1"#),
                "gives drugs[1] two medications"
            ),
            (
                text.replacingOccurrences(of: #""endDate" : "2026-12-31""#, with: #""endDate" : "2026-01-01""#),
                "The end date 2026-01-01 is before the start date 2026-11-16"
            ),
        ] {
            do {
                _ = try await other.importJSON(Data(bad.utf8), file: "anna.json")
                Issue.record("accepted: \(expected)")
            } catch let error as ServiceError {
                #expect(error.message.contains(expected), "\(error.message)")
            }
        }
        #expect(try await other.records().isEmpty)
    }

    @Test func fhirMedicationStatementsCarryTheTimingValidateAndImportBack() async throws {
        guard let python = try pythonOrSkip() else { return }
        let (service, clock) = try HealthFixtures.service(now: MedicationTests.at("2026-11-16T07:00:00Z"))
        let (anna, _) = try await Self.anna(service, clock: clock)
        let data = try await service.exportFHIR(anna.uuid)
        let folder = scratchDirectory("hearth-meds-fhir")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("anna.json")
        try data.write(to: file)
        let check = try await ChildProcess.run(
            python,
            [
                "-c",
                """
                import json, sys
                from fhir.resources.R4B.bundle import Bundle
                bundle = Bundle.model_validate_json(open(sys.argv[1]).read())
                out = []
                for e in bundle.entry:
                    r = e.resource
                    if r.get_resource_type() != 'MedicationStatement' or not r.dosage:
                        continue
                    d = r.dosage[0]
                    t = d.timing.repeat
                    out.append({
                        'name': r.medicationCodeableConcept.text, 'status': r.status,
                        'times': [str(x) for x in t.timeOfDay], 'frequency': t.frequency, 'period': float(t.period),
                        'unit': t.periodUnit, 'start': str(t.boundsPeriod.start),
                        'end': str(t.boundsPeriod.end) if t.boundsPeriod.end else None,
                        'dose': float(d.doseAndRate[0].doseQuantity.value), 'doseUnit': d.doseAndRate[0].doseQuantity.unit,
                        'route': d.route.text if d.route else None,
                    })
                print(json.dumps(out))
                """, file.path,
            ])
        #expect(check.status == 0, "fhir.resources refused the bundle: \(check.stderr)")
        struct Statement: Decodable, Equatable {
            var name, status, unit, start, doseUnit: String
            var times: [String]
            var frequency: Int
            var period, dose: Double
            var end, route: String?
        }
        let statements = try JSONDecoder().decode([Statement].self, from: Data(check.stdout.utf8))
        #expect(
            statements == [
                Statement(
                    name: "Metformin", status: "active", unit: "d", start: "2026-11-16", doseUnit: "mg",
                    times: ["08:00:00", "20:00:00"], frequency: 2, period: 1, dose: 500, end: nil, route: "oral"),
                Statement(
                    name: "Vitamin D", status: "active", unit: "d", start: "2026-11-16", doseUnit: "ml",
                    times: ["09:30:00"], frequency: 1, period: 7, dose: 0.5, end: "2026-12-31", route: nil),
            ], "\(check.stdout)")

        let (other, _) = try HealthFixtures.service()
        let report = try await other.importFHIR(data, file: "anna.json")
        let back = try await other.medications(of: report.recordID)
        #expect(back.map(\.medication) == (try await service.medications()).map(\.medication))
        #expect(back[0].entry.comment == "with food; never \"on an empty stomach\"")
    }

    @Test func theCalendarFeedRepeatsEachDoseTimeInFloatingLocalTime() async throws {
        let (service, clock) = try HealthFixtures.service(now: MedicationTests.at("2026-11-16T07:00:00Z"))
        _ = try await Self.anna(service, clock: clock)
        let items = try await service.medications()
        let feed = MedicationCalendar.render(items, now: MedicationTests.at("2026-11-20T12:00:00Z"))
        #expect(feed.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Hearth//Health Medications//EN\r\n"))
        #expect(feed.hasSuffix("END:VCALENDAR\r\n"))
        let lines = feed.components(separatedBy: "\r\n").dropLast()
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(feed.components(separatedBy: "BEGIN:VEVENT").count == 4)
        #expect(feed.components(separatedBy: "BEGIN:VALARM").count == 4)
        #expect(feed.contains("DTSTART:20261116T080000\r\n") && feed.contains("DTSTART:20261116T200000\r\n"))
        #expect(feed.contains("RRULE:FREQ=DAILY\r\n"))
        #expect(feed.contains("RRULE:FREQ=DAILY;INTERVAL=7;UNTIL=20261231T235959\r\n"))
        #expect(feed.contains("DTSTAMP:20261120T120000Z"))
        let unfolded = feed.replacingOccurrences(of: "\r\n ", with: "")
        #expect(
            unfolded.contains(
                #"DESCRIPTION:Metformin 500 mg for Ivanova - Anna at 08:00\, oral.\nwith food\; never "on an empty stomach""#
            ))
    }

    @Test func pythonsICalendarAndVobjectReadTheFeedAndExpandTheRules() async throws {
        guard let python = try pythonOrSkip() else { return }
        let (service, clock) = try HealthFixtures.service(now: MedicationTests.at("2026-11-16T07:00:00Z"))
        _ = try await Self.anna(service, clock: clock)
        let folder = scratchDirectory("hearth-meds-ics")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("meds.ics")
        try Data(MedicationCalendar.render(try await service.medications(), now: clock.now).utf8).write(to: file)
        let script = """
            import datetime, icalendar, json, sys, vobject
            text = open(sys.argv[1]).read()
            calendar = icalendar.Calendar.from_ical(text)
            events = []
            for event in calendar.walk('VEVENT'):
                start = event.decoded('DTSTART')
                rule = event['RRULE']
                events.append({
                    'uid': str(event['UID']), 'summary': str(event['SUMMARY']),
                    'start': start.isoformat(), 'floating': start.tzinfo is None,
                    'interval': int(rule.get('INTERVAL', [1])[0]),
                    'until': rule['UNTIL'][0].isoformat() if 'UNTIL' in rule else None,
                    'alarms': len(event.walk('VALARM')),
                })
            card = vobject.readOne(text)
            vitamin = [e for e in card.vevent_list if 'Vitamin' in e.summary.value][0]
            dates = [d.isoformat() for d in vitamin.getrruleset()]
            metformin = [e for e in card.vevent_list if e.dtstart.value.hour == 20][0]
            evening = [d.isoformat() for d in metformin.getrruleset().between(
                datetime.datetime(2026, 11, 30), datetime.datetime(2026, 12, 3))]
            print(json.dumps({'name': str(calendar['X-WR-CALNAME']), 'events': events, 'vitamin': dates, 'evening': evening}))
            """
        let result = try await ChildProcess.run(python, ["-c", script, file.path])
        #expect(result.status == 0, "\(result.stderr)")
        struct Parsed: Decodable {
            struct Event: Decodable {
                var uid, summary, start: String
                var floating: Bool
                var interval, alarms: Int
                var until: String?
            }
            var name: String
            var events: [Event]
            var vitamin, evening: [String]
        }
        let parsed = try JSONDecoder().decode(Parsed.self, from: Data(result.stdout.utf8))
        #expect(parsed.name == "Hearth Medications")
        #expect(parsed.events.count == 3 && parsed.events.allSatisfy { $0.floating && $0.alarms == 1 })
        #expect(parsed.events.map(\.start) == ["2026-11-16T08:00:00", "2026-11-16T20:00:00", "2026-11-16T09:30:00"])
        #expect(parsed.events.map(\.interval) == [1, 1, 7])
        #expect(parsed.events[2].until == "2026-12-31T23:59:59")
        #expect(parsed.events[0].summary == "Metformin 500 mg (Ivanova - Anna)")
        // Every 7 days from the 16th until the end of December: 16, 23, 30 Nov; 7, 14, 21, 28 Dec.
        #expect(
            parsed.vitamin == [
                "2026-11-16T09:30:00", "2026-11-23T09:30:00", "2026-11-30T09:30:00", "2026-12-07T09:30:00",
                "2026-12-14T09:30:00", "2026-12-21T09:30:00", "2026-12-28T09:30:00",
            ])
        #expect(parsed.evening == ["2026-11-30T20:00:00", "2026-12-01T20:00:00", "2026-12-02T20:00:00"])
    }
}
