import ArgumentParser
import Foundation
import HearthFinance

/// `hearth finance expenses …`
struct FinanceExpensesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expenses",
        abstract: "Add, list, update and delete a group's expenses.",
        subcommands: [Add.self, List.self, Update.self, Delete.self, Receipt.self]
    )

    /// The way the cost is split, from `--split PERSON[=VALUE]` options and `--split-mode`.
    static func split(_ entries: [String], mode: String?, in store: FinancePersistenceService) async throws -> (
        people: [UUID], split: ExpenseSplit
    ) {
        let parts = entries.map { $0.split(separator: "=", maxSplits: 1).map(String.init) }
        let people = try await FinanceCLI.people(parts.map { $0.first ?? "" }, in: store).map(\.id)
        var values: [UUID: String] = [:]
        for (person, part) in zip(people, parts) where part.count == 2 { values[person] = part[1] }
        let mode = mode?.lowercased() ?? (values.isEmpty ? "evenly" : "exact")
        if mode == "evenly" {
            guard values.isEmpty else {
                throw InputError("--split-mode evenly takes no values; write --split NAME without =VALUE")
            }
            return (people, .evenly)
        }
        guard values.count == people.count else {
            throw InputError("--split-mode \(mode) needs a value for everyone: --split NAME=VALUE")
        }
        switch mode {
        case "exact":
            return (people, .exactAmounts(try values.mapValues { try FinanceCLI.amount($0, option: "--split") }))
        case "percent", "percentages":
            return (people, .percentages(try values.mapValues { try FinanceCLI.amount($0, option: "--split") }))
        case "shares":
            return (
                people,
                .shares(
                    try values.mapValues { text in
                        guard let shares = Int(text) else {
                            throw InputError("--split share \"\(text)\" is not a whole number")
                        }
                        return shares
                    })
            )
        default:
            throw InputError("--split-mode \"\(mode)\" is not one of: evenly, exact, percent, shares")
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add an expense to a group.",
            discussion:
                "Split it evenly with --split NAME for each person, or give each a value with --split NAME=VALUE and --split-mode exact (amounts adding up to the expense), percent (adding up to 100) or shares."
        )
        @OptionGroup var options: FinanceOptions
        @Option(help: "The group (id or name).") var group: String
        @Option(help: "What it was.") var title: String
        @Option(parsing: .unconditional, help: "What it cost, such as 90 or 12.50.") var amount: String
        @Option(name: .customLong("paid-by"), help: "Who paid (id or name).") var paidBy: String
        @Option(help: "Who shares the cost: NAME or NAME=VALUE; repeat for each.") var split: [String] = []
        @Option(name: .customLong("split-mode"), help: "evenly (default), exact, percent or shares.") var splitMode:
            String?
        @Option(help: "A category (default Other).") var category: String?
        @Option(help: "When (default: now).") var date: String?
        @Option(help: "Notes.") var notes: String?
        @Option(help: "A receipt: a file path or reference.") var receipt: String?
        @Option(
            help:
                "Its currency: an ISO 4217 code such as USD, case ignored (default: the book currency of `hearth finance settings`)."
        )
        var currency: String?

        func run() async throws {
            let code = try FinanceCLI.check { try currency.map { try FinanceCLI.currency($0, option: "--currency") } }
            let (amount, category, date) = try FinanceCLI.check {
                guard !split.isEmpty else {
                    throw InputError("Expense must be split between at least one person: add --split NAME")
                }
                let amount = try FinanceCLI.amount(self.amount, option: "--amount")
                guard amount > 0 else { throw InputError("Expense amount must be greater than 0") }
                return (
                    amount,
                    try self.category.map { try FinanceCLI.choice(TransactionCategory.self, $0, option: "--category") }
                        ?? .other,
                    try self.date.map { try FinanceCLI.date($0, option: "--date") } ?? Date()
                )
            }
            try await FinanceCLI.run(options) { store in
                let target = try await FinanceCLI.group(group, in: store)
                let payer = try await FinanceCLI.person(paidBy, in: store)
                let (people, mode) = try await FinanceExpensesCommand.split(split, mode: splitMode, in: store)
                let saved = try await store.save(
                    GroupExpense(
                        title: title, amount: amount, paidBy: payer.id, splitBetween: people, split: mode,
                        category: category,
                        date: date, notes: notes ?? "", receipt: receipt, currency: code), forGroup: target.id)
                if options.json {
                    try FinanceCLI.printJSON(saved)
                } else {
                    print(
                        "Added \(saved.title) \(FinanceCLI.money(saved.amount, saved.currency)) to \(target.name) (\(saved.id.uuidString))"
                    )
                }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List expenses, oldest first.")
        @OptionGroup var options: FinanceOptions
        @Option(help: "Only this group's (id or name).") var group: String?
        @Flag(help: "Only unsettled expenses.") var unsettled = false

        func run() async throws {
            try await FinanceCLI.run(options) { store in
                var expenses: [GroupExpense]
                if let group {
                    expenses = try await store.fetchExpenses(forGroup: try await FinanceCLI.group(group, in: store).id)
                    if unsettled { expenses = expenses.filter { !$0.isSettled } }
                } else if unsettled {
                    expenses = try await store.fetchUnsettledExpenses()
                } else {
                    expenses = try await store.fetchAllGroups().flatMap(\.expenses).sorted { $0.date < $1.date }
                }
                if options.json { return try FinanceCLI.printJSON(expenses) }
                if expenses.isEmpty { return print("No expenses.") }
                let names = try await FinanceCLI.names(store)
                FinanceCLI.table(
                    ["ID", "DATE", "TITLE", "AMOUNT", "PAID BY", "SPLIT", "SETTLED"],
                    expenses.map {
                        [
                            $0.id.uuidString, FinanceCLI.day($0.date), $0.title,
                            FinanceCLI.money($0.amount, $0.currency),
                            names[$0.paidBy] ?? $0.paidBy.uuidString,
                            $0.shares().map {
                                "\(names[$0.person] ?? $0.person.uuidString) \(FinanceCLI.money($0.amount))"
                            }.joined(separator: ", "),
                            $0.isSettled ? "yes" : "no",
                        ]
                    })
            }
        }
    }

    struct Update: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change an expense.")
        @OptionGroup var options: FinanceOptions
        @Argument(help: "The expense's id.") var id: String
        @Option(help: "A new title.") var title: String?
        @Option(parsing: .unconditional, help: "A new amount.") var amount: String?
        @Option(name: .customLong("paid-by"), help: "Who paid.") var paidBy: String?
        @Option(help: "Replace who shares the cost: NAME or NAME=VALUE; repeat for each.") var split: [String] = []
        @Option(name: .customLong("split-mode"), help: "evenly, exact, percent or shares.") var splitMode: String?
        @Option(help: "A new category.") var category: String?
        @Option(help: "A new date.") var date: String?
        @Option(help: "New notes.") var notes: String?
        @Option(help: FinanceCLI.currencyChangeHelp) var currency: String?

        func run() async throws {
            let currency = try FinanceCLI.check { try FinanceCLI.currencyChange(self.currency) }
            let (id, amount, category, date) = try FinanceCLI.check {
                (
                    try FinanceCLI.uuid(self.id, what: "expense"),
                    try self.amount.map { try FinanceCLI.amount($0, option: "--amount") },
                    try self.category.map { try FinanceCLI.choice(TransactionCategory.self, $0, option: "--category") },
                    try self.date.map { try FinanceCLI.date($0, option: "--date") }
                )
            }
            try await FinanceCLI.run(options) { store in
                guard let current = try await store.fetchExpense(byID: id) else {
                    throw PersistenceError.entityNotFound(id, entity: "Expense")
                }
                var payer: UUID?
                if let paidBy { payer = try await FinanceCLI.person(paidBy, in: store).id }
                let split =
                    split.isEmpty ? nil : try await FinanceExpensesCommand.split(split, mode: splitMode, in: store)
                let saved = try await store.updateExpense(
                    current.with(
                        title: title, amount: amount, paidBy: payer, splitBetween: split?.people, split: split?.split,
                        category: category, date: date, notes: notes, currency: currency))
                if options.json { try FinanceCLI.printJSON(saved) } else { print("Updated \(saved.title)") }
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete an expense.")
        @OptionGroup var options: FinanceOptions
        @Argument(help: "The expense's id.") var id: String

        func run() async throws {
            let id = try FinanceCLI.check { try FinanceCLI.uuid(self.id, what: "expense") }
            try await FinanceCLI.run(options) { store in
                try await store.deleteExpense(id: id)
                if options.json {
                    try FinanceCLI.printJSON(["deleted": id])
                } else {
                    print("Deleted expense \(id.uuidString)")
                }
            }
        }
    }
}
