import ArgumentParser
import Foundation
import HearthCore
import HearthFinance

/// `hearth finance balances GROUP`
struct FinanceBalancesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "balances",
        abstract: "Who owes what in a group, and the fewest payments that settle it.")
    @OptionGroup var options: FinanceOptions
    @Argument(help: "The group (id or name).") var group: String
    @Option(
        help:
            "Show balances in this currency (ISO 4217, such as USD), each expense converted with the rate of its own day."
    ) var currency: String?

    struct Output: Encodable {
        struct Balance: Encodable {
            let person: UUID
            let name: String
            let balance: Decimal
        }
        struct Payment: Encodable {
            let from: UUID
            let fromName: String
            let to: UUID
            let toName: String
            let amount: Decimal
        }
        let group: UUID
        let name: String
        let balances: [Balance]
        let suggestedPayments: [Payment]
        /// Present when amounts were converted: the currency they are in.
        var currency: CurrencyCode?
    }

    func run() async throws {
        let code = try FinanceCLI.check { try currency.map { try FinanceCLI.currency($0, option: "--currency") } }
        try await FinanceCLI.run(options) { store in
            var target = try await FinanceCLI.group(group, in: store)
            // Expenses in other currencies than the book's are converted even without --currency.
            var into = code
            if into == nil, try await store.holdsOtherCurrencies() {
                let book = try await store.bookCurrency()
                if target.expenses.contains(where: { ($0.currency ?? book) != book }) { into = book }
            }
            if let into { target = try await store.converted(target, into: into) }
            let names = try await FinanceCLI.names(store)
            let balances = GroupBalances(group: target)
            let output = Output(
                group: target.id, name: target.name,
                balances: balances.entries.map {
                    .init(person: $0.person, name: names[$0.person] ?? $0.person.uuidString, balance: $0.balance)
                },
                suggestedPayments: balances.suggestedReimbursements().map {
                    .init(
                        from: $0.from, fromName: names[$0.from] ?? $0.from.uuidString, to: $0.to,
                        toName: names[$0.to] ?? $0.to.uuidString, amount: $0.amount)
                }, currency: into)
            if options.json { return try FinanceCLI.printJSON(output) }
            print("\(target.emoji) \(target.name)")
            FinanceCLI.table(
                ["PERSON", "BALANCE"], output.balances.map { [$0.name, FinanceCLI.money($0.balance, into)] })
            if output.suggestedPayments.isEmpty {
                print("Everyone is settled up.")
            } else {
                print("Suggested payments:")
                for payment in output.suggestedPayments {
                    print("  \(payment.fromName) pays \(payment.toName) \(FinanceCLI.money(payment.amount, into))")
                }
            }
        }
    }
}
