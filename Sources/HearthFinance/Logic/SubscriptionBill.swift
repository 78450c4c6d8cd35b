public import Foundation

/// One bill a subscription's renewal charged, and the transaction that records its payment.
public struct SubscriptionBill: Sendable, Hashable {
    /// The subscription billed.
    public let subscriptionID: UUID
    /// When the bill fell due.
    public let date: Date
    /// What it cost (the price, or the price after a free trial).
    public let amount: Decimal

    public init(subscriptionID: UUID, date: Date, amount: Decimal) {
        self.subscriptionID = subscriptionID
        self.date = date.roundedToMilliseconds
        self.amount = amount
    }

    /// The id of the bill's payment: the same for the same subscription and due date on every device, so a
    /// bill renewed twice — again here, or on a second device before the two synced — is recorded once.
    public var transactionID: UUID {
        NameBasedID.make(namespace: "hearth.subscription-payment") { input in
            withUnsafeBytes(of: subscriptionID.uuid) { input.append(contentsOf: $0) }
            withUnsafeBytes(of: Milliseconds.from(date).bigEndian) { input.append(contentsOf: $0) }
        }
    }

    /// The payment as a transaction: an expense named after the subscription, on the bill's date.
    public func payment(of subscription: Subscription) -> Transaction {
        Transaction(
            id: transactionID, title: subscription.name, subtitle: "Subscription renewal", amount: -amount,
            category: .bills, date: date, isRecurring: true, tags: ["subscription"])
    }
}
