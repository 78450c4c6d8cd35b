public import Foundation

/// How often a subscription bills.
public enum BillingCycle: String, FinanceEnum {
    case daily = "Daily"
    case weekly = "Weekly"
    case biweekly = "Biweekly"
    case monthly = "Monthly"
    case quarterly = "Quarterly"
    case semiAnnually = "Semi-annually"
    case annually = "Annually"
    /// The same schedule as ``annually``; the original app offered both names.
    case yearly = "Yearly"
    /// Paid once; never renews.
    case lifetime = "Lifetime"

    /// What one bill costs per month: daily ×30, weekly ×4.33, biweekly ×2.17, monthly ×1, quarterly ÷3,
    /// semi-annually ÷6, annually ÷12, lifetime 0.
    public func monthlyEquivalent(of price: Decimal) -> Decimal {
        switch self {
        case .daily: price * 30
        case .weekly: price * Decimal(sign: .plus, exponent: -2, significand: 433)
        case .biweekly: price * Decimal(sign: .plus, exponent: -2, significand: 217)
        case .monthly: price
        case .quarterly: price / 3
        case .semiAnnually: price / 6
        case .annually, .yearly: price / 12
        case .lifetime: 0
        }
    }

    /// The calendar step from one bill to the next, or nil for ``lifetime``.
    public var step: (component: Calendar.Component, value: Int)? {
        switch self {
        case .daily: (.day, 1)
        case .weekly: (.day, 7)
        case .biweekly: (.day, 14)
        case .monthly: (.month, 1)
        case .quarterly: (.month, 3)
        case .semiAnnually: (.month, 6)
        case .annually, .yearly: (.month, 12)
        case .lifetime: nil
        }
    }
}
