import ArgumentParser
import Foundation
import HearthFinance

/// `hearth finance groups …`
struct FinanceGroupsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "groups",
        abstract: "Add, list, update and delete groups of people who share expenses.",
        subcommands: [Add.self, List.self, Update.self, Delete.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a group.")
        @OptionGroup var options: FinanceOptions
        @Option(help: "Its name.") var name: String
        @Option(help: "A member (id or name); repeat for each.") var member: [String] = []
        @Option(help: "An emoji for it.") var emoji: String?
        @Option(help: "What it is for.") var description: String?

        func run() async throws {
            // The name and the presence of members are checked before the database is opened; the members
            // themselves once it is.
            try FinanceCLI.check {
                _ = try FinanceValidation.validate(Group(name: name, members: member.map { _ in UUID() }))
            }
            try await FinanceCLI.run(options) { store in
                let members = try await FinanceCLI.people(member, in: store).map(\.id)
                let saved = try await store.save(
                    Group(name: name, description: description ?? "", emoji: emoji ?? "👥", members: members))
                if options.json {
                    try FinanceCLI.printJSON(saved)
                } else {
                    print("Added \(saved.name) (\(saved.id.uuidString))")
                }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List groups.")
        @OptionGroup var options: FinanceOptions
        @Flag(help: "Only groups with unsettled expenses.") var unsettled = false

        func run() async throws {
            try await FinanceCLI.run(options) { store in
                let groups =
                    unsettled ? try await store.fetchGroupsWithUnsettledExpenses() : try await store.fetchAllGroups()
                if options.json { return try FinanceCLI.printJSON(groups) }
                if groups.isEmpty { return print("No groups.") }
                let names = try await FinanceCLI.names(store)
                FinanceCLI.table(
                    ["ID", "NAME", "MEMBERS", "EXPENSES", "TOTAL", "UNSETTLED"],
                    groups.map {
                        [
                            $0.id.uuidString, "\($0.emoji) \($0.name)",
                            $0.members.map { names[$0] ?? $0.uuidString }.joined(separator: ", "),
                            "\($0.expenses.count)", FinanceCLI.money($0.totalAmount), "\($0.unsettledExpenses.count)",
                        ]
                    })
            }
        }
    }

    struct Update: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change a group.")
        @OptionGroup var options: FinanceOptions
        @Argument(help: "The group's id or name.") var group: String
        @Option(help: "A new name.") var name: String?
        @Option(help: "Replace the members (id or name); repeat for each.") var member: [String] = []
        @Option(help: "A new emoji.") var emoji: String?
        @Option(help: "A new description.") var description: String?

        func run() async throws {
            try await FinanceCLI.run(options) { store in
                let current = try await FinanceCLI.group(group, in: store)
                let members = member.isEmpty ? nil : try await FinanceCLI.people(member, in: store).map(\.id)
                let saved = try await store.updateGroup(
                    current.with(name: name, description: description, emoji: emoji, members: members, expenses: []))
                if options.json { try FinanceCLI.printJSON(saved) } else { print("Updated \(saved.name)") }
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a group and its expenses.")
        @OptionGroup var options: FinanceOptions
        @Argument(help: "The group's id or name.") var group: String

        func run() async throws {
            try await FinanceCLI.run(options) { store in
                let current = try await FinanceCLI.group(group, in: store)
                try await store.deleteGroup(id: current.id)
                if options.json {
                    try FinanceCLI.printJSON(["deleted": current.id])
                } else {
                    print("Deleted \(current.name) and its \(current.expenses.count) expenses")
                }
            }
        }
    }
}
