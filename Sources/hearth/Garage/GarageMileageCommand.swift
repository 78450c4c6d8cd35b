import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

/// `hearth garage mileage VEHICLE MILES`.
struct GarageMileageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mileage", abstract: "Record an odometer reading (it also sets the vehicle's current mileage)."
    )
    @OptionGroup var options: GarageOptions
    @Argument(help: "The vehicle.") var vehicle: String
    @Argument(help: "The odometer reading, in miles.") var miles: Int

    func run() async throws {
        let store = try options.openStore()
        let found = try await store.vehicle(matching: vehicle)
        let update = try await store.updateMileage(found.id, to: miles)
        if options.json { return try GarageOutput.json(update) }
        print("\(found.displayName) now reads \(GarageOutput.number(update.vehicle.currentMileage)) miles.")
        GarageOutput.warn(update.warnings)
    }
}
