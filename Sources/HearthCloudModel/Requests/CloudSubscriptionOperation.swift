/// One operation of `subscriptions/modify`.
public struct CloudSubscriptionOperation: Codable, Sendable, Hashable {
    public var operationType: CloudSubscriptionOperationType
    public var subscription: CloudSubscription

    public init(operationType: CloudSubscriptionOperationType, subscription: CloudSubscription) {
        self.operationType = operationType
        self.subscription = subscription
    }
}
