public import ArgumentParser
import Foundation
import HearthCore
import HearthExchange
import HearthHealth
import HearthStore

/// `hearth health …`: medical records for people and pets on a local database.
struct HealthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health",
        abstract:
            "Medical records for people and pets: records, entries, JSON export and import, cloud sync and sharing.",
        discussion: """
            Data lives in health.sqlite in the data directory (HEARTH_DATA_DIR, default ./hearth-data);
            choose another file with --db. Add --json to any command for machine-readable output.

            Start with:
              hearth health record add --pet --name Rex --owner "Ana García"
              hearth health entry add Rex vaccination --date 2024-01-15 --name Rabies
              hearth health export Rex -o rex.json

            Sync and share through a Hearth server (hearth serve):
              hearth health record update Rex --cloud on
              hearth health sync --server URL --email EMAIL --password PASSWORD [--sign-up]
              hearth health share create Rex --server URL
            """,
        subcommands: [
            HealthRecordCommand.self, HealthEntryCommand.self, HealthExportCommand.self, HealthImportCommand.self,
            SyncCommand<HealthSyncCLI>.self, HealthShareCommand.self, HealthKeysCommand.self,
            HealthDebugLogCommand.self, HealthLabsCommand.self, HealthVitalsCommand.self, HealthMedsCommand.self,
            HealthAttachmentsCommand.self,
        ]
    )
}
