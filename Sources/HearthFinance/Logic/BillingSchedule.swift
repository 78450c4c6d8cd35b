public import Foundation

/// Pure renewal arithmetic on an injected calendar: when the next bill falls, and what renewing does.
///
/// Month-based cycles keep the day of month bills fall on: a subscription billed on January 31 is billed on
/// the last day of February, then on March 31 again. Day-based cycles keep the wall-clock time across
/// daylight-saving changes.
public enum BillingSchedule {
    /// The `count`-th bill after the one due at `scheduled`, or nil for ``BillingCycle/lifetime``.
    /// - Parameter anchorDay: The day of month bills fall on (default: `scheduled`'s), kept where the month
    ///   has it and clamped to the month's last day where it does not.
    public static func billingDate(
        _ count: Int = 1, after scheduled: Date, cycle: BillingCycle, calendar: Calendar, anchorDay: Int? = nil
    ) -> Date? {
        guard let step = cycle.step else { return nil }
        guard let moved = calendar.date(byAdding: step.component, value: step.value * count, to: scheduled) else {
            return nil
        }
        guard step.component == .month else { return moved }
        let anchor = anchorDay ?? calendar.component(.day, from: scheduled)
        let day = calendar.component(.day, from: moved)
        guard anchor > day, let days = calendar.range(of: .day, in: .month, for: moved)?.count else { return moved }
        var parts = calendar.dateComponents(
            [.era, .year, .month, .day, .hour, .minute, .second, .nanosecond], from: moved)
        parts.day = min(anchor, days)
        return calendar.date(from: parts) ?? moved
    }

    /// The day of month `subscription` bills on: the day of its next bill, unless that bill was pulled back
    /// to the end of a short month, in which case the longer day of the bill before it.
    public static func anchorDay(of subscription: Subscription, calendar: Calendar) -> Int {
        let next = subscription.nextBillingDate
        let day = calendar.component(.day, from: next)
        guard let last = subscription.lastBillingDate,
            let days = calendar.range(of: .day, in: .month, for: next)?.count, day == days
        else { return day }
        return max(day, calendar.component(.day, from: last))
    }

    /// `subscription` after every bill due by `date`: for each, `lastBillingDate` becomes the bill's date,
    /// `totalSpent` grows by its price (nothing during a free trial), and `nextBillingDate` moves one cycle on.
    ///
    /// Inactive subscriptions do not change. A lifetime subscription is charged once, when its date passes,
    /// and never renews. A bill at or after `cancellationDate` (or after a trial that does not convert)
    /// ends the subscription instead: it becomes inactive.
    public static func advance(_ subscription: Subscription, through date: Date, calendar: Calendar) -> Subscription {
        renewal(of: subscription, through: date, calendar: calendar).subscription
    }

    /// ``advance(_:through:calendar:)``, and the bills it charged, oldest first (a bill during a free trial
    /// costs nothing and is not among them).
    public static func renewal(
        of subscription: Subscription, through date: Date, calendar: Calendar
    ) -> (subscription: Subscription, bills: [SubscriptionBill]) {
        guard subscription.isActive, subscription.nextBillingDate <= date else { return (subscription, []) }
        if subscription.billingCycle == .lifetime {
            guard subscription.lastBillingDate == nil else { return (subscription, []) }
            let bill = SubscriptionBill(
                subscriptionID: subscription.id, date: subscription.nextBillingDate, amount: subscription.price)
            return (
                subscription.with(
                    lastBillingDate: .some(subscription.nextBillingDate),
                    totalSpent: subscription.totalSpent + subscription.price), [bill]
            )
        }
        let anchor = anchorDay(of: subscription, calendar: calendar)
        let start = subscription.nextBillingDate
        var due = start
        var last = subscription.lastBillingDate
        var spent = subscription.totalSpent
        var isActive = true
        var count = 0
        var bills: [SubscriptionBill] = []
        while due <= date {
            if let cancelled = subscription.cancellationDate, due >= cancelled {
                isActive = false
                break
            }
            let inTrial = subscription.isFreeTrial && (subscription.trialEndDate.map { due < $0 } ?? false)
            if subscription.isFreeTrial, !subscription.willConvertToPaid, !inTrial {
                isActive = false
                break
            }
            if !inTrial {
                let afterTrial = subscription.isFreeTrial ? subscription.priceAfterTrial : nil
                spent += afterTrial ?? subscription.price
                bills.append(
                    SubscriptionBill(
                        subscriptionID: subscription.id, date: due, amount: afterTrial ?? subscription.price))
            }
            last = due
            count += 1
            // Counted from the first due date, so clamping to a short month never drifts the schedule.
            guard
                let following = billingDate(
                    count, after: start, cycle: subscription.billingCycle,
                    calendar: calendar, anchorDay: anchor)
            else { break }
            due = following
        }
        return (
            subscription.with(
                nextBillingDate: due, isActive: isActive, lastBillingDate: .some(last), totalSpent: spent), bills
        )
    }
}
