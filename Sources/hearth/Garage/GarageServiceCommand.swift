import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

/// `hearth garage service add|done|list|remove|presets`, and `edit|delete` of a log entry.
struct GarageServiceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "service",
        abstract: "Track maintenance: add services from presets or your own, and mark them done.",
        subcommands: [Add.self, Done.self, List.self, Remove.self, Presets.self, Edit.self, Delete.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a service to a vehicle, from a preset or with your own name and intervals.",
            discussion:
                "Due values are counted from --last-done / --last-mileage, else from today and the vehicle's mileage."
        )
        @OptionGroup var options: GarageOptions
        @Argument(help: "The vehicle: its name or the start of its id.") var vehicle: String
        @Option(help: "Start from a preset, such as \"Oil Change\" (see `service presets`).") var preset: String?
        @Option(help: "The service's name (default: the preset's).") var name: String?
        @Option(name: .customLong("interval-months")) var intervalMonths: Int?
        @Option(name: .customLong("interval-miles")) var intervalMiles: Int?
        @Option(name: .customLong("due-date"), help: "An explicit due date, yyyy-MM-dd.") var dueDate: String?
        @Option(name: .customLong("due-mileage"), help: "An explicit due mileage.") var dueMileage: Int?
        @Option(name: .customLong("last-done"), help: "When it was last done, yyyy-MM-dd.") var lastDone: String?
        @Option(name: .customLong("last-mileage"), help: "The mileage it was last done at.") var lastMileage: Int?
        @Option var notes: String?
        @Flag(name: .customLong("one-off"), help: "It does not come back once done.") var oneOff = false
        @Flag(
            name: .customLong("fixed-schedule"),
            help: "Renew on a fixed schedule rather than from when the work is done.")
        var fixedSchedule = false

        func validate() throws {
            if preset == nil && name == nil {
                throw ValidationError("Give --preset NAME or --name NAME (see `hearth garage service presets`).")
            }
        }

        func run() async throws {
            let store = try options.openStore()
            let found = try await store.vehicle(matching: vehicle)
            let draft = ServiceDraft(
                name: name, preset: preset, intervalMonths: intervalMonths, intervalMiles: intervalMiles,
                dueDate: try GarageArguments.day(dueDate, "--due-date"), dueMileage: dueMileage,
                lastPerformed: try GarageArguments.day(lastDone, "--last-done"), lastMileage: lastMileage, notes: notes,
                isRecurring: !oneOff, renewal: fixedSchedule ? .fixedSchedule : .fromCompletion
            )
            let service = try await store.addService(draft, to: found.id)
            if options.json { return try GarageOutput.json(service) }
            print(
                "Added \(service.name) to \(found.displayName)"
                    + (service.hasDueValues
                        ? ", due\(GarageServiceCommand.dueText(service))." : " (no due date or mileage yet)."))
        }
    }

    struct Done: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Mark a service done: logs it, records the mileage, and sets the next due values.")
        @OptionGroup var options: GarageOptions
        @Argument(help: "The vehicle.") var vehicle: String
        @Argument(help: "The service: its name or the start of its id.") var service: String
        @Option(help: "When the work was done, yyyy-MM-dd (default today).") var date: String?
        @Option(help: "The odometer then (default the vehicle's current mileage).") var mileage: Int?
        @Option(help: "What it cost, such as 49.99.") var cost: String?
        @Option(help: "maintenance, repair or upgrade (default maintenance).") var category: ServiceLog.CostCategory =
            .maintenance
        @Option var notes: String?

        func run() async throws {
            let store = try options.openStore()
            let found = try await store.vehicle(matching: vehicle)
            let item = try await store.service(matching: service, of: found.id)
            let completion = try await store.completeService(
                item.id, on: try GarageArguments.day(date, "--date"), mileage: mileage, cost: cost, category: category,
                notes: notes
            )
            if options.json { return try GarageOutput.json(completion) }
            print(
                "Logged \(item.name) on \(completion.log.performedDate) at \(GarageOutput.number(completion.log.mileageAtService)) miles\(completion.log.cost.map { " for \(GarageOutput.money($0))" } ?? "")."
            )
            print(
                completion.service.hasDueValues
                    ? "Next due\(GarageServiceCommand.dueText(completion.service))." : "It has no next due date.")
            GarageOutput.warn(completion.warnings)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a vehicle's services and its service history.")
        @OptionGroup var options: GarageOptions
        @Argument(help: "The vehicle.") var vehicle: String

        struct Listing: Encodable {
            var services: [ServiceItem]
            var logs: [ServiceLog]
        }

        func run() async throws {
            let store = try options.openStore()
            let found = try await store.vehicle(matching: vehicle)
            let services = try await store.services(of: found.id)
            let logs = try await store.logs(of: found.id)
            if options.json { return try GarageOutput.json(Listing(services: services, logs: logs)) }
            print("\(found.displayName): \(services.count) service\(services.count == 1 ? "" : "s")")
            GarageOutput.table(
                ["SERVICE", "EVERY", "LAST DONE", "DUE DATE", "DUE MILEAGE"],
                services.map { service in
                    let every = [
                        service.intervalMonths.map { "\($0) mo" },
                        service.intervalMiles.map { "\(GarageOutput.number($0)) mi" },
                    ]
                    .compactMap { $0 }.joined(separator: " / ")
                    return [
                        service.name, every.isEmpty ? "—" : every, service.lastPerformed?.iso ?? "—",
                        service.dueDate?.iso ?? "—", service.dueMileage.map(GarageOutput.number) ?? "—",
                    ]
                }
            )
            guard !logs.isEmpty else { return }
            print("\nHistory (\(logs.count)):")
            let names = Dictionary(uniqueKeysWithValues: services.map { ($0.id, $0.name) })
            GarageOutput.table(
                ["DATE", "MILEAGE", "SERVICE", "COST", "ID", "NOTES"],
                logs.prefix(50).map { log in
                    [
                        log.performedDate.iso, GarageOutput.number(log.mileageAtService),
                        log.serviceID.flatMap { names[$0] } ?? log.title ?? "—", GarageOutput.money(log.cost),
                        String(log.id.uuidString.prefix(8)), log.notes ?? "",
                    ]
                }
            )
            if logs.count > 50 { print("… and \(logs.count - 50) older entries (use --json for all).") }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a service; its history stays.")
        @OptionGroup var options: GarageOptions
        @Argument(help: "The vehicle.") var vehicle: String
        @Argument(help: "The service.") var service: String

        func run() async throws {
            let store = try options.openStore()
            let found = try await store.vehicle(matching: vehicle)
            let item = try await store.service(matching: service, of: found.id)
            try await store.removeService(item.id)
            if options.json { return try GarageOutput.json(["removed": item.id.uuidString]) }
            print("Removed \(item.name) from \(found.displayName); its history stays.")
        }
    }

    struct Presets: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the service presets.")
        @OptionGroup var options: GarageOptions

        func run() async throws {
            let presets = try await options.openStore().presets()
            if options.json { return try GarageOutput.json(presets) }
            GarageOutput.table(
                ["PRESET", "CATEGORY", "INTERVAL"],
                presets.map { [$0.name, $0.category.rawValue, $0.intervalDescription] })
        }
    }

    /// " by 2025-09-01 or at 47,000 miles" (empty without due values).
    static func dueText(_ service: ServiceItem) -> String {
        let parts = [
            service.dueDate.map { "by \($0.iso)" }, service.dueMileage.map { "at \(GarageOutput.number($0)) miles" },
        ].compactMap { $0 }
        return parts.isEmpty ? "" : " " + parts.joined(separator: " or ")
    }
}
