import Foundation
import HearthCore
import HearthReports
import HearthStore
import HearthTestSupport
import Testing

@testable import HearthHealth

@Suite(.timeLimit(.minutes(10))) struct HealthReportTests {
    @Test func aPetsRecordWithChartsAndUnicodeNames() async throws {
        guard try PDFTools.ready() else { return }
        let (service, _) = try HealthFixtures.service()
        var pet = try await HealthFixtures.addRex(service)
        pet = try await service.updateRecord(pet.uuid) { record in
            record.personalName = "Шарик Ψηφίο"
            record.ownerName = "Ирина Петрова"
            record.vetClinicName = "Κτηνιατρείο Αθηνών"
        }
        try await service.addEntry(
            WeightEntry(date: HealthFixtures.day("2024-03-20"), weightKg: Decimal(string: "32.2")), to: pet.uuid)
        try await service.addEntry(
            PetYearlyCost(date: HealthFixtures.day("2023-06-01"), category: "Food", amount: 480), to: pet.uuid)
        try await service.addEntry(
            PetYearlyCost(date: HealthFixtures.day("2024-02-10"), category: "Vet", amount: Decimal(string: "215.50")!),
            to: pet.uuid)

        let folder = scratchDirectory("hearth-health-report")
        defer { try? FileManager.default.removeItem(at: folder) }
        let reports = HealthReportService(records: service)
        let name = try await reports.write(pet.uuid, format: .pdf, to: ProtectedFileStore(directory: folder))
        #expect(name == "Шарик Ψηφίο - Medical Record.pdf")
        let url = folder.appendingPathComponent(name)
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)

        let check = try await PDFTools.run("qpdf", ["--check", url.path])
        #expect(
            check.status == 0 && check.stdout.contains("No syntax or stream encoding errors found"), "\(check.stdout)")
        let text = try await PDFTools.run("pdftotext", ["-layout", url.path, "-"]).stdout
        for expected in [
            "Шарик Ψηφίο", "Ирина Петрова", "Κτηνιατρείο Αθηνών", "Rabies", "Apoquel 16 mg", "Weight over time", "kg",
            "Costs by category", "Food", "Vet", "$1,235.50", "Page 1 of",
        ] {
            #expect(text.contains(expected), "\(expected) missing from:\n\(text)")
        }
        // The charts are drawn: rendering the page gives pixels of the accent colour.
        let png = folder.appendingPathComponent("page")
        #expect(try await PDFTools.run("pdftoppm", ["-png", "-r", "40", url.path, png.path]).status == 0)
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix("page") && $0.hasSuffix(".png")
        }
        #expect(!pages.isEmpty)

        let html = String(decoding: try await reports.render(pet.uuid, format: .html), as: UTF8.self)
        #expect(html.contains("<svg") && html.contains("Шарик Ψηφίο") && html.contains("Weight over time"))
        #expect(
            !html.contains("http://") && !html.contains("https://") && !html.contains("<script")
                && !html.contains("<link"))
    }

    @Test func encryptedWhenTheStoreHasAKey() async throws {
        let (service, _) = try HealthFixtures.service()
        var anna = MedicalRecord()
        anna.personalGivenName = "Anna"
        anna = try await service.createRecord(anna)
        let folder = scratchDirectory("hearth-health-sealed")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = ProtectedFileStore(directory: folder, key: EncryptionKey.generate())
        let name = try await HealthReportService(records: service).write(anna.uuid, format: .pdf, to: store)
        #expect(name == "Anna - Medical Record.pdf")
        let raw = try Data(contentsOf: folder.appendingPathComponent(name))
        #expect(!raw.starts(with: Data("%PDF".utf8)))
        #expect(try store.read(name)?.starts(with: Data("%PDF".utf8)) == true)
    }

    @Test func fileNamesAreSafe() {
        var record = MedicalRecord(isPet: true)
        record.personalName = "Rex/Max: \"the\" dog"
        #expect(HealthReportService.fileName(for: record, format: .html) == "Rex-Max- -the- dog - Medical Record.html")
    }
}
