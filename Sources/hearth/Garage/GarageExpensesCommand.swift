import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

/// `hearth garage expenses add|edit|delete|list`.
struct GarageExpensesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expenses",
        abstract: "Costs that are not services or fuel: insurance, registration, taxes, parking, tolls, other.",
        discussion: """
            A recurring expense (--every 1y, --every 6m) is due again its interval after it was paid: `due` lists
            it and a reminder goes off 30, 7, 1 and 0 days before. Record the next payment with `expenses add`
            (same kind and description) and the reminder moves to the one after.
            Expenses count in `costs` and in the yearly roundup.
            """,
        subcommands: [List.self, Add.self, Edit.self, Delete.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a vehicle's expenses, newest first.")
        @OptionGroup var options: GarageOptions
        @Argument(help: "The vehicle: its name or the start of its id.") var vehicle: String

        func run() async throws {
            let store = try options.openStore()
            let found = try await store.vehicle(matching: vehicle)
            let expenses = try await store.expenses(of: found.id)
            if options.json { return try GarageOutput.json(expenses) }
            guard !expenses.isEmpty else {
                return print(
                    "\(found.displayName) has no expenses. Add one with `hearth garage expenses add \"\(found.displayName)\" --kind insurance --amount 640 --every 1y`."
                )
            }
            print("\(found.displayName): \(expenses.count) expense\(expenses.count == 1 ? "" : "s")")
            GarageOutput.table(
                ["DATE", "KIND", "DESCRIPTION", "AMOUNT", "EVERY", "NEXT DUE", "ID"],
                expenses.map { expense in
                    [
                        expense.date.iso, expense.kind.rawValue, expense.category, GarageOutput.money(expense.amount),
                        expense.intervalMonths.map(GarageExpensesCommand.every) ?? "—", expense.nextDate?.iso ?? "—",
                        String(expense.id.uuidString.prefix(8)),
                    ]
                })
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Record an expense.")
        @OptionGroup var options: GarageOptions
        @Argument(help: "The vehicle: its name or the start of its id.") var vehicle: String
        @Option(help: "insurance, registration, taxes, parking, tolls or other (default other).") var kind: String?
        @Option(help: "What was paid, such as 640 or 12.50.") var amount: String
        @Option(help: "What it was, such as \"Geico policy\" (default: the kind).") var description: String?
        @Option(help: "The day it was paid, yyyy-MM-dd (default today).") var date: String?
        @Option(help: "The odometer then, in miles.") var odometer: Int?
        @Option(help: "How often it recurs: 1y, 6m, 18m… (default: a one-off).") var every: String?
        @Option var notes: String?

        func run() async throws {
            let store = try options.openStore()
            let found = try await store.vehicle(matching: vehicle)
            let expense = try await store.addExpense(
                ExpenseDraft(
                    kind: kind, description: description, amount: amount, date: try GarageArguments.day(date, "--date"),
                    odometer: odometer, notes: notes, every: every),
                to: found.id)
            if options.json { return try GarageOutput.json(expense) }
            print(
                "Recorded \(expense.category) (\(expense.kind.rawValue)), \(GarageOutput.money(expense.amount)) on \(expense.date.iso) for \(found.displayName) (\(expense.id.uuidString.prefix(8)))"
                    + (expense.nextDate.map { "; due again on \($0.iso)." } ?? "."))
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change an expense: only the options given change.",
            discussion: "--every none makes a recurring expense a one-off.")
        @OptionGroup var options: GarageOptions
        @Argument(help: "The expense's id, or its start as `expenses list` prints it.") var id: String
        @Option(help: "insurance, registration, taxes, parking, tolls or other.") var kind: String?
        @Option(help: "What was paid.") var amount: String?
        @Option(help: "What it was.") var description: String?
        @Option(help: "The day it was paid, yyyy-MM-dd.") var date: String?
        @Option(help: "The odometer then, in miles.") var odometer: Int?
        @Option(help: "How often it recurs: 1y, 6m…, or none.") var every: String?
        @Option(help: "The notes (\"\" clears them).") var notes: String?

        func run() async throws {
            let store = try options.openStore()
            let found = try await store.record(GarageExpense.self, matching: id, named: "expense")
            let expense = try await store.updateExpense(
                found.id,
                with: ExpenseDraft(
                    kind: kind, description: description, amount: amount, date: try GarageArguments.day(date, "--date"),
                    odometer: odometer, notes: notes, every: every))
            if options.json { return try GarageOutput.json(expense) }
            print(
                "Saved \(expense.category) (\(expense.kind.rawValue)), \(GarageOutput.money(expense.amount)) on \(expense.date.iso)"
                    + (expense.nextDate.map { "; due again on \($0.iso)." } ?? "."))
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete an expense.")
        @OptionGroup var options: GarageOptions
        @Argument(help: "The expense's id, or its start as `expenses list` prints it.") var id: String

        func run() async throws {
            let store = try options.openStore()
            let found = try await store.record(GarageExpense.self, matching: id, named: "expense")
            try await store.removeExpense(found.id)
            if options.json { return try GarageOutput.json(["deleted": found.id.uuidString]) }
            print("Deleted \(found.category), \(GarageOutput.money(found.amount)) on \(found.date.iso).")
        }
    }

    /// "every 12 months" as a list shows it: "1y", "6m", "18m".
    static func every(_ months: Int) -> String { months % 12 == 0 ? "\(months / 12)y" : "\(months)m" }
}
