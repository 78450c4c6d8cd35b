/// Subscriptions: the answer to `subscriptions/list`, and (as results) to `subscriptions/modify`.
public struct CloudSubscriptionsResponse: Codable, Sendable, Hashable {
    public var subscriptions: [CloudItemResult<CloudSubscription>]
    public init(subscriptions: [CloudItemResult<CloudSubscription>]) { self.subscriptions = subscriptions }
}
