public import Foundation
import GRDB
import HearthCore

extension FinancePersistenceService {
    @discardableResult
    public func save(_ subscription: Subscription) async throws -> Subscription {
        try await write("Save subscription \(subscription.name)") { try $0.save(subscription) }
    }

    nonisolated public func fetchAllSubscriptions() async throws -> [Subscription] {
        try await read(FinanceQueries.all(Subscription.self, "ORDER BY name, localID"))
    }

    nonisolated public func fetchSubscription(byID id: UUID) async throws -> Subscription? {
        try await read { try FinanceQueries.one(Subscription.self, id: id, $0) }
    }

    @discardableResult
    public func updateSubscription(_ subscription: Subscription) async throws -> Subscription {
        try await write("Update subscription \(subscription.name)", .update) { try $0.updateSubscription(subscription) }
    }

    public func deleteSubscription(id: UUID) async throws {
        try await write("Delete subscription", .delete) { try $0.deleteSubscription(id: id) }
    }

    nonisolated public func fetchActiveSubscriptions() async throws -> [Subscription] {
        try await read(FinanceQueries.fetch(Subscription.self, sql: FinanceQueries.activeSubscriptionsSQL))
    }

    nonisolated public func fetchSubscriptionsRenewingSoon(days: Int) async throws -> [Subscription] {
        let start = currentDate()
        guard let end = calendar.date(byAdding: .day, value: max(0, days), to: start) else { return [] }
        return try await read(
            FinanceQueries.fetch(
                Subscription.self, sql: FinanceQueries.renewingSoonSQL,
                [Milliseconds.from(start), Milliseconds.from(end)]))
    }

    @discardableResult
    public func renewSubscription(id: UUID) async throws -> Subscription {
        try await write("Renew subscription", .update) { try $0.renewSubscription(id: id) }
    }

    @discardableResult
    public func renewDueSubscriptions() async throws -> [Subscription] {
        try await write("Renew due subscriptions", .update) { try $0.renewDueSubscriptions() }
    }

    nonisolated public func upcomingRenewalReminders(days: Int) async throws -> [RenewalReminder] {
        let start = currentDate()
        let calendar = self.calendar
        guard let end = calendar.date(byAdding: .day, value: max(0, days), to: start) else { return [] }
        let active = try await fetchActiveSubscriptions()
        return RenewalReminder.upcoming(active, from: start, through: end, calendar: calendar)
    }

    /// Payments in the last `years` years that repeat like a subscription and have none yet
    /// (``RecurringPayments``); save one's ``RecurringPayment/subscription(category:)`` to accept it.
    nonisolated public func recurringPaymentSuggestions(years: Int = 3) async throws -> [RecurringPayment] {
        let today = currentDate()
        let calendar = self.calendar
        // A few days more than the years, so that a yearly payment made a little early is still seen.
        guard let start = calendar.date(byAdding: DateComponents(year: -max(1, years), day: -10), to: today),
            let end = calendar.date(byAdding: .day, value: 1, to: today)
        else { return [] }
        let transactions = try await fetchTransactions(inDateRange: start..<end)
        let subscriptions = try await fetchAllSubscriptions()
        return RecurringPayments.find(in: transactions, excluding: subscriptions, today: today, calendar: calendar)
    }

    nonisolated public func calculateTotalMonthlyCost() async throws -> Decimal {
        let totals = try await read { try FinanceQueries.activePriceTotals($0) }
        let exact = totals.reduce(Decimal(0)) { $0 + $1.0.monthlyEquivalent(of: MinorUnits.decimal($1.1)) }
        return Calculation.rounded(exact)
    }
}
