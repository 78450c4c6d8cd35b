import ArgumentParser
import Foundation
import HearthCore
import HearthFinance

/// `hearth finance summary`
struct FinanceSummaryCommand: AsyncParsableCommand {
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
            print(
                "This month (\(output.month)): income \(FinanceCLI.money(output.income)), expenses \(FinanceCLI.money(output.expenses)), net \(FinanceCLI.money(output.net))"
            )
            for spending in output.spendingByCategory {
                print("  \(spending.category.displayName): \(FinanceCLI.money(spending.amount))")
            }
            if output.renewingSoon.isEmpty {
                print("Nothing renews in the next \(days) days.")
            } else {
                print("Renewing in the next \(days) days:")
                for subscription in output.renewingSoon {
                    print(
                        "  \(FinanceCLI.day(subscription.nextBillingDate))  \(subscription.name)  \(FinanceCLI.money(subscription.price))"
                    )
                }
            }
        }
    }
}
