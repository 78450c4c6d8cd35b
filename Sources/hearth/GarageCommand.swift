public import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

/// `hearth garage …`: vehicles, services due, reminders, imports, VINs and recalls on a local database.
struct Garage: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "garage",
        abstract: "Vehicle maintenance: services due by date and mileage, reminders, CSV import, VIN decoding and recalls.",
        discussion: """
            Data lives in garage.sqlite in the data directory (HEARTH_DATA_DIR, default ./hearth-data);
            choose another file with --db. Add --json to any command for machine-readable output.

            Start with:
              hearth garage vehicle add --name "Daily" --make Honda --model Civic --year 2019 --mileage 42000
              hearth garage service add Daily --preset "Oil Change"
              hearth garage due
            """,
        subcommands: [
            GarageVehicle.self, GarageService.self, GarageMileage.self, GarageDue.self, GarageReminders.self,
            GarageImport.self, GarageVIN.self, GarageRecalls.self,
        ]
    )
}

/// The options every garage command takes.
struct GarageOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: "The garage database file (default: garage.sqlite in HEARTH_DATA_DIR, else ./hearth-data).")
    var database: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    /// The database path: --db, else garage.sqlite in HEARTH_DATA_DIR or ./hearth-data.
    func databaseURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let database, !database.isEmpty { return URL(fileURLWithPath: (database as NSString).expandingTildeInPath) }
        return dataFolder(environment: environment).appendingPathComponent("garage.sqlite")
    }

    /// Opens (creating when needed) the garage database.
    func openStore() throws -> GarageStore {
        let url = databaseURL()
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ServiceError.validationFailed("--db \(url.path) is a folder; give a file path such as \(url.appendingPathComponent("garage.sqlite").path)")
        }
        return try GarageStore.open(at: url)
    }
}

/// Parsing helpers shared by the garage commands.
enum GarageArguments {
    /// A `yyyy-MM-dd` day; `label` names the option in the error.
    static func day(_ text: String?, _ label: String) throws -> CalendarDay? {
        guard let text else { return nil }
        guard let day = CalendarDay(iso: text.trimmingCharacters(in: .whitespaces)) else {
            throw ValidationError("\(label) \"\(text)\" is not a date; write it as yyyy-MM-dd, such as 2025-03-14.")
        }
        return day
    }

    /// A marbete expiry written `MM/YYYY` (or `YYYY-MM`).
    static func marbete(_ text: String) throws -> (month: Int, year: Int) {
        let parts = text.split(whereSeparator: { $0 == "/" || $0 == "-" }).map(String.init)
        if parts.count == 2, let first = Int(parts[0]), let second = Int(parts[1]) {
            if parts[0].count == 4 { return (second, first) }
            return (first, second)
        }
        throw ValidationError("--marbete \"\(text)\" is not a month; write it as MM/YYYY, such as 03/2026.")
    }
}

extension ImportSource: ExpressibleByArgument {}
extension DistanceUnit: ExpressibleByArgument {}
extension DateOrder: ExpressibleByArgument {}
extension ServiceLog.CostCategory: ExpressibleByArgument {}
