import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

/// `hearth garage documents add|edit|delete|list|show`.
struct GarageDocumentsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "documents",
        abstract: "A vehicle's papers: insurance card, registration, inspection certificate, title, other.",
        discussion: """
            `add` copies the file into the documents folder beside the garage database (readable by you only);
            the original can then be moved or deleted. A document with --expires is reminded 60, 30, 7 and 1
            days before that day, and `due` shows it. Sync carries the record, not the file.
            """,
        subcommands: [List.self, Add.self, Show.self, Edit.self, Delete.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the documents of a vehicle (or of every vehicle), soonest expiry first.")
        @OptionGroup var options: GarageOptions
        @Argument(help: "The vehicle: its name or the start of its id (default: every vehicle).") var vehicle: String?

        func run() async throws {
            let store = try options.openStore()
            var found: Vehicle?
            if let vehicle { found = try await store.vehicle(matching: vehicle) }
            let documents = try await store.documents(of: found?.id)
            if options.json { return try GarageOutput.json(documents) }
            guard !documents.isEmpty else {
                let name = found?.displayName ?? "VEHICLE"
                return print(
                    "\(found?.displayName ?? "The garage") has no documents. Add one with `hearth garage documents add \"\(name)\" card.pdf --kind insurance --expires 2026-12-31`."
                )
            }
            let names = Dictionary(uniqueKeysWithValues: try await store.vehicles().map { ($0.id, $0.displayName) })
            let today = store.today
            let rows = documents.map { document -> [String] in
                let vehicle: String = names[document.vehicleID] ?? "—"
                let expires: String = document.expiresOn?.iso ?? "—"
                let status: String = document.status(today: today).label
                return [
                    vehicle, document.kind.rawValue, document.label, document.number ?? "—", expires, status,
                    String(document.id.uuidString.prefix(8)),
                ]
            }
            GarageOutput.table(["VEHICLE", "KIND", "LABEL", "NUMBER", "EXPIRES", "STATUS", "ID"], rows)
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Keep a copy of a vehicle's document (at most 25 MB).")
        @OptionGroup var options: GarageOptions
        @Argument(help: "The vehicle: its name or the start of its id.") var vehicle: String
        @Argument(help: "The document's scan or photo; it is copied.") var file: String
        @Option(help: "insurance, registration, inspection, title or other.") var kind: String
        @Option(help: "What you call it, such as \"Geico card\" (default: the kind).") var label: String?
        @Option(help: "The policy, plate or certificate number.") var number: String?
        @Option(help: "The day it was issued, yyyy-MM-dd.") var issued: String?
        @Option(help: "The last day it is valid, yyyy-MM-dd.") var expires: String?
        @Option var notes: String?

        func run() async throws {
            let store = try options.openStore()
            let found = try await store.vehicle(matching: vehicle)
            let document = try await store.addDocument(
                DocumentDraft(kind: kind, label: label, number: number, issued: issued, expires: expires, notes: notes),
                copying: file, to: found.id)
            if options.json { return try GarageOutput.json(document) }
            print(
                "Kept \(document.label) (\(document.kind.rawValue)) for \(found.displayName) (\(document.id.uuidString.prefix(8)))"
                    + (document.expiresOn.map { "; it expires on \($0.iso)." } ?? "."))
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a document: its copy, kind, expiry, status.")
        @OptionGroup var options: GarageOptions
        @Argument(help: "The document's id, or its start as `documents list` prints it.") var id: String

        func run() async throws {
            let store = try options.openStore()
            let document = try await store.record(VehicleDocument.self, matching: id, named: "document")
            let vehicle = try await store.vehicle(id: document.vehicleID)
            let path = store.fileURL(of: document)?.path
            let present = path.map { FileManager.default.fileExists(atPath: $0) } ?? false
            let status = document.status(today: store.today)
            if options.json {
                struct Shown: Encodable {
                    var document: VehicleDocument
                    var path: String?
                    var fileOnThisDevice: Bool
                    var status: VehicleDocument.Status
                }
                return try GarageOutput.json(
                    Shown(document: document, path: path, fileOnThisDevice: present, status: status))
            }
            var lines = [
                "\(document.label) — \(document.kind.label), \(vehicle.displayName)",
                "  id        \(document.id.uuidString)",
                "  file      "
                    + (present
                        ? "\(path!) (\(GarageOutput.number(document.byteCount)) bytes, from \(document.originalName))"
                        : "not on this device yet (added elsewhere; the next hearth garage sync downloads it)"),
            ]
            if let number = document.number { lines.append("  number    \(number)") }
            if let issued = document.issuedOn { lines.append("  issued    \(issued.iso)") }
            lines.append("  expires   \(document.expiresOn?.iso ?? "—")")
            lines.append("  status    \(status.label)")
            if let notes = document.notes { lines.append("  notes     \(notes)") }
            print(lines.joined(separator: "\n"))
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a document: only the options given change; the file stays.",
            discussion: "--expires none and --issued none clear a day; --number \"\" and --notes \"\" clear them.")
        @OptionGroup var options: GarageOptions
        @Argument(help: "The document's id, or its start as `documents list` prints it.") var id: String
        @Option(help: "insurance, registration, inspection, title or other.") var kind: String?
        @Option(help: "What you call it.") var label: String?
        @Option(help: "The policy, plate or certificate number.") var number: String?
        @Option(help: "The day it was issued, yyyy-MM-dd, or none.") var issued: String?
        @Option(help: "The last day it is valid, yyyy-MM-dd, or none.") var expires: String?
        @Option(help: "The notes (\"\" clears them).") var notes: String?

        func run() async throws {
            let store = try options.openStore()
            let found = try await store.record(VehicleDocument.self, matching: id, named: "document")
            let document = try await store.updateDocument(
                found.id,
                with: DocumentDraft(
                    kind: kind, label: label, number: number, issued: issued, expires: expires, notes: notes))
            if options.json { return try GarageOutput.json(document) }
            print(
                "Saved \(document.label) (\(document.kind.rawValue))"
                    + (document.expiresOn.map { "; it expires on \($0.iso)." } ?? "."))
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a document and its copy.")
        @OptionGroup var options: GarageOptions
        @Argument(help: "The document's id, or its start as `documents list` prints it.") var id: String

        func run() async throws {
            let store = try options.openStore()
            let found = try await store.record(VehicleDocument.self, matching: id, named: "document")
            try await store.removeDocument(found.id)
            if options.json { return try GarageOutput.json(["deleted": found.id.uuidString]) }
            print("Deleted \(found.label) (\(found.kind.rawValue)) and its copy.")
        }
    }
}
