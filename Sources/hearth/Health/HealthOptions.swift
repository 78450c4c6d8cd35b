public import ArgumentParser
import Foundation
import HearthCore
import HearthExchange
import HearthHealth
import HearthStore

/// The options every health command takes.
struct HealthOptions: ParsableArguments {
    @Option(
        name: .customLong("db"),
        help: "The health database file (default: health.sqlite in HEARTH_DATA_DIR, else ./hearth-data).")
    var database: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    /// The database path: --db, else health.sqlite in HEARTH_DATA_DIR or ./hearth-data.
    var databaseURL: URL {
        database.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) }
            ?? dataFolder().appendingPathComponent("health.sqlite")
    }

    func openService() throws -> HealthRecordService {
        try openHealth().records
    }

    /// Opens (creating when needed) the health database with the sync tables, so every change of a
    /// cloud-enabled record is queued for `hearth health sync` once sync is on.
    func openHealth() throws -> HealthSync.Opened {
        let url = databaseURL
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ServiceError.validationFailed(
                "--db \(url.path) is a folder; give a file path such as \(url.appendingPathComponent("health.sqlite").path)"
            )
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        return try HealthSync.open(at: url)
    }

    /// The record `reference` names: its id, the start of its id, or its display name (ignoring case and accents).
    func record(_ reference: String, in service: HealthRecordService) async throws -> MedicalRecord {
        let records = try await service.records()
        if let exact = records.first(where: { $0.uuid.caseInsensitiveCompare(reference) == .orderedSame }) {
            return exact
        }
        let key = HealthValidation.searchKey(reference)
        let named = records.filter { HealthValidation.searchKey($0.displayName) == key }
        if named.count == 1 { return named[0] }
        let prefixed = records.filter { $0.uuid.lowercased().hasPrefix(reference.lowercased()) }
        if prefixed.count == 1, reference.count >= 4 { return prefixed[0] }
        if named.count > 1 || prefixed.count > 1 {
            throw ServiceError.validationFailed(
                "\"\(reference)\" matches several records; give the start of the id (see `hearth health record list`)")
        }
        throw ServiceError.notFound("A record called \"\(reference)\" (see `hearth health record list`)")
    }

    func print<T: Encodable>(json value: T) throws {
        let encoder = JSONEncoder.hearth
        encoder.outputFormatting.insert(.prettyPrinted)
        FileHandle.standardOutput.write(try encoder.encode(value))
        FileHandle.standardOutput.write(Data("\n".utf8))
    }
}
