public import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

/// `hearth garage …`: vehicles, services due, reminders, imports, VINs and recalls on a local database.
struct GarageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "garage",
        abstract:
            "Vehicle maintenance: services due, reminders, fuel economy, imports, VIN and OCR, reports, sync, widget and watch.",
        discussion: """
            Data lives in garage.sqlite in the data directory (HEARTH_DATA_DIR, default ./hearth-data);
            choose another file with --db. Add --json to any command for machine-readable output.

            Start with:
              hearth garage vehicle add --name "Daily" --make Honda --model Civic --year 2019 --mileage 42000
              hearth garage service add Daily --preset "Oil Change"
              hearth garage due
            """,
        subcommands: [
            GarageVehicleCommand.self, GarageServiceCommand.self, GarageMileageCommand.self, GarageDueCommand.self,
            GarageRemindersCommand.self,
            GarageImportCommand.self, GarageVINCommand.self, GarageRecallsCommand.self, GarageFuelCommand.self,
            GarageAskCommand.self,
            GarageWidgetCommand.self, GarageWatchCommand.self, GarageIconCommand.self, SyncCommand<GarageSyncCLI>.self,
            GarageHistoryCommand.self, GarageCostsCommand.self, GarageReportCommand.self, GarageAttachCommand.self,
            GarageOCRCommand.self, GarageExpensesCommand.self, GarageDocumentsCommand.self, GarageShareCommand.self,
            GarageExportCommand.self,
        ]
    )
}
