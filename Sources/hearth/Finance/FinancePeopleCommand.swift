import ArgumentParser
import Foundation
import HearthFinance

/// `hearth finance people …`
struct FinancePeopleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "people",
        abstract: "Add, list, update and delete people.",
        subcommands: [Add.self, List.self, Update.self, Delete.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a person.")
        @OptionGroup var options: FinanceOptions
        @Option(help: "Their name.") var name: String
        @Option(help: "Their e-mail address.") var email: String?
        @Option(help: "Their phone number.") var phone: String?
        @Option(help: "An emoji to show for them (default: their initials).") var emoji: String?
        @Option(parsing: .unconditional, help: "What they owe you (negative: what you owe them).") var balance: String?

        func run() async throws {
            let person = try FinanceCLI.check {
                try FinanceValidation.validate(
                    Person(
                        name: name, email: email, phone: phone ?? "", avatar: emoji.map(Avatar.emoji),
                        balance: try balance.map { try FinanceCLI.amount($0, option: "--balance") } ?? 0))
            }
            try await FinanceCLI.run(options) { store in
                let saved = try await store.save(person)
                if options.json {
                    try FinanceCLI.printJSON(saved)
                } else {
                    print("Added \(saved.name) (\(saved.id.uuidString))")
                }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List people, sorted by name.")
        @OptionGroup var options: FinanceOptions
        @Flag(help: "Only people whose balance is not zero.") var withBalances = false
        @Option(help: "Only people whose name contains this text.") var search: String?

        func run() async throws {
            try await FinanceCLI.run(options) { store in
                let people: [Person]
                if let search {
                    people = try await store.searchPeople(byName: search).filter { !withBalances || $0.balance != 0 }
                } else {
                    people = withBalances ? try await store.fetchPeopleWithBalances() : try await store.fetchAllPeople()
                }
                if options.json { return try FinanceCLI.printJSON(people) }
                if people.isEmpty { return print("No people.") }
                FinanceCLI.table(
                    ["ID", "NAME", "EMAIL", "BALANCE"],
                    people.map {
                        [$0.id.uuidString, $0.name, $0.email ?? "", FinanceCLI.money($0.balance)]
                    })
            }
        }
    }

    struct Update: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change a person.")
        @OptionGroup var options: FinanceOptions
        @Argument(help: "The person's id or name.") var person: String
        @Option(help: "A new name.") var name: String?
        @Option(help: "A new e-mail address (empty to remove).") var email: String?
        @Option(help: "A new phone number.") var phone: String?
        @Option(help: "A new emoji.") var emoji: String?
        @Option(parsing: .unconditional, help: "A new balance.") var balance: String?

        func run() async throws {
            let newBalance = try FinanceCLI.check { try balance.map { try FinanceCLI.amount($0, option: "--balance") } }
            try await FinanceCLI.run(options) { store in
                let current = try await FinanceCLI.person(person, in: store)
                let changed = current.with(
                    name: name, email: email.map { $0.isEmpty ? .none : .some($0) }, phone: phone,
                    avatar: emoji.map(Avatar.emoji), balance: newBalance)
                let saved = try await store.updatePerson(changed)
                if options.json {
                    try FinanceCLI.printJSON(saved)
                } else {
                    print("Updated \(saved.name) (\(saved.id.uuidString))")
                }
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a person who is in no group and shares no subscription.")
        @OptionGroup var options: FinanceOptions
        @Argument(help: "The person's id or name.") var person: String

        func run() async throws {
            try await FinanceCLI.run(options) { store in
                let current = try await FinanceCLI.person(person, in: store)
                try await store.deletePerson(id: current.id)
                if options.json {
                    try FinanceCLI.printJSON(["deleted": current.id])
                } else {
                    print("Deleted \(current.name)")
                }
            }
        }
    }
}
