/// What `subscriptions/modify` does with a subscription.
public enum CloudSubscriptionOperationType: String, Codable, Sendable, Hashable, CaseIterable {
    /// Create or replace the subscription.
    case create
    /// Delete it.
    case delete
}

/// One operation of `subscriptions/modify`.
public struct CloudSubscriptionOperation: Codable, Sendable, Hashable {
    public var operationType: CloudSubscriptionOperationType
    public var subscription: CloudSubscription

    public init(operationType: CloudSubscriptionOperationType, subscription: CloudSubscription) {
        self.operationType = operationType
        self.subscription = subscription
    }
}

/// `POST /cloud/v1/{database}/subscriptions/modify`.
public struct CloudSubscriptionsModifyRequest: Codable, Sendable, Hashable {
    public var operations: [CloudSubscriptionOperation]
    public init(operations: [CloudSubscriptionOperation]) { self.operations = operations }
}

/// Subscriptions: the answer to `subscriptions/list`, and (as results) to `subscriptions/modify`.
public struct CloudSubscriptionsResponse: Codable, Sendable, Hashable {
    public var subscriptions: [CloudItemResult<CloudSubscription>]
    public init(subscriptions: [CloudItemResult<CloudSubscription>]) { self.subscriptions = subscriptions }
}
