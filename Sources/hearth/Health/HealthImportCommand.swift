public import ArgumentParser
import Foundation
import HearthCore
import HearthExchange
import HearthHealth
import HearthStore

/// `hearth health import FILE`.
struct HealthImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Import a JSON export (version 1: one record or an array; importing twice adds nothing), a FHIR R4 Bundle, or a vCard file's contacts into a record (--to).",
        discussion: "An export encrypted by hearth health export is read with the key in HEARTH_ENCRYPTION_KEY."
    )
    @OptionGroup var options: HealthOptions
    @Argument(help: "The file: .json, or .vcf (vCard 2.1, 3.0 or 4.0).") var file: String
    @Option(help: "The record whose emergency contacts a vCard file's contacts join.") var to: String?

    func run() async throws {
        let url = URL(fileURLWithPath: (file as NSString).expandingTildeInPath)
        let data = try HealthFiles.read(url)
        if url.pathExtension.lowercased() == "vcf" || to != nil {
            guard let to else {
                throw ServiceError.validationFailed("Say which record the contacts join with --to RECORD")
            }
            let service = try options.openService()
            let record = try await options.record(to, in: service)
            let report = try await service.importContacts(data, file: url.lastPathComponent, to: record.uuid)
            if options.json { return try options.print(json: report) }
            Swift.print(
                "Read \(report.cardsRead) card\(report.cardsRead == 1 ? "" : "s"): \(report.added) contact\(report.added == 1 ? "" : "s") added to \(record.displayName), \(report.alreadyPresent) already there."
            )
            for line in report.skipped { Swift.print("Skipped \(line)") }
            return
        }
        let service = try options.openService()
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], object["resourceType"] != nil {
            let report = try await service.importFHIR(data, file: url.lastPathComponent)
            if options.json { return try options.print(json: report) }
            let counts = report.imported.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(
                separator: ", ")
            Swift.print(
                "Made record \(report.recordID.prefix(8)) from the FHIR bundle: \(counts.isEmpty ? "no entries" : counts)."
            )
            for line in report.skipped { Swift.print("Skipped \(line)") }
            return
        }
        let report = try await service.importJSON(data, file: url.lastPathComponent)
        if options.json { return try options.print(json: report) }
        Swift.print(
            "Read \(report.recordsRead) record\(report.recordsRead == 1 ? "" : "s"): \(report.recordsCreated) added, \(report.recordsMatched) already here; \(report.entriesAdded) entries added, \(report.entriesAlreadyPresent) already present."
        )
    }
}
