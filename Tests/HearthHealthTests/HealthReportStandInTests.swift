import Foundation
import HearthCore
import HearthReports
import HearthStore
import HearthTestSupport
import Testing

@testable import HearthHealth

/// The reports against ``StandInHealthRecords``: a document made from the record and entries the records
/// give, and the file it is written to.
@Suite struct HealthReportStandInTests {
    @Test func aReportIsMadeFromTheRecordAndEntriesTheRecordsGive() async throws {
        var rex = MedicalRecord(isPet: true)
        rex.personalName = "Rex"
        rex.ownerName = "Ada"
        var entries = RecordEntries()
        entries.weights = [
            WeightEntry(date: HealthFixtures.day("2024-01-10"), weightKg: Decimal(string: "30.5")),
            WeightEntry(date: HealthFixtures.day("2024-03-20"), weightKg: Decimal(string: "32.2")),
        ]
        entries.petYearlyCosts = [
            PetYearlyCost(date: HealthFixtures.day("2024-02-10"), category: "Vet", amount: Decimal(string: "215.50")!)
        ]
        let records = StandInHealthRecords(records: [rex], entries: [rex.uuid: entries])
        let reports: any HealthReporting = HealthReportService(records: records)

        let folder = scratchDirectory("hearth-health-stand-in")
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = try await reports.write(
            rex.uuid, format: .html, to: ProtectedFileStore(directory: folder),
            generatedAt: Date(timeIntervalSince1970: 1_717_200_000))
        #expect(name == "Rex - Medical Record.html")
        let html = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        for expected in ["Rex", "Ada", "Weight over time", "Costs by category", "Vet", "<svg"] {
            #expect(html.contains(expected), "\(expected) missing from the report")
        }
        // The record for the name, then the record and its entries for the document.
        #expect(records.calls == [.record(rex.uuid), .record(rex.uuid), .entries(rex.uuid)])

        // A record the records do not have is their not-found error, and no file is written.
        await #expect(throws: ServiceError.self) {
            try await reports.write(
                "missing", format: .pdf, to: ProtectedFileStore(directory: folder), generatedAt: Date())
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [name])
    }
}
