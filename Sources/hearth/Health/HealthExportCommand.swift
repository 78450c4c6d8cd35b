public import ArgumentParser
import Foundation
import HearthCore
import HearthExchange
import HearthHealth
import HearthStore

/// `hearth health export RECORD [--format json|pdf|html] [-o PATH]`.
struct HealthExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Export a record: JSON (format version 1, the original app's), a FHIR R4 Bundle, or a PDF or HTML report with charts.",
        discussion: """
            PDF and HTML go into a folder (-o, default the current one) as "<name> - Medical Record.pdf"; JSON and FHIR go
            to -o FILE (into -o FOLDER as "<name> - Medical Record.json" or "<name> - FHIR Bundle.json"), or to stdout
            without -o. Every file is readable only by you (0600), and encrypted with AES-GCM
            when HEARTH_ENCRYPTION_KEY holds a key (hearth health import reads it back with the same key; keep its name,
            which the encryption is bound to).
            """
    )
    @OptionGroup var options: HealthOptions
    @Argument(help: "The record.") var record: String
    @Option(name: .shortAndLong, help: "The file or folder (JSON, FHIR) or the folder (PDF, HTML) to write to.")
    var output: String?
    @Option(help: "json, fhir (a FHIR R4 Bundle, people only), pdf or html.") var format = "json"

    func run() async throws {
        let service = try options.openService()
        let found = try await options.record(record, in: service)
        switch format.lowercased() {
        case "json", "fhir":
            let data =
                format.lowercased() == "json"
                ? try await service.exportJSON(found.uuid) : try await service.exportFHIR(found.uuid)
            guard let output else {
                FileHandle.standardOutput.write(data + Data("\n".utf8))
                return
            }
            // The file holds social security and insurance numbers: written as the PDFs are, 0600 and
            // encrypted when there is a key.
            var url = URL(fileURLWithPath: (output as NSString).expandingTildeInPath)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
                // A folder, as for the PDF: the file is named after the record, as the report is.
                let kind = format.lowercased() == "json" ? "Medical Record" : "FHIR Bundle"
                url = url.appendingPathComponent(
                    "\(found.displayName.replacingOccurrences(of: "/", with: "-")) - \(kind).json")
            }
            let store = ProtectedFileStore(directory: url.deletingLastPathComponent(), key: try HealthFiles.key())
            try store.write(data, to: url.lastPathComponent)
            if options.json {
                return try options.print(json: ["written": url.path, "encrypted": store.isEncrypted ? "yes" : "no"])
            }
            Swift.print("Wrote \(found.displayName) to \(url.path)\(store.isEncrypted ? " (encrypted)" : "").")
        case "pdf", "html":
            let folder = URL(fileURLWithPath: ((output ?? ".") as NSString).expandingTildeInPath)
            let store = ProtectedFileStore(directory: folder, key: try HealthFiles.key())
            // Pictures attached to entries are drawn under them.
            let attachments = HealthAttachmentService(
                records: service, directory: HealthAttachmentService.directory(besideDatabase: options.databaseURL))
            let name = try await HealthReportService(records: service, attachments: attachments).write(
                found.uuid, format: format.lowercased() == "pdf" ? .pdf : .html, to: store)
            let path = folder.appendingPathComponent(name).path
            if options.json {
                return try options.print(json: ["written": path, "encrypted": store.isEncrypted ? "yes" : "no"])
            }
            Swift.print("Wrote \(path)\(store.isEncrypted ? " (encrypted)" : "").")
        default:
            throw ServiceError.validationFailed("--format \(format) is not one of json, fhir, pdf, html")
        }
    }
}
