/// `POST /cloud/v1/{database}/subscriptions/modify`.
public struct CloudSubscriptionsModifyRequest: Codable, Sendable, Hashable {
    public var operations: [CloudSubscriptionOperation]
    public init(operations: [CloudSubscriptionOperation]) { self.operations = operations }
}
