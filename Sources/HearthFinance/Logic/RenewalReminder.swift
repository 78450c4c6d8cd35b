public import Foundation

/// A renewal reminder: when to remind, about which subscription, and of which bill.
public struct RenewalReminder: Sendable, Equatable, Hashable, Codable {
    public let subscriptionID: Subscription.ID
    public let subscriptionName: String
    /// When the reminder fires: `reminderDaysBefore` days before the bill, at `reminderTime`.
    public let fireDate: Date
    /// When the bill is due.
    public let billingDate: Date
    public let amount: Decimal

    public init(
        subscriptionID: Subscription.ID, subscriptionName: String, fireDate: Date, billingDate: Date, amount: Decimal
    ) {
        self.subscriptionID = subscriptionID
        self.subscriptionName = subscriptionName
        self.fireDate = fireDate
        self.billingDate = billingDate
        self.amount = amount
    }

    /// When the reminder for `subscription`'s next bill fires in `calendar`'s time zone: `reminderDaysBefore`
    /// calendar days before the billing day, at `reminderTime` (by default 3 days before, at 09:00). Nil when
    /// reminders are off, the subscription is inactive, or a lifetime subscription is already paid.
    ///
    /// When `reminderTime` does not exist that day (a daylight-saving gap), the reminder fires at the
    /// first moment after the gap, keeping the minutes.
    public static func fireDate(for subscription: Subscription, calendar: Calendar) -> Date? {
        guard subscription.isActive, subscription.enableRenewalReminder else { return nil }
        if subscription.billingCycle == .lifetime, subscription.lastBillingDate != nil { return nil }
        let billingDay = calendar.dateComponents([.era, .year, .month, .day], from: subscription.nextBillingDate)
        guard
            let noon = calendar.date(
                from: DateComponents(
                    era: billingDay.era, year: billingDay.year, month: billingDay.month,
                    day: billingDay.day, hour: 12)),
            let reminderNoon = calendar.date(byAdding: .day, value: -subscription.reminderDaysBefore, to: noon)
        else { return nil }
        var parts = calendar.dateComponents([.era, .year, .month, .day], from: reminderNoon)
        parts.hour = subscription.reminderTime.hour
        parts.minute = subscription.reminderTime.minute
        return calendar.date(from: parts)
    }

    /// The reminders of `subscriptions` that fire from `start` through `end`, soonest first.
    public static func upcoming(
        _ subscriptions: [Subscription], from start: Date, through end: Date, calendar: Calendar
    ) -> [RenewalReminder] {
        subscriptions.compactMap { subscription -> RenewalReminder? in
            guard let fire = fireDate(for: subscription, calendar: calendar), fire >= start, fire <= end else {
                return nil
            }
            return RenewalReminder(
                subscriptionID: subscription.id, subscriptionName: subscription.name, fireDate: fire,
                billingDate: subscription.nextBillingDate, amount: subscription.price)
        }
        .sorted { ($0.fireDate, $0.subscriptionName) < ($1.fireDate, $1.subscriptionName) }
    }
}
