import ArgumentParser
import Foundation
import HearthAnalytics
import HearthCore
import HearthGarage
import HearthMail
import Logging
import ServiceLifecycle
import UnixSignals

/// `hearth garage reminders [list|deliver|run|act]`.
struct GarageRemindersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reminders",
        abstract: "Upcoming reminders, an iCalendar feed of them, delivery (once, or kept running) and actions.",
        subcommands: [List.self, Deliver.self, Run.self, Act.self],
        defaultSubcommand: List.self
    )

    /// Where reminders are delivered besides the log (stderr).
    struct Targets: ParsableArguments {
        @Option(help: "Also POST each reminder as JSON to this URL (or HEARTH_GARAGE_WEBHOOK_URL).") var webhook:
            String?
        @Option(
            name: .customLong("smtp-url"),
            help:
                "Also e-mail each reminder through this mail server: smtp://user:password@host:587 (STARTTLS required; ?starttls=opportunistic or off), smtps://user:password@host:465 (or HEARTH_SMTP_URL)."
        )
        var smtpURL: String?
        @Option(
            name: .customLong("mail-from"),
            help: "The address reminder e-mails come from (or HEARTH_MAIL_FROM); needed with --smtp-url.") var mailFrom:
            String?
        @Option(
            name: .customLong("mail-to"),
            help: "Who reminder e-mails go to, comma-separated (or HEARTH_MAIL_TO); needed with --smtp-url.")
        var mailTo: String?

        /// The log, and the webhook and the mail server when given.
        func adapters(environment: [String: String] = ProcessInfo.processInfo.environment) throws
            -> [any ReminderDelivering]
        {
            func setting(_ value: String?, _ variable: String) -> String? {
                (value ?? environment[variable]).flatMap { $0.isEmpty ? nil : $0 }
            }
            var adapters: [any ReminderDelivering] = [LogReminderDelivery(logger: GarageRemindersCommand.logger)]
            if let target = setting(webhook, "HEARTH_GARAGE_WEBHOOK_URL") {
                guard let url = URL(string: target) else {
                    throw ValidationError("--webhook \"\(target)\" is not a URL.")
                }
                adapters.append(try WebhookReminderDelivery(url: url))
            }
            let mailTo = setting(self.mailTo, "HEARTH_MAIL_TO")
            if let url = setting(smtpURL, "HEARTH_SMTP_URL") {
                guard let from = setting(mailFrom, "HEARTH_MAIL_FROM") else {
                    throw ValidationError(
                        "--smtp-url needs --mail-from (or HEARTH_MAIL_FROM): the address reminder e-mails come from.")
                }
                guard let mailTo else {
                    throw ValidationError(
                        "--smtp-url needs --mail-to (or HEARTH_MAIL_TO): who the reminder e-mails go to.")
                }
                let recipients = try mailTo.split(separator: ",").map { try MailAddress(String($0)) }
                let mailer = SMTPMailSender(
                    configuration: try SMTPConfiguration(url: url, from: from), logger: GarageRemindersCommand.logger)
                adapters.append(try MailReminderDelivery(mailer: mailer, to: recipients))
            } else if self.mailTo != nil || self.mailFrom != nil {
                throw ValidationError(
                    "--mail-to and --mail-from send reminders by e-mail through --smtp-url (or HEARTH_SMTP_URL); give it too."
                )
            }
            return adapters
        }
    }

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
            discussion:
                "--ics FILE writes every upcoming reminder as an iCalendar feed any calendar app can subscribe to."
        )
        @OptionGroup var options: GarageOptions
        @Option(help: "Write the upcoming reminders to this .ics file.") var ics: String?

        func run() async throws {
            let store = try options.openStore()
            let reminders = GarageRemindersCommand.service(store)
            let pending = try await reminders.reschedule()
            if let ics {
                let upcoming = try await reminders.upcoming()
                let url = URL(fileURLWithPath: (ics as NSString).expandingTildeInPath)
                do {
                    try Data(ICalendarFeed.render(upcoming, now: store.now).utf8).write(to: url, options: .atomic)
                } catch {
                    throw ServiceError(
                        .operationFailed, "Could not write \(url.path): \(error.localizedDescription)",
                        underlying: error)
                }
                await store.analytics.track(GarageEvent.exportMade(format: .ics))
                if !options.json {
                    GarageOutput.note(
                        "Wrote \(upcoming.count) reminder\(upcoming.count == 1 ? "" : "s") to \(url.path).")
                }
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
            abstract:
                "Deliver the reminders whose time has come, once: to the log (stderr), and to a webhook and by e-mail when asked."
        )
        @OptionGroup var options: GarageOptions
        @OptionGroup var targets: Targets

        func run() async throws {
            let store = try options.openStore()
            let reminders = GarageRemindersCommand.service(store, adapters: try targets.adapters())
            try await reminders.reschedule()
            let report = try await reminders.deliverDue()
            if options.json {
                struct Output: Encodable {
                    var delivered: [ScheduledReminder]
                    var failed: [String]
                }
                return try GarageOutput.json(
                    Output(
                        delivered: report.delivered,
                        failed: report.failed.map { "\($0.reminder.id) (\($0.adapter)): \($0.message)" }))
            }
            print("Delivered \(report.delivered.count) reminder\(report.delivered.count == 1 ? "" : "s").")
            for failure in report.failed {
                GarageOutput.note(
                    "error: \(failure.reminder.id) was not delivered by the \(failure.adapter): \(failure.message); it stays pending."
                )
            }
            if !report.failed.isEmpty { throw ExitCode.failure }
        }
    }

    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Keep delivering reminders, each at its slot, until stopped (Ctrl-C or SIGTERM).",
            discussion: """
                Each reminder goes to the log (stderr), and to --webhook as a JSON POST and by e-mail through --smtp-url
                when given. The schedule follows the data: a due date changed by another hearth garage command while
                this runs is picked up within two seconds. Deliveries are recorded in the database, so a restart
                repeats none; slots missed while nothing ran fire once, a minute after it starts again (of one
                service's series only the latest). A reminder an adapter refused stays pending and is tried again.
                """
        )
        @OptionGroup var options: GarageOptions
        @OptionGroup var targets: Targets

        func run() async throws {
            let store = try options.openStore()
            let reminders = GarageRemindersCommand.service(store, adapters: try targets.adapters())
            GarageOutput.note(
                "Delivering garage reminders until stopped; \(try await reminders.reschedule().count) pending.")
            let group = ServiceGroup(
                configuration: ServiceGroupConfiguration(
                    services: [reminders], gracefulShutdownSignals: [.sigterm, .sigint],
                    logger: GarageRemindersCommand.logger))
            try await group.run()
        }
    }

    struct Act: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Apply a reminder's action: mark-done, remind-tomorrow, update-now (with --mileage), remind-later, view-costs."
        )
        @OptionGroup var options: GarageOptions
        @Argument(help: "The reminder id, as `reminders` lists it.") var id: String
        @Argument(help: "The action.") var action: String
        @Option(help: "The odometer reading, for update-now.") var mileage: Int?

        func run() async throws {
            guard let chosen = ReminderAction.named(action) else {
                throw ValidationError(
                    "\"\(action)\" is not an action; use one of \(ReminderAction.all.map(\.title).joined(separator: ", "))."
                )
            }
            let store = try options.openStore()
            let result = try await GarageRemindersCommand.service(store).perform(
                chosen, reminderID: id, mileage: mileage)
            switch result {
            case .completed(let completion):
                if options.json { return try GarageOutput.json(completion) }
                print("Marked done; next due\(GarageServiceCommand.dueText(completion.service)).")
                GarageOutput.warn(completion.warnings)
            case .snoozed(let reminder):
                if options.json { return try GarageOutput.json(reminder) }
                print(
                    "I'll remind you again at \(Formatting.date(reminder.fireAt, dateStyle: .abbreviated, timeStyle: .shortened, timeZone: store.timeZone))."
                )
            case .mileageUpdated(let update):
                if options.json { return try GarageOutput.json(update) }
                print(
                    "\(update.vehicle.displayName) now reads \(GarageOutput.number(update.vehicle.currentMileage)) miles."
                )
                GarageOutput.warn(update.warnings)
            case .costs(let vehicle, let year, let total, let logs, let expenses):
                if options.json {
                    struct Costs: Encodable {
                        var vehicle: Vehicle
                        var year: Int
                        var total: Decimal
                        var logs: [ServiceLog]
                        var expenses: [GarageExpense]
                    }
                    return try GarageOutput.json(
                        Costs(vehicle: vehicle, year: year, total: total, logs: logs, expenses: expenses))
                }
                let others =
                    expenses.isEmpty ? "" : " and \(expenses.count) other expense\(expenses.count == 1 ? "" : "s")"
                print(
                    "\(vehicle.displayName) in \(year): \(GarageOutput.money(total)) over \(logs.count) service\(logs.count == 1 ? "" : "s")\(others)."
                )
                print(
                    "By category, with charts: hearth garage costs \(vehicle.id.uuidString.prefix(8)) --year \(year) -o ."
                )
            }
        }
    }
}
