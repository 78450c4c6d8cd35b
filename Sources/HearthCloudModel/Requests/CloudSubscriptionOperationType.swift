/// What `subscriptions/modify` does with a subscription.
public enum CloudSubscriptionOperationType: String, Codable, Sendable, Hashable, CaseIterable {
    /// Create or replace the subscription.
    case create
    /// Delete it.
    case delete
}
