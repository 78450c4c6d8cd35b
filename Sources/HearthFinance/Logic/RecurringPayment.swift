public import Foundation

/// Payments that repeat in the transactions — the same payee, at a regular interval, for about the same
/// amount — which ``RecurringPayments/find(in:excluding:calendar:)`` suggests as a subscription.
public struct RecurringPayment: Sendable, Hashable, Codable {
    /// The payee, as its latest payment names it.
    public let payee: String
    /// The latest payment's amount, positive.
    public let amount: Decimal
    /// How often the payments come.
    public let cycle: BillingCycle
    /// The payments found, oldest first.
    public let transactionIDs: [UUID]
    /// The latest payment's date.
    public let lastPaid: Date
    /// When the next payment is due: one cycle after the latest.
    public let nextDue: Date

    public init(
        payee: String, amount: Decimal, cycle: BillingCycle, transactionIDs: [UUID], lastPaid: Date, nextDue: Date
    ) {
        self.payee = payee
        self.amount = amount
        self.cycle = cycle
        self.transactionIDs = transactionIDs
        self.lastPaid = lastPaid
        self.nextDue = nextDue
    }

    /// The subscription that accepting this suggestion creates: billed at the latest amount, next on ``nextDue``,
    /// with the latest payment as its last bill.
    public func subscription(category: SubscriptionCategory = .other) -> Subscription {
        Subscription(
            name: payee, price: amount, billingCycle: cycle, category: category, nextBillingDate: nextDue,
            createdDate: lastPaid, lastBillingDate: lastPaid)
    }
}
