import ArgumentParser
import Foundation
import HearthCore
import HearthGarage
import Logging

/// `hearth garage reminders [list|deliver|act]`.
struct GarageReminders: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reminders",
        abstract: "Upcoming reminders, an iCalendar feed of them, delivery and actions.",
        subcommands: [List.self, Deliver.self, Act.self],
        defaultSubcommand: List.self
    )

    /// Reminder logs go to stderr, so stdout stays the command's output.
    static var logger: Logger {
        var logger = Logger(label: "hearth.garage.reminders", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = .notice
        return logger
    }

    static func service(_ store: GarageStore, adapters: [any ReminderDelivering] = []) -> ReminderService {
        ReminderService(store: store, adapters: adapters, logger: logger)
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Reschedule and list the pending reminders (the soonest 60).",
            discussion: "--ics FILE writes every upcoming reminder as an iCalendar feed any calendar app can subscribe to."
        )
        @OptionGroup var options: GarageOptions
        @Option(help: "Write the upcoming reminders to this .ics file.") var ics: String?

        func run() async throws {
            let store = try options.openStore()
            let reminders = GarageReminders.service(store)
            let pending = try await reminders.reschedule()
            if let ics {
                let upcoming = try await reminders.upcoming()
                let url = URL(fileURLWithPath: (ics as NSString).expandingTildeInPath)
                do {
                    try Data(ICalendarFeed.render(upcoming, now: store.now).utf8).write(to: url, options: .atomic)
                } catch {
                    throw ServiceError(.operationFailed, "Could not write \(url.path): \(error.localizedDescription)", underlying: error)
                }
                if !options.json { GarageOutput.note("Wrote \(upcoming.count) reminder\(upcoming.count == 1 ? "" : "s") to \(url.path).") }
            }
            if options.json { return try GarageOutput.json(pending) }
            guard !pending.isEmpty else { return print("No reminders pending.") }
            let formatter = DateFormatter()
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            formatter.timeZone = store.timeZone
            GarageOutput.table(
                ["WHEN", "CATEGORY", "TITLE", "ID"],
                pending.map { [formatter.string(from: $0.fireAt), $0.category.rawValue, $0.title, $0.id] }
            )
        }
    }

    struct Deliver: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Deliver the reminders whose time has come: to the log (stderr) and optionally a webhook."
        )
        @OptionGroup var options: GarageOptions
        @Option(help: "Also POST each reminder as JSON to this URL (or HEARTH_GARAGE_WEBHOOK_URL).") var webhook: String?

        func run() async throws {
            let store = try options.openStore()
            var adapters: [any ReminderDelivering] = [LogReminderDelivery(logger: GarageReminders.logger)]
            if let target = webhook ?? ProcessInfo.processInfo.environment["HEARTH_GARAGE_WEBHOOK_URL"], !target.isEmpty {
                guard let url = URL(string: target) else { throw ValidationError("--webhook \"\(target)\" is not a URL.") }
                adapters.append(try WebhookReminderDelivery(url: url))
            }
            let reminders = GarageReminders.service(store, adapters: adapters)
            try await reminders.reschedule()
            let report = try await reminders.deliverDue()
            if options.json {
                struct Output: Encodable { var delivered: [ScheduledReminder]; var failed: [String] }
                return try GarageOutput.json(Output(delivered: report.delivered, failed: report.failed.map { "\($0.reminder.id) (\($0.adapter)): \($0.message)" }))
            }
            print("Delivered \(report.delivered.count) reminder\(report.delivered.count == 1 ? "" : "s").")
            for failure in report.failed {
                GarageOutput.note("error: \(failure.reminder.id) was not delivered by the \(failure.adapter): \(failure.message); it stays pending.")
            }
            if !report.failed.isEmpty { throw ExitCode.failure }
        }
    }

    struct Act: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Apply a reminder's action: mark-done, remind-tomorrow, update-now (with --mileage), remind-later, view-costs."
        )
        @OptionGroup var options: GarageOptions
        @Argument(help: "The reminder id, as `reminders` lists it.") var id: String
        @Argument(help: "The action.") var action: String
        @Option(help: "The odometer reading, for update-now.") var mileage: Int?

        func run() async throws {
            guard let chosen = ReminderAction.named(action) else {
                throw ValidationError("\"\(action)\" is not an action; use one of \(ReminderAction.all.map(\.title).joined(separator: ", ")).")
            }
            let store = try options.openStore()
            let result = try await GarageReminders.service(store).perform(chosen, reminderID: id, mileage: mileage)
            switch result {
            case .completed(let completion):
                if options.json { return try GarageOutput.json(completion) }
                print("Marked done; next due\(GarageService.dueText(completion.service)).")
                GarageOutput.warn(completion.warnings)
            case .snoozed(let reminder):
                if options.json { return try GarageOutput.json(reminder) }
                print("I'll remind you again at \(Formatting.date(reminder.fireAt, dateStyle: .abbreviated, timeStyle: .shortened, timeZone: store.timeZone)).")
            case .mileageUpdated(let update):
                if options.json { return try GarageOutput.json(update) }
                print("\(update.vehicle.displayName) now reads \(GarageOutput.number(update.vehicle.currentMileage)) miles.")
                GarageOutput.warn(update.warnings)
            case .costs(let vehicle, let year, let total, let logs, let expenses):
                if options.json {
                    struct Costs: Encodable { var vehicle: Vehicle; var year: Int; var total: Decimal; var logs: [ServiceLog]; var expenses: [GarageExpense] }
                    return try GarageOutput.json(Costs(vehicle: vehicle, year: year, total: total, logs: logs, expenses: expenses))
                }
                let others = expenses.isEmpty ? "" : " and \(expenses.count) other expense\(expenses.count == 1 ? "" : "s")"
                print("\(vehicle.displayName) in \(year): \(GarageOutput.money(total)) over \(logs.count) service\(logs.count == 1 ? "" : "s")\(others).")
                print("By category, with charts: hearth garage costs \(vehicle.id.uuidString.prefix(8)) --year \(year) -o .")
            }
        }
    }
}
