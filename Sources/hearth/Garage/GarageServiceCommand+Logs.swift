import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

extension GarageServiceCommand {
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Correct a service log entry (the work done): only the options given change.",
            discussion: """
                The id is the one `service list VEHICLE` prints in its history. The service's last-done values
                and its next due date follow its latest entry; costs follow the entries.
                """)
        @OptionGroup var options: GarageOptions
        @Argument(help: "The log entry's id, or its start.") var id: String
        @Option(help: "When the work was done, yyyy-MM-dd.") var date: String?
        @Option(help: "The odometer then.") var mileage: Int?
        @Option(help: "What it cost (\"\" clears it).") var cost: String?
        @Option(help: "maintenance, repair or upgrade.") var category: ServiceLog.CostCategory?
        @Option(help: "What was done, for an entry of no service.") var title: String?
        @Option(help: "The notes (\"\" clears them).") var notes: String?

        func run() async throws {
            let store = try options.openStore()
            let found = try await store.record(ServiceLog.self, matching: id, named: "service log")
            let log = try await store.updateServiceLog(
                found.id,
                with: ServiceLogEdit(
                    performedDate: try GarageArguments.day(date, "--date"), mileage: mileage, cost: cost,
                    category: category, title: title, notes: notes))
            if options.json { return try GarageOutput.json(log) }
            print(
                "Saved the entry of \(log.performedDate.iso) at \(GarageOutput.number(log.mileageAtService)) miles, \(GarageOutput.money(log.cost))."
            )
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a service log entry (and the attachments kept with it, not their files).")
        @OptionGroup var options: GarageOptions
        @Argument(help: "The log entry's id, or its start, as `service list VEHICLE` prints it.") var id: String

        func run() async throws {
            let store = try options.openStore()
            let found = try await store.record(ServiceLog.self, matching: id, named: "service log")
            try await store.removeServiceLog(found.id)
            if options.json { return try GarageOutput.json(["deleted": found.id.uuidString]) }
            print(
                "Deleted the entry of \(found.performedDate.iso) at \(GarageOutput.number(found.mileageAtService)) miles."
            )
        }
    }
}
