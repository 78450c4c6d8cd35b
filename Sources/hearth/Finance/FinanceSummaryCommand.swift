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
    @Option(
        help:
            "Show every amount in this currency (ISO 4217, such as USD), converted with the rate of each item's own day."
    ) var currency: String?

    struct Output: Encodable {
        let monthlySubscriptionCost: Decimal
        let month: String
        let income: Decimal
        let expenses: Decimal
        let net: Decimal
        let spendingByCategory: [CategorySpending]
        let renewingSoon: [Subscription]
        /// Present when amounts were converted: the currency they are in.
        var currency: CurrencyCode?
    }

    func run() async throws {
        let target = try FinanceCLI.check {
            guard days >= 0 else { throw InputError("--days must not be negative") }
            return try currency.map { try FinanceCLI.currency($0, option: "--currency") }
        }
        try await FinanceCLI.run(options) { store in
            let now = Date()
            let output: Output
            // Amounts in other currencies than the book's are converted even without --currency.
            var into = target
            if into == nil, try await store.holdsOtherCurrencies() { into = try await store.bookCurrency() }
            if let into {
                let converted = try await store.convertedMonth(containing: now, into: into)
                output = Output(
                    monthlySubscriptionCost: converted.monthlySubscriptionCost,
                    month: String(FinanceCLI.day(converted.summary.month.start).prefix(7)),
                    income: converted.summary.income, expenses: converted.summary.expenses,
                    net: converted.summary.net, spendingByCategory: converted.spendingByCategory,
                    renewingSoon: try await store.fetchSubscriptionsRenewingSoon(days: days), currency: into)
            } else {
                let summary = try await store.monthSummary(containing: now)
                output = Output(
                    monthlySubscriptionCost: try await store.calculateTotalMonthlyCost(),
                    month: String(FinanceCLI.day(summary.month.start).prefix(7)),
                    income: summary.income, expenses: summary.expenses, net: summary.net,
                    spendingByCategory: try await store.spendingByCategory(inMonthContaining: now),
                    renewingSoon: try await store.fetchSubscriptionsRenewingSoon(days: days))
            }
            if options.json { return try FinanceCLI.printJSON(output) }
            let unit = output.currency
            print("Subscriptions per month: \(FinanceCLI.money(output.monthlySubscriptionCost, unit))")
            print(
                "This month (\(output.month)): income \(FinanceCLI.money(output.income, unit)), expenses \(FinanceCLI.money(output.expenses, unit)), net \(FinanceCLI.money(output.net, unit))"
            )
            for spending in output.spendingByCategory {
                print("  \(spending.category.displayName): \(FinanceCLI.money(spending.amount, unit))")
            }
            if output.renewingSoon.isEmpty {
                print("Nothing renews in the next \(days) days.")
            } else {
                print("Renewing in the next \(days) days:")
                for subscription in output.renewingSoon {
                    print(
                        "  \(FinanceCLI.day(subscription.nextBillingDate))  \(subscription.name)  \(FinanceCLI.money(subscription.price, subscription.currency))"
                    )
                }
            }
        }
    }
}
