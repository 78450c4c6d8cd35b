import Crypto
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
        var input = Data("hearth.subscription-payment".utf8)
        withUnsafeBytes(of: subscriptionID.uuid) { input.append(contentsOf: $0) }
        withUnsafeBytes(of: Milliseconds.from(date).bigEndian) { input.append(contentsOf: $0) }
        var bytes = Array(SHA256.hash(data: input).prefix(16))
        // A name-based UUID from SHA-256: RFC 9562's version 8 (custom), as its appendix B.2 builds one.
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// The payment as a transaction: an expense named after the subscription, on the bill's date.
    public func payment(of subscription: Subscription) -> Transaction {
        Transaction(
            id: transactionID, title: subscription.name, subtitle: "Subscription renewal", amount: -amount,
            category: .bills, date: date, isRecurring: true, tags: ["subscription"])
    }
}
