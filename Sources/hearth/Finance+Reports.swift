import ArgumentParser
import Foundation
import HearthCore
import HearthFinance

/// `hearth finance settle …`
struct FinanceSettle: AsyncParsableCommand {
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
    @Option(parsing: .unconditional, help: "How much (default: the suggested payment between them).") var amount: String?

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
                let suggestion = GroupBalances(group: target).suggestedReimbursements().first { $0.from == payer.id && $0.to == payee.id }
                guard let suggestion else {
                    throw InputError("The suggested payments in \(target.name) have \(payer.name) paying \(payee.name) nothing; give --amount to record a payment anyway")
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

/// `hearth finance summary`
struct FinanceSummary: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Monthly subscription cost, this month's income, expenses and net, and upcoming renewals.")
    @OptionGroup var options: FinanceOptions
    @Option(help: "Show subscriptions renewing within this many days (default 7).") var days: Int = 7

    struct Output: Encodable {
        let monthlySubscriptionCost: Decimal
        let month: String
        let income: Decimal
        let expenses: Decimal
        let net: Decimal
        let spendingByCategory: [CategorySpending]
        let renewingSoon: [Subscription]
    }

    func run() async throws {
        try FinanceCLI.check { guard days >= 0 else { throw InputError("--days must not be negative") } }
        try await FinanceCLI.run(options) { store in
            let now = Date()
            let summary = try await store.monthSummary(containing: now)
            let output = Output(
                monthlySubscriptionCost: try await store.calculateTotalMonthlyCost(),
                month: String(FinanceCLI.day(summary.month.start).prefix(7)),
                income: summary.income, expenses: summary.expenses, net: summary.net,
                spendingByCategory: try await store.spendingByCategory(inMonthContaining: now),
                renewingSoon: try await store.fetchSubscriptionsRenewingSoon(days: days))
            if options.json { return try FinanceCLI.printJSON(output) }
            print("Subscriptions per month: \(FinanceCLI.money(output.monthlySubscriptionCost))")
            print("This month (\(output.month)): income \(FinanceCLI.money(output.income)), expenses \(FinanceCLI.money(output.expenses)), net \(FinanceCLI.money(output.net))")
            for spending in output.spendingByCategory {
                print("  \(spending.category.displayName): \(FinanceCLI.money(spending.amount))")
            }
            if output.renewingSoon.isEmpty {
                print("Nothing renews in the next \(days) days.")
            } else {
                print("Renewing in the next \(days) days:")
                for subscription in output.renewingSoon {
                    print("  \(FinanceCLI.day(subscription.nextBillingDate))  \(subscription.name)  \(FinanceCLI.money(subscription.price))")
                }
            }
        }
    }
}

/// `hearth finance balances GROUP`
struct FinanceBalances: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "balances",
        abstract: "Who owes what in a group, and the fewest payments that settle it.")
    @OptionGroup var options: FinanceOptions
    @Argument(help: "The group (id or name).") var group: String

    struct Output: Encodable {
        struct Balance: Encodable { let person: UUID; let name: String; let balance: Decimal }
        struct Payment: Encodable { let from: UUID; let fromName: String; let to: UUID; let toName: String; let amount: Decimal }
        let group: UUID
        let name: String
        let balances: [Balance]
        let suggestedPayments: [Payment]
    }

    func run() async throws {
        try await FinanceCLI.run(options) { store in
            let target = try await FinanceCLI.group(group, in: store)
            let names = try await FinanceCLI.names(store)
            let balances = GroupBalances(group: target)
            let output = Output(
                group: target.id, name: target.name,
                balances: balances.entries.map { .init(person: $0.person, name: names[$0.person] ?? $0.person.uuidString, balance: $0.balance) },
                suggestedPayments: balances.suggestedReimbursements().map {
                    .init(from: $0.from, fromName: names[$0.from] ?? $0.from.uuidString, to: $0.to, toName: names[$0.to] ?? $0.to.uuidString, amount: $0.amount)
                })
            if options.json { return try FinanceCLI.printJSON(output) }
            print("\(target.emoji) \(target.name)")
            FinanceCLI.table(["PERSON", "BALANCE"], output.balances.map { [$0.name, FinanceCLI.money($0.balance)] })
            if output.suggestedPayments.isEmpty {
                print("Everyone is settled up.")
            } else {
                print("Suggested payments:")
                for payment in output.suggestedPayments {
                    print("  \(payment.fromName) pays \(payment.toName) \(FinanceCLI.money(payment.amount))")
                }
            }
        }
    }
}
