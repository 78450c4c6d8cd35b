import Foundation
import HearthCore
import HearthReports
import HearthStore
import HearthTestSupport
import Testing

@testable import HearthHealth

@Suite(.timeLimit(.minutes(10))) struct ObservationExportTests {
    @Test func jsonVersion1CarriesObservationsUnderHearthExtensionsAndRoundTrips() async throws {
        let (service, _) = try HealthFixtures.service()
        let ana = try await ObservationFHIRTests.addAna(service)
        try await service.addEntry(DrugEntry(nameAndDosage: "Metformin 500 mg"), to: ana.uuid)
        let exported = try await service.exportJSON(ana.uuid)
        let object = try JSONSerialization.jsonObject(with: exported) as! [String: Any]
        // Version 1 as the original app reads it, with the observations beside it where it ignores them.
        #expect(object["exportVersion"] as? Int == 1 && (object["weights"] as? [Any])?.isEmpty == true)
        #expect((object["drugs"] as? [[String: String]])?.first?["drugName"] == "Metformin 500 mg")
        let extensions = try #require(object["hearthExtensions"] as? [String: Any])
        #expect(Set(extensions.keys) == ["observations"])
        let observations = try #require(extensions["observations"] as? [[String: Any]])
        #expect(observations.count == 7 && observations.first?["loinc"] as? String == "4548-4")
        let text = String(decoding: exported, as: UTF8.self)
        #expect(text.contains("\"value\" : 5.9") && text.contains("\"high\" : 5.6"))

        // Export → import into an empty database → export: the same bytes.
        let (other, _) = try HealthFixtures.service()
        let report = try await other.importJSON(exported, file: "ana.json")
        #expect(report.recordsCreated == 1 && report.entriesAdded == 8)
        let again = try await other.exportJSON(try #require(report.recordIDs.first))
        #expect(again == exported, "\(String(decoding: again, as: UTF8.self))")
        // A second import of the same file adds nothing.
        let twice = try await other.importJSON(exported, file: "ana.json")
        #expect(twice.entriesAdded == 0 && twice.entriesAlreadyPresent == 8)
        // Into the database it came from (the record matches, observation ids are there already): nothing added.
        #expect(try await service.importJSON(exported, file: "ana.json").entriesAdded == 0)
    }

    @Test func anExportWithoutObservationsHasNoExtensionsMember() async throws {
        let (service, _) = try HealthFixtures.service()
        let rex = try await HealthFixtures.addRex(service)
        let exported = try await service.exportJSON(rex.uuid)
        #expect(exported == (try Data(contentsOf: HealthFixtures.url("rex-v1.json"))))
        #expect(!String(decoding: exported, as: UTF8.self).contains("hearthExtensions"))
    }

    @Test func aHostileExtensionIsRefusedAndNothingIsWritten() async throws {
        let (service, _) = try HealthFixtures.service()
        let ana = try await ObservationFHIRTests.addAna(service)
        let good = String(decoding: try await service.exportJSON(ana.uuid), as: UTF8.self)
        let (other, _) = try HealthFixtures.service()
        for (bad, message) in [
            (good.replacingOccurrences(of: "\"4548-4\"", with: "\"4548-7\""), "has check digit 7, but 4548 gives 4"),
            (good.replacingOccurrences(of: "\"value\" : 5.9", with: "\"value\" : \"lots\""), "observations[1].value"),
        ] {
            do {
                _ = try await other.importJSON(Data(bad.utf8), file: "ana.json")
                Issue.record("accepted a file that should fail with \(message)")
            } catch let error as ServiceError {
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
        #expect(try await other.records().isEmpty)
    }

    @Test func aHandWrittenExtensionNeedsOnlyAnIdAndAName() async throws {
        let (service, _) = try HealthFixtures.service()
        let ana = try await ObservationFHIRTests.addAna(service)
        var object = try JSONSerialization.jsonObject(with: try await service.exportJSON(ana.uuid)) as! [String: Any]
        object["hearthExtensions"] = [
            "observations": [
                ["id": "9B1DEB4D-3B7D-4BAD-9BDD-2B0D7B3DCB6D", "name": "TSH", "value": 2.1, "unit": "mIU/L"]
            ]
        ]
        let (other, _) = try HealthFixtures.service()
        let report = try await other.importJSON(try JSONSerialization.data(withJSONObject: object), file: "ana.json")
        let recordID = try #require(report.recordIDs.first)
        let tsh = try #require(try await other.observations(of: recordID).first)
        #expect(tsh.name == "TSH" && tsh.category == .laboratory && tsh.value == Decimal(string: "2.1"))
        #expect(tsh.components.isEmpty && tsh.text.isEmpty && tsh.comment.isEmpty && tsh.unitIsKnown)
    }

    @Test func theReportChartsEachAnalyteWithItsRangeAndVitals() async throws {
        guard try PDFTools.ready() else { return }
        let (service, _) = try HealthFixtures.service()
        let ana = try await ObservationFHIRTests.addAna(service)
        try await service.addEntry(
            try VitalSign.bloodPressure.observation(value: 118, second: 76, effective: "2026-07-01"), to: ana.uuid)
        try await service.addEntry(
            HealthObservation(
                name: "HbA1c", loinc: "4548-4", value: Decimal(string: "3.8")!, unit: "%", low: 4,
                high: Decimal(string: "5.6")!, effective: "2026-01-05"), to: ana.uuid)
        let folder = scratchDirectory("hearth-health-labs-report")
        defer { try? FileManager.default.removeItem(at: folder) }
        let reports = HealthReportService(records: service)
        let name = try await reports.write(ana.uuid, format: .pdf, to: ProtectedFileStore(directory: folder))
        let url = folder.appendingPathComponent(name)
        try await PDFTools.check(url)
        let text = try await PDFTools.text(url)
        for expected in [
            "LAB RESULTS", "HbA1c", "Reference range", "VITAL SIGNS", "Blood pressure", "Systolic", "Diastolic",
            "mmol/l-ish (not", "142/84", "Body weight",
        ] {
            #expect(text.uppercased().contains(expected.uppercased()), "\(expected) missing from:\n\(text)")
        }
        if let keep = ProcessInfo.processInfo.environment["HEARTH_KEEP_REPORT"] {
            try? FileManager.default.copyItem(at: url, to: URL(fileURLWithPath: keep))
        }

        let document = try await reports.document(ana.uuid)
        let charts = document.blocks.compactMap { block -> ReportChart? in
            if case .chart(let chart) = block { return chart }
            return nil
        }
        let hba1c = try #require(charts.first { $0.title == "HbA1c" })
        #expect(hba1c.band == ReportChart.Band(low: 4, high: 5.6, label: "Reference range"))
        // Oldest first: 3.8 is low, 5.4 inside, 5.9 high.
        #expect(hba1c.series.first?.points.map(\.mark) == ["L", nil, "H"])
        let pressure = try #require(charts.first { $0.title == "Blood pressure" })
        #expect(pressure.series.map(\.name) == ["Systolic", "Diastolic"])
        #expect(pressure.series.map { $0.points.map(\.value) } == [[118, 142], [76, 84]])
        #expect(pressure.series.map { $0.points.map(\.mark) } == [[nil, "H"], [nil, "H"]])

        let html = String(decoding: try await reports.render(ana.uuid, format: .html), as: UTF8.self)
        #expect(html.contains("<svg") && html.contains("Reference range") && html.contains("Lab results"))
    }
}
