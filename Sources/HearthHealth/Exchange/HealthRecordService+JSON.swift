public import Foundation
import GRDB
import HearthCore
import HearthExchange
import HearthStore

/// What a JSON import did.
public struct HealthImportReport: Sendable, Codable, Equatable {
    /// Records in the file.
    public var recordsRead = 0
    /// Records added.
    public var recordsCreated = 0
    /// Records already here (the same person or pet), to which only missing entries were added.
    public var recordsMatched = 0
    /// Entries added.
    public var entriesAdded = 0
    /// Entries already present (from an earlier import of the same file).
    public var entriesAlreadyPresent = 0
    /// The records the import created or added to.
    public var recordIDs: [String] = []
}

extension HealthRecordService {
    /// The record as JSON export version 1: pretty-printed, keys sorted.
    public func exportJSON(_ uuid: String) async throws -> Data {
        let (record, entries) = try await database.read { db in
            (try Self.fetchRecord(db, uuid), try Self.fetchEntries(db, uuid))
        }
        return try Self.encodeExport(HealthExportV1(record: record, entries: entries))
    }

    static func encodeExport(_ export: HealthExportV1) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(export)
    }

    /// Imports JSON export version 1: one record (an object) or many (an array of them). A record that is
    /// already here (same kind, name, birthdate and animal id) gets only the entries it lacks, so importing a
    /// file twice adds nothing.
    /// - Throws: ``ServiceError`` naming `file`, the line and the path of the first bad value
    ///   (`"line 14, blood[2].bloodDate: …"`); nothing is written.
    public func importJSON(_ data: Data, file: String) async throws -> HealthImportReport {
        let exports = try Self.decodeExports(data, file: file)
        let today = self.today
        for (index, export) in exports.enumerated() {
            let (record, entries) = try export.restored(createdAt: Date())
            var problems = HealthValidation.problems(record, today: today)
            for entry in entries.all { problems += entry.problems() }
            guard problems.isEmpty else {
                let place = exports.count > 1 ? "record \(index + 1) (\(record.displayName))" : record.displayName
                throw ServiceError.validationFailed("\(file): \(place): " + problems.joined(separator: "; "))
            }
        }
        let time = now()
        return try await database.write { db in
            var report = HealthImportReport(recordsRead: exports.count)
            for export in exports {
                var (record, entries) = try export.restored(createdAt: time)
                if let existing = try Self.matching(db, record) {
                    report.recordsMatched += 1
                    let present = HealthExportV1(record: existing, entries: try Self.fetchEntries(db, existing.uuid))
                    let missing = Self.missing(entries, from: export, present: present)
                    report.entriesAlreadyPresent += entries.count - missing.count
                    for entry in try Self.withFreeIDs(db, missing).all {
                        try Self.insertEntry(db, entry, recordID: existing.uuid)
                    }
                    report.entriesAdded += missing.count
                    if missing.count > 0 { try self.touch(db, existing.uuid, at: time) }
                    report.recordIDs.append(existing.uuid)
                } else {
                    record.updatedAt = time
                    try self.save(db, record, previous: nil)
                    for entry in try Self.withFreeIDs(db, entries).all {
                        try Self.insertEntry(db, entry, recordID: record.uuid)
                    }
                    report.recordsCreated += 1
                    report.entriesAdded += entries.count
                    report.recordIDs.append(record.uuid)
                }
                entries = RecordEntries()
            }
            return report
        }
    }

    /// Reads the file's records, or says where the first bad value is.
    static func decodeExports(_ data: Data, file: String) throws -> [HealthExportV1] {
        guard let first = data.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) else {
            throw ServiceError.validationFailed(
                "\(file) is empty; export a record from Hearth or the original app and import that file")
        }
        let decoder = JSONDecoder()
        do {
            let exports =
                first == UInt8(ascii: "[")
                ? try decoder.decode([HealthExportV1].self, from: data)
                : [try decoder.decode(HealthExportV1.self, from: data)]
            for (index, export) in exports.enumerated() where export.exportVersion != 1 {
                let path: [JSONLocator.Step] =
                    (first == UInt8(ascii: "[") ? [.index(index)] : []) + [.key("exportVersion")]
                let line = JSONLocator.line(of: path, in: data) ?? 1
                throw ServiceError.validationFailed(
                    "\(file): line \(line), \(JSONLocator.describe(path)): export version \(export.exportVersion) is not supported; this version of Hearth reads version 1"
                )
            }
            return exports
        } catch let error as DecodingError {
            throw located(error, in: data, file: file)
        }
    }

    /// The decoding error as "FILE: line N, PATH: what is wrong".
    static func located(_ error: DecodingError, in data: Data, file: String) -> ServiceError {
        let context: DecodingError.Context
        var detail: String
        var missingKey: String?
        switch error {
        case .typeMismatch(let type, let c):
            context = c
            detail =
                "expected \(type == String.self ? "text" : type == Bool.self ? "true or false" : "\(type)".lowercased())"
        case .valueNotFound(_, let c):
            context = c
            detail = "a value is missing (null)"
        case .keyNotFound(let key, let c):
            context = c
            missingKey = key.stringValue
            detail = "the member \"\(key.stringValue)\" is missing"
        case .dataCorrupted(let c):
            context = c
            detail = c.debugDescription
        @unknown default:
            return ServiceError.validationFailed("\(file) is not a health export: \(error)")
        }
        let path = context.codingPath.map { key -> JSONLocator.Step in
            key.intValue.map { .index($0) } ?? .key(key.stringValue)
        }
        if context.codingPath.isEmpty, case .dataCorrupted = error {
            return ServiceError.validationFailed("\(file) is not JSON (\(detail)); import a Hearth health export")
        }
        let line = JSONLocator.line(of: path, in: data) ?? 1
        var shown = JSONLocator.describe(path)
        if let missingKey { shown = shown.isEmpty ? missingKey : shown + "." + missingKey }
        if case .dataCorrupted = error {
        } else if detail.hasPrefix("expected") {
            detail += "; fix the value or export the record again"
        }
        return ServiceError.validationFailed(
            "\(file): line \(line), \(shown.isEmpty ? "the top level" : shown): \(detail)")
    }

    /// The record here that `record` is the same person or pet as.
    static func matching(_ db: Database, _ record: MedicalRecord) throws -> MedicalRecord? {
        let candidates = try decodeRecords(
            db, sql: "SELECT payload FROM healthRecord WHERE sortKey = ?", arguments: [record.sortKey])
        return candidates.first { existing in
            existing.isPet == record.isPet && existing.personalBirthdate == record.personalBirthdate
                && existing.personalAnimalID == record.personalAnimalID
        }
    }

    /// The entries of `entries` whose export form is not already in `present`.
    static func missing(_ entries: RecordEntries, from export: HealthExportV1, present: HealthExportV1) -> RecordEntries
    {
        func keep<E, X: Equatable>(_ list: [E], _ forms: [X], _ existing: [X]) -> [E] {
            var remaining = existing
            return zip(list, forms).compactMap { entry, form in
                if let index = remaining.firstIndex(of: form) {
                    remaining.remove(at: index)
                    return nil
                }
                return entry
            }
        }
        var result = RecordEntries()
        result.emergencyContacts = keep(entries.emergencyContacts, export.emergencyContacts, present.emergencyContacts)
        result.blood = keep(entries.blood, export.blood, present.blood)
        result.drugs = keep(entries.drugs, export.drugs, present.drugs)
        result.vaccinations = keep(entries.vaccinations, export.vaccinations, present.vaccinations)
        result.allergies = keep(entries.allergies, export.allergy, present.allergy)
        result.illnesses = keep(entries.illnesses, export.illness, present.illness)
        result.risks = keep(entries.risks, export.risks, present.risks)
        result.medicalHistory = keep(entries.medicalHistory, export.medicalhistory, present.medicalhistory)
        result.medicalDocuments = keep(entries.medicalDocuments, export.medicaldocument, present.medicaldocument)
        result.weights = keep(entries.weights, export.weights, present.weights)
        let presentIDs = Set((present.hearthExtensions?.observations ?? []).map(\.id))
        result.observations = entries.observations.filter { !presentIDs.contains($0.id) }
        let addedDrugs = Set(result.drugs.map(\.id))
        result.doses = entries.doses.filter { addedDrugs.contains($0.medicationID) }
        return result
    }
}
