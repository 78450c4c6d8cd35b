import ArgumentParser
import Foundation
import HearthCore
import HearthFinance

/// `hearth finance settle …`
struct FinanceSettleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settle",
        abstract: "Settle an expense, or record a payment between two people in a group.",
        discussion: """
            hearth finance settle EXPENSE-ID                       marks one expense as paid back
            hearth finance settle --group Trip --from Bo --to Ada  records Bo paying Ada what the suggestions say
            Add --amount to pay a different amount. When everyone is even, the group's expenses are all settled.
            """)
    @OptionGroup var options: FinanceOptions
    @Argument(help: "The expense to mark as settled.") var expense: String?
    @Option(help: "The group (id or name).") var group: String?
    @Option(help: "Who pays (id or name).") var from: String?
    @Option(help: "Who is paid (id or name).") var to: String?
    @Option(parsing: .unconditional, help: "How much (default: the suggested payment between them).") var amount:
        String?

    func run() async throws {
        let (expenseID, amount) = try FinanceCLI.check { () throws -> (UUID?, Decimal?) in
            let amount = try self.amount.map { try FinanceCLI.amount($0, option: "--amount") }
            if let expense {
                guard group == nil, from == nil, to == nil, amount == nil else {
                    throw InputError("Give either an expense id, or --group, --from and --to; not both")
                }
                return (try FinanceCLI.uuid(expense, what: "expense"), nil)
            }
            guard group != nil, from != nil, to != nil else {
                throw InputError("Give an expense id to settle, or --group, --from and --to to record a payment")
            }
            return (nil, amount)
        }
        try await FinanceCLI.run(options) { store in
            if let expenseID {
                let settled = try await store.settleExpense(id: expenseID)
                if options.json { return try FinanceCLI.printJSON(settled) }
                return print("Settled \(settled.title)")
            }
            let target = try await FinanceCLI.group(group!, in: store)
            let payer = try await FinanceCLI.person(from!, in: store)
            let payee = try await FinanceCLI.person(to!, in: store)
            let paid: Decimal
            if let amount {
                paid = amount
            } else {
                let suggestion = GroupBalances(group: target).suggestedReimbursements().first {
                    $0.from == payer.id && $0.to == payee.id
                }
                guard let suggestion else {
                    throw InputError(
                        "The suggested payments in \(target.name) have \(payer.name) paying \(payee.name) nothing; give --amount to record a payment anyway"
                    )
                }
                paid = suggestion.amount
            }
            let payment = try await store.settleUp(group: target.id, from: payer.id, to: payee.id, amount: paid)
            if options.json { return try FinanceCLI.printJSON(payment) }
            print("Recorded \(payer.name) paying \(payee.name) \(FinanceCLI.money(paid)) in \(target.name)")
            if try await store.balances(forGroup: target.id).isSettled { print("\(target.name) is settled up.") }
        }
    }
}
