public import Foundation
public import HearthFinance

/// A subscription with what it costs per month (nothing while it is paused or cancelled).
public struct FinanceSubscriptionCost: Sendable, Equatable {
    public var subscription: Subscription
    /// ``Subscription/monthlyCost``: the price as a monthly amount by its billing cycle.
    public var monthlyCost: Decimal
}
