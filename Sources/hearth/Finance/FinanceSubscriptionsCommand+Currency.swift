import Foundation
import HearthFinance

extension FinanceSubscriptionsCommand {
    /// One subscription with its monthly cost converted.
    struct ConvertedSubscription: Encodable {
        let subscription: Subscription
        let monthlyCost: Decimal
        let currency: CurrencyCode
    }

    /// Prints `subscriptions` with what each costs per month in `currency` at today's rates, and the total.
    static func printConverted(
        _ subscriptions: [Subscription], in currency: CurrencyCode, store: FinancePersistenceService, json: Bool
    ) async throws {
        let costs = try await store.monthlyCosts(of: subscriptions, in: currency, on: Date())
        let rows = zip(subscriptions, costs).map {
            ConvertedSubscription(subscription: $0.0, monthlyCost: $0.1, currency: currency)
        }
        if json { return try FinanceCLI.printJSON(rows) }
        if rows.isEmpty { return print("No subscriptions.") }
        FinanceCLI.table(
            ["ID", "NAME", "PRICE", "CYCLE", "NEXT", "PER MONTH", "STATUS"],
            rows.map {
                [
                    $0.subscription.id.uuidString, $0.subscription.name,
                    FinanceCLI.money($0.subscription.price, $0.subscription.currency),
                    $0.subscription.billingCycle.displayName, FinanceCLI.day($0.subscription.nextBillingDate),
                    FinanceCLI.money($0.monthlyCost, currency), $0.subscription.isActive ? "active" : "inactive",
                ]
            })
        print("Per month in all: \(FinanceCLI.money(costs.reduce(0, +), currency))")
    }
}
