public import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

/// `hearth garage …`: vehicles, services due, reminders, imports, VINs and recalls on a local database.
struct Garage: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "garage",
        abstract: "Vehicle maintenance: services due, reminders, fuel economy, imports, VIN and OCR, reports, sync, widget and watch.",
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
            GarageImport.self, GarageVIN.self, GarageRecalls.self, GarageFuel.self, GarageAsk.self,
            GarageWidget.self, GarageWatch.self, GarageIcon.self, SyncCommand<GarageSyncCLI>.self,
            GarageHistory.self, GarageCosts.self, GarageAttach.self, GarageOCR.self,
        ]
    )
}

extension ImportSource: ExpressibleByArgument {}

extension DistanceUnit: ExpressibleByArgument {}

extension DateOrder: ExpressibleByArgument {}

extension ServiceLog.CostCategory: ExpressibleByArgument {}
extension FuelEconomyUnit: ExpressibleByArgument {}
