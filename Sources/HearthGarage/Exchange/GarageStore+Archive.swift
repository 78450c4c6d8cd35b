public import Foundation
import GRDB
import HearthCore
import HearthExchange
import HearthStore

extension GarageStore {
    /// Writes every garage record: as CSV, one file per kind into the folder `url` (created when missing):
    /// `vehicles.csv`, `service-presets.csv`, `services.csv`, `service-records.csv`, `attachments.csv`,
    /// `odometer-records.csv`, `fuel-records.csv`, `expenses.csv`, `documents.csv`, `reminders.csv` (what is
    /// due, for reading) and the documents' files in `documents/`; as JSON, every record in the one file `url`
    /// (without the documents' files). Each file is written whole or not at all.
    ///
    /// The same records always give the same bytes, and ``importArchive(from:)`` of an export into an empty
    /// garage stores them exactly as they were (ids, times, money to the digit).
    /// - Throws: ``ServiceError`` (operation failed) when a file cannot be written.
    @discardableResult
    public func exportArchive(format: GarageArchiveFormat, to url: URL) async throws -> GarageArchiveSummary {
        let reminders = try await reminderRows()
        let tables = GarageArchiveTable.all
        let documentsFolder = self.documentsFolder
        let (counts, files) = try await read { db -> ([String: Int], (copied: Int, missing: Int)) in
            switch format {
            case .csv:
                try Self.exchange {
                    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
                }
                var counts: [String: Int] = [:]
                for table in tables {
                    counts[table.name] = try Self.writeFile(url.appendingPathComponent("\(table.name).csv")) { output in
                        try output.append { CSVWriting.appendRow(table.columns.map(\.header), to: &$0) }
                        let rows = try Row.fetchCursor(db, sql: table.selectSQL)
                        var count = 0
                        while let row = try rows.next() {
                            let fields = table.columns.indices.map { table.columns[$0].text(row[$0]) ?? "" }
                            try output.append { CSVWriting.appendRow(fields, to: &$0) }
                            count += 1
                        }
                        return count
                    }
                }
                try Self.writeFile(url.appendingPathComponent("\(GarageArchiveTable.remindersName).csv")) { output in
                    try output.append { CSVWriting.appendRow(GarageArchiveTable.reminderHeaders, to: &$0) }
                    for row in reminders { try output.append { CSVWriting.appendRow(row.map { $0 ?? "" }, to: &$0) } }
                }
                let files = try Self.copyDocumentFiles(
                    try VehicleDocument.order(Column("createdAt"), Column("id")).fetchAll(db), from: documentsFolder,
                    to: url.appendingPathComponent(Self.archiveDocumentsFolder, isDirectory: true))
                return (counts, files)
            case .json:
                let counts = try Self.writeFile(url) { output in
                    var counts: [String: Int] = [:]
                    try output.write("{\"format\":\"\(Self.archiveFormatName)\",\"version\":1,\n")
                    func section(_ name: String, headers: [String], _ next: () throws -> [String]?) throws -> Int {
                        try output.write("\"\(name)\":[")
                        var count = 0
                        while let values = try next() {
                            let members = zip(headers, values).map { "\"\($0)\":\($1)" }.joined(separator: ",")
                            try output.write((count == 0 ? "\n{" : ",\n{") + members + "}")
                            count += 1
                        }
                        try output.write(count == 0 ? "]" : "\n]")
                        return count
                    }
                    for table in tables {
                        let rows = try Row.fetchCursor(db, sql: table.selectSQL)
                        counts[table.name] = try section(table.name, headers: table.columns.map(\.header)) {
                            try rows.next().map { row in table.columns.indices.map { table.columns[$0].json(row[$0]) } }
                        }
                        try output.write(",\n")
                    }
                    var iterator = reminders.makeIterator()
                    _ = try section(GarageArchiveTable.remindersName, headers: GarageArchiveTable.reminderHeaders) {
                        iterator.next().map { row in
                            row.enumerated().map { index, value in
                                guard let value else { return "null" }
                                // DueOdometer is a number, as in the records.
                                return index == 5 ? value : GarageArchiveColumn.jsonString(value)
                            }
                        }
                    }
                    try output.write("}\n")
                    return counts
                }
                return (counts, (copied: 0, missing: counts["documents"] ?? 0))
            }
        }
        return GarageArchiveSummary(
            path: url.path, format: format, counts: counts, documentFiles: files.copied,
            documentFilesLeftOut: files.missing)
    }

    /// Imports what ``exportArchive(format:to:)`` wrote: a folder of CSV files, or a JSON file. Everything
    /// goes in one transaction, and each record is checked as it goes in (its values, what it refers to, the
    /// rules of its kind): a bad value anywhere imports nothing, and the message names the file, line (or
    /// JSON position) and column. Records already in the garage with the same values are left alone.
    /// `reminders.csv` is not read: reminders are computed from the records. The documents' files in a CSV
    /// export's `documents/` are copied into this garage's documents folder, each checked against its record.
    /// - Throws: ``ServiceError`` (validation failed, not found).
    @discardableResult
    public func importArchive(from url: URL) async throws -> GarageArchiveSummary {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw ServiceError(.notFound, "There is no file or folder at \(url.path).")
        }
        let format: GarageArchiveFormat = isFolder.boolValue ? .csv : .json
        if format == .csv, !FileManager.default.fileExists(atPath: url.appendingPathComponent("vehicles.csv").path) {
            throw ServiceError.validationFailed(
                "\(url.lastPathComponent) holds no vehicles.csv; give a folder written by `hearth garage export --format csv`"
            )
        }
        let today = self.today
        let documentsFolder = self.documentsFolder
        let copied = CopiedFiles()
        do {
            let (counts, unchanged, files) = try await write { tx in
                let importer = GarageArchiveImport(tx, today: today)
                switch format {
                case .csv: try Self.importCSV(url, into: importer)
                case .json: try Self.importJSON(url, into: importer)
                }
                let documents = try VehicleDocument.order(Column("createdAt"), Column("id")).fetchAll(tx.db)
                let source =
                    format == .csv ? url.appendingPathComponent(Self.archiveDocumentsFolder, isDirectory: true) : nil
                let files = try Self.copyDocumentFiles(
                    documents, from: source, to: documentsFolder, checked: true, copied: copied)
                return (importer.counts, importer.unchanged, files)
            }
            return GarageArchiveSummary(
                path: url.path, format: format, counts: counts, unchanged: unchanged, documentFiles: files.copied,
                documentFilesLeftOut: files.missing)
        } catch {
            // The records are as they were; so are the documents folder's files.
            if let documentsFolder {
                let store = ProtectedFileStore(directory: documentsFolder)
                for name in copied.names { try? store.remove(name) }
            }
            throw error
        }
    }

    /// The folder of an export (beside its CSV files) that holds the copies of vehicle documents.
    static let archiveDocumentsFolder = "documents"

    /// The CSV files ``exportArchive(format:to:)`` writes, by name without `.csv`: one per kind of record, then
    /// `reminders`.
    public static var archiveCSVNames: [String] {
        GarageArchiveTable.all.map(\.name) + [GarageArchiveTable.remindersName]
    }

    /// The names of the files an import copied, so that a refused import can take them back.
    private final class CopiedFiles: @unchecked Sendable {
        var names: [String] = []
    }

    /// Copies the file of each of `documents` from the folder `source` into `target` (0600 in a 0700 folder),
    /// leaving files `target` already has. A document whose file `source` lacks, or with no folder on either
    /// side, is counted as left out.
    ///
    /// With `checked`, each file is checked before it is copied (a regular file, at most
    /// ``maxDocumentBytes``, of the size its record says), and a file that fails is refused by name.
    private static func copyDocumentFiles(
        _ documents: [VehicleDocument], from source: URL?, to target: URL?, checked: Bool = false,
        copied: CopiedFiles? = nil
    ) throws -> (copied: Int, missing: Int) {
        var result = (copied: 0, missing: 0)
        for document in documents {
            guard VehicleDocument.isPlainFileName(document.fileName) else {
                result.missing += 1
                continue
            }
            if let target, FileManager.default.fileExists(atPath: target.appendingPathComponent(document.fileName).path)
            {
                continue
            }
            guard let source, let target,
                FileManager.default.fileExists(atPath: source.appendingPathComponent(document.fileName).path)
            else {
                result.missing += 1
                continue
            }
            let file = source.appendingPathComponent(document.fileName)
            if checked {
                let size = try documentFileSize(file)
                guard size == document.byteCount else {
                    throw ServiceError.validationFailed(
                        "\(archiveDocumentsFolder)/\(document.fileName) is \(size) bytes, but its record in documents says \(document.byteCount). Nothing was imported; the garage is as it was"
                    )
                }
            }
            try ProtectedFileStore(directory: target).write(try readDocumentFile(file), to: document.fileName)
            copied?.names.append(document.fileName)
            result.copied += 1
        }
        return result
    }

    /// The name a JSON export gives its format.
    static let archiveFormatName = "hearth-garage"
    /// The largest file of an export that is read (a lifetime of records is a few megabytes).
    static let archiveFileLimit = 256 << 20
    /// The largest value (CSV field) or record (JSON element) that is read.
    static let archiveValueLimit = 64 << 10

    /// Refuses a file larger than ``archiveFileLimit`` before anything of it is read.
    private static func checkSize(_ url: URL) throws {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= archiveFileLimit else {
            throw ServiceError.validationFailed(
                "\(url.lastPathComponent) is \(size >> 20) MB; an export file is at most \(archiveFileLimit >> 20) MB. Nothing was imported"
            )
        }
    }

    private static func importCSV(_ folder: URL, into importer: GarageArchiveImport) throws {
        for table in GarageArchiveTable.all {
            let file = folder.appendingPathComponent("\(table.name).csv")
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            try checkSize(file)
            let reader = try CSVReader(url: file, quoting: .strict)
            var positions: [Int]?
            var headerCount = 0
            try reader.forEachRow { row in
                guard let known = positions else {
                    headerCount = row.count
                    positions = try importer.positions(of: table, header: row.strings, file: file.lastPathComponent)
                    return true
                }
                let place = "\(file.lastPathComponent) line \(row.line)"
                guard row.count == headerCount else {
                    throw ServiceError.validationFailed(
                        "\(place): the row has \(row.count) field\(row.count == 1 ? "" : "s") where the header has \(headerCount). Nothing was imported; the garage is as it was"
                    )
                }
                if let long = known.first(where: { $0 >= 0 && row[$0].count > archiveValueLimit }) {
                    throw ServiceError.validationFailed(
                        "\(place): field \(long + 1) holds \(row[long].count) bytes; a value is at most \(archiveValueLimit >> 10) KB. Nothing was imported; the garage is as it was"
                    )
                }
                try importer.insert(
                    known.map { $0 < 0 ? nil : row.string($0) }, into: table, at: place, emptyIsNull: true)
                return true
            }
        }
    }

    private static func importJSON(_ file: URL, into importer: GarageArchiveImport) throws {
        try checkSize(file)
        let reader = try JSONStreamReader(url: file)
        let tables = Dictionary(uniqueKeysWithValues: GarageArchiveTable.all.map { ($0.name, $0) })
        let decoder = JSONDecoder()
        var sawFormat = false
        let name = file.lastPathComponent
        do {
            try reader.read { event in
                switch event {
                case .member("format", let bytes):
                    guard String(decoding: bytes, as: UTF8.self) == "\"\(archiveFormatName)\"" else {
                        throw ServiceError.validationFailed(
                            "\(name) is not a Hearth garage export (its format is \(String(decoding: bytes.prefix(60), as: UTF8.self)), not \"\(archiveFormatName)\")"
                        )
                    }
                    sawFormat = true
                case .member, .arrayEnd: break
                case .arrayStart(let section):
                    guard sawFormat else {
                        throw ServiceError.validationFailed(
                            "\(name) does not start with \"format\":\"\(archiveFormatName)\"; give a file written by `hearth garage export --format json`"
                        )
                    }
                    guard tables[section] != nil || section == GarageArchiveTable.remindersName else {
                        throw ServiceError.validationFailed(
                            "\(name) has a section \"\(section)\" that a garage export does not have; its sections are \(GarageArchiveTable.all.map(\.name).joined(separator: ", "))"
                        )
                    }
                case .element(let section, let index, let bytes):
                    guard let table = tables[section] else { return }
                    let place = "\(name) \(section)[\(index)]"
                    guard bytes.count <= archiveValueLimit else {
                        throw ServiceError.validationFailed(
                            "\(place): the record is \(bytes.count) bytes; one is at most \(archiveValueLimit >> 10) KB. Nothing was imported; the garage is as it was"
                        )
                    }
                    let members: [String: ArchiveJSONValue]
                    do {
                        members = try decoder.decode([String: ArchiveJSONValue].self, from: Data(bytes))
                    } catch {
                        throw ServiceError.validationFailed(
                            "\(place): not a record as an export writes one (\(DecodingErrorSummary.describe(error))). Nothing was imported; the garage is as it was"
                        )
                    }
                    let missing = table.columns.filter { members[$0.header] == nil && $0.absent == nil }.map(\.header)
                    guard missing.isEmpty else {
                        throw ServiceError.validationFailed(
                            "\(place): it has no \(missing.joined(separator: ", ")). Nothing was imported; the garage is as it was"
                        )
                    }
                    try importer.insert(
                        table.columns.map { members[$0.header]?.text }, into: table, at: place, emptyIsNull: false)
                }
            }
        } catch let error as JSONStreamReader.SyntaxError {
            throw ServiceError.validationFailed(
                "\(name) is not valid JSON (\(error)). Nothing was imported; the garage is as it was")
        }
        guard sawFormat else {
            throw ServiceError.validationFailed(
                "\(name) is not a Hearth garage export: it has no \"format\":\"\(archiveFormatName)\"")
        }
    }

    /// What is due, as rows of ``GarageArchiveTable/reminderHeaders``: each service with a due date or
    /// mileage, and each recurring expense, vehicle by vehicle.
    private func reminderRows() async throws -> [[String?]] {
        var rows: [[String?]] = []
        for summary in try await due(vehicleID: nil, settings: DueSettings(), thresholds: UrgencyThresholds()) {
            let vehicle = summary.vehicle.id.uuidString
            for item in summary.items where item.service.hasDueValues {
                let metric =
                    switch (item.service.dueDate, item.service.dueMileage) {
                    case (.some, .some): "Both"
                    case (.some, nil): "Date"
                    default: "Odometer"
                    }
                rows.append([
                    vehicle, item.service.name, Self.lubeLoggerUrgency(item.urgency ?? .notUrgent), metric,
                    item.service.dueDate?.iso, item.service.dueMileage.map(String.init), item.service.notes,
                ])
            }
            for due in summary.expenses {
                rows.append([
                    vehicle, due.expense.category, Self.lubeLoggerUrgency(due.urgency), "Date", due.dueDate.iso, nil,
                    due.expense.notes,
                ])
            }
        }
        return rows
    }

    /// LubeLogger's names for the urgency levels.
    private static func lubeLoggerUrgency(_ urgency: Urgency) -> String {
        switch urgency {
        case .notUrgent: "NotUrgent"
        case .urgent: "Urgent"
        case .veryUrgent: "VeryUrgent"
        case .pastDue: "PastDue"
        }
    }

    /// Writes `url` through a temporary file that replaces it only once everything is written.
    private static func writeFile<T>(_ url: URL, _ body: (AtomicFileWriter) throws -> T) throws -> T {
        let output = try AtomicFileWriter(url)
        do {
            let result = try body(output)
            try output.commit()
            return result
        } catch {
            output.discard()
            throw error
        }
    }

    private static func exchange<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ServiceError {
            throw error
        } catch {
            throw ServiceError.operationFailed(
                "Could not write the export: \(error.localizedDescription)", underlying: error)
        }
    }
}
