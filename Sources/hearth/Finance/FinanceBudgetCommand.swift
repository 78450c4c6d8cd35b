import ArgumentParser
import Foundation
import HearthExchange
import HearthFinance

/// `hearth finance budget …`
struct FinanceBudgetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "budget",
        abstract: "Monthly budgets per category: set, remove, and see what is left.",
        discussion:
            "A budget applies to every month from the month it is set in (or --start). With --rollover, what a month leaves unspent is added to the next month's budget, and what it overspends is taken from it. Spending that reaches 80 % and 100 % of a month's budget makes a reminder, once per category and month; commands print reminders not yet shown.",
        subcommands: [Show.self, SetBudget.self, Remove.self, Reminders.self],
        defaultSubcommand: Show.self
    )

    /// Prints the budget reminders not shown yet, and marks them shown.
    static func printReminders(_ store: FinancePersistenceService) async throws {
        try await store.deliverBudgetReminders { reminder in
            print("Reminder: \(reminder.title). \(reminder.body)")
        }
    }

    static func month(_ text: String, option: String) throws -> FinanceMonth {
        guard let month = FinanceMonth(text) else {
            throw InputError("\(option) \"\(text)\" is not a month; write YYYY-MM, such as 2026-11")
        }
        return month
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Each budget's amount, carried amount, spending and what is left.")
        @OptionGroup var options: FinanceOptions
        @Option(help: "The month, YYYY-MM (default: this month).") var month: String?

        struct Output: Encodable {
            let month: FinanceMonth
            let budgets: [BudgetStatus]
            let reminders: [BudgetReminder]
        }

        func run() async throws {
            let chosen = try FinanceCLI.check {
                try month.map { try FinanceBudgetCommand.month($0, option: "--month") }
            }
            try await FinanceCLI.run(options) { store in
                try await store.checkBudgets()
                let month = chosen ?? store.currentMonth()
                let statuses = try await store.budgetStatuses(in: month)
                if options.json {
                    return try FinanceCLI.printJSON(
                        Output(month: month, budgets: statuses, reminders: try await store.budgetReminders(in: month)))
                }
                guard !statuses.isEmpty else {
                    print(
                        "No budgets apply in \(month). Set one with `hearth finance budget set CATEGORY AMOUNT [--rollover]`."
                    )
                    return
                }
                print("Budgets for \(month.longName)")
                FinanceCLI.table(
                    ["CATEGORY", "BUDGET", "CARRIED", "AVAILABLE", "SPENT", "LEFT", "USED"],
                    statuses.map { status in
                        [
                            status.category.displayName, FinanceCLI.money(status.budget),
                            status.rollover ? FinanceCLI.money(status.carried) : "—",
                            FinanceCLI.money(status.available), FinanceCLI.money(status.spent),
                            FinanceCLI.money(status.left), status.percentUsed.map { "\($0) %" } ?? "—",
                        ]
                    })
                try await FinanceBudgetCommand.printReminders(store)
            }
        }
    }

    struct SetBudget: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Set a category's monthly budget (replacing the amount it had).")
        @OptionGroup var options: FinanceOptions
        @Argument(
            help:
                "Food & Dining, Transportation, Shopping, Entertainment, Bills & Utilities, Healthcare, Transfer, Investment or Other."
        ) var category: String
        @Argument(help: "What may be spent each month, such as 400 or 250.50.") var amount: String
        @Flag(
            inversion: .prefixedNo,
            help: "Carry what a month leaves (or overspends) into the next (default: as the budget had it, else off).")
        var rollover: Bool?
        @Option(help: "The first month it applies to, YYYY-MM (default: this month; a changed budget keeps its own).")
        var start: String?

        func run() async throws {
            let (category, amount, start) = try FinanceCLI.check {
                (
                    try FinanceCLI.choice(TransactionCategory.self, self.category, option: "CATEGORY"),
                    try FinanceCLI.amount(self.amount, option: "AMOUNT"),
                    try self.start.map { try FinanceBudgetCommand.month($0, option: "--start") }
                )
            }
            try await FinanceCLI.run(options) { store in
                var budget = try await store.setBudget(category: category, amount: amount, rollover: rollover)
                if let start, start != budget.startMonth {
                    budget = try await store.save(budget.with(startMonth: start))
                }
                if options.json { return try FinanceCLI.printJSON(budget) }
                print(
                    "\(budget.category.displayName): \(FinanceCLI.money(budget.amount)) a month from \(budget.startMonth)\(budget.rollover ? ", rolling over" : "")."
                )
                try await FinanceBudgetCommand.printReminders(store)
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a category's budget.")
        @OptionGroup var options: FinanceOptions
        @Argument(help: "The category whose budget goes.") var category: String

        func run() async throws {
            let category = try FinanceCLI.check {
                try FinanceCLI.choice(TransactionCategory.self, self.category, option: "CATEGORY")
            }
            try await FinanceCLI.run(options) { store in
                try await store.removeBudget(category: category)
                if options.json { return try FinanceCLI.printJSON(["removed": category.displayName]) }
                print("Removed the \(category.displayName) budget.")
            }
        }
    }

    struct Reminders: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reminders", abstract: "The reminders budgets made, oldest first; --deliver sends them.",
            discussion:
                "With --deliver, each reminder not yet delivered is POSTed to --webhook and e-mailed through --smtp-url (or HEARTH_FINANCE_WEBHOOK_URL, HEARTH_SMTP_URL, HEARTH_MAIL_FROM, HEARTH_MAIL_TO), once per channel, with the delivery key budget.<category>.<YYYY-MM>.<80|100>. A channel that fails is tried again on the next run; the others do not repeat."
        )
        @OptionGroup var options: FinanceOptions
        @Option(help: "Only this month's, YYYY-MM.") var month: String?
        @Flag(help: "Deliver the reminders not yet delivered to the webhook and by e-mail.") var deliver = false
        @OptionGroup var targets: FinanceReminderTargets

        func run() async throws {
            let chosen = try FinanceCLI.check {
                try month.map { try FinanceBudgetCommand.month($0, option: "--month") }
            }
            if deliver {
                let channels = try FinanceCLI.check { () throws -> [any BudgetReminderChannel] in
                    let channels = try targets.channels(now: { Date() })
                    guard !channels.isEmpty else {
                        throw InputError(
                            "--deliver needs somewhere to deliver: --webhook URL, or --smtp-url with --mail-from and --mail-to (or their HEARTH_ variables)."
                        )
                    }
                    return channels
                }
                return try await FinanceCLI.run(options) { store in
                    try await store.checkBudgets()
                    let report = try await store.deliverBudgetReminders(to: channels)
                    if options.json {
                        try FinanceCLI.printJSON(report)
                    } else {
                        let count = report.delivered.count
                        print("Delivered \(count) budget reminder\(count == 1 ? "" : "s").")
                        for delivery in report.delivered { print("  \(delivery.deliveryKey) by \(delivery.channel)") }
                    }
                    for failure in report.failed {
                        FileHandle.standardError.write(
                            Data(
                                "error: \(failure.deliveryKey) was not delivered by \(failure.channel): \(failure.error ?? "unknown error"); it is tried again next time.\n"
                                    .utf8))
                    }
                    if !report.failed.isEmpty { throw ExitCode.failure }
                }
            }
            if targets.given {
                FinanceCLI.fail("--webhook, --smtp-url, --mail-from and --mail-to go with --deliver.")
            }
            try await FinanceCLI.run(options) { store in
                try await store.checkBudgets()
                let reminders = try await store.budgetReminders(in: chosen)
                if options.json { return try FinanceCLI.printJSON(reminders) }
                if reminders.isEmpty { return print("No budget reminders.") }
                for reminder in reminders {
                    print("\(FinanceCLI.day(reminder.createdAt))  \(reminder.title). \(reminder.body)")
                }
            }
        }
    }
}
