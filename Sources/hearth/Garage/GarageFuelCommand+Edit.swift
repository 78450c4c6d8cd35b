import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

extension GarageFuelCommand {
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Correct a fill-up: only the options given change; fuel economy follows.",
            discussion: "The id is the one `fuel VEHICLE` prints.")
        @OptionGroup var options: GarageOptions
        @Argument(help: "The fill-up's id, or its start.") var id: String
        @Option(help: "The odometer, in miles.") var odometer: Int?
        @Option(help: "Fuel bought, in US gallons.") var gallons: String?
        @Option(help: "What it cost.") var cost: String?
        @Option(help: "The day, yyyy-MM-dd.") var date: String?
        @Option(help: "true when the tank was not filled to the top.") var partial: Bool?
        @Option(help: "true when fill-ups before this one were not recorded.") var missed: Bool?
        @Option(help: "The station (\"\" clears it).") var station: String?
        @Option(help: "The notes (\"\" clears them).") var notes: String?

        func run() async throws {
            let store = try options.openStore()
            let found = try await store.record(FuelLog.self, matching: id, named: "fill-up")
            let log = try await store.updateFillUp(
                found.id,
                with: FillUpEdit(
                    date: try GarageArguments.day(date, "--date"), odometer: odometer, gallons: gallons, cost: cost,
                    isPartial: partial, missedPrevious: missed, station: station, notes: notes))
            if options.json { return try GarageOutput.json(log) }
            print("Saved the fill-up of \(log.date.iso).")
            let economy = try await store.fuelEconomy(of: log.vehicleID)
            if let line = GarageFuelCommand.averageLine(economy, units: .mpg) { print(line) }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a fill-up; fuel economy follows.")
        @OptionGroup var options: GarageOptions
        @Argument(help: "The fill-up's id, or its start, as `fuel VEHICLE` prints it.") var id: String

        func run() async throws {
            let store = try options.openStore()
            let found = try await store.record(FuelLog.self, matching: id, named: "fill-up")
            try await store.removeFillUp(found.id)
            if options.json { return try GarageOutput.json(["deleted": found.id.uuidString]) }
            print("Deleted the fill-up of \(found.date.iso).")
            let economy = try await store.fuelEconomy(of: found.vehicleID)
            print(
                GarageFuelCommand.averageLine(economy, units: .mpg)
                    ?? "No average now: it takes two full fill-ups with odometer readings.")
        }
    }
}
