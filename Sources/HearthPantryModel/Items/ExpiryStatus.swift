public import Foundation
public import HearthCore

/// How an item stands on a given day: expired, overdue, due soon, below its minimum, or fine.
///
/// Several can hold at once (an item can be expired *and* below its minimum), so ``statuses(of:on:dueSoonDays:)``
/// returns them all, most urgent first, or just `[.ok]`. The date statuses follow Grocy:
/// - past an *expiration* date the item is ``expired``; past a *best-before* date it is ``overdue``
///   (see ``DueDateKind``) — never both, since an item has one date;
/// - due today or within `dueSoonDays` days (5 by default) it is ``dueSoon``;
/// - date statuses only apply while some of the item is left: an empty item cannot go off.
/// ``belowMinimum`` holds when the item has a minimum above zero and its quantity is under it.
public enum ExpiryStatus: String, Codable, Sendable, Hashable, CaseIterable, Comparable {
    /// Past its expiration date.
    case expired
    /// Past its best-before date.
    case overdue
    /// Due today or within the next few days.
    case dueSoon = "due_soon"
    /// Less in stock than the item's minimum.
    case belowMinimum = "below_minimum"
    /// None of the above.
    case ok

    /// How many days ahead counts as "due soon" unless told otherwise.
    public static let defaultDueSoonDays = 5

    /// Every status `item` has on `today`, most urgent first; `[.ok]` when none applies.
    public static func statuses(of item: PantryItem, on today: CalendarDay, dueSoonDays: Int = defaultDueSoonDays)
        -> [ExpiryStatus]
    {
        var result: [ExpiryStatus] = []
        if item.quantity > Amount.epsilon, let days = daysUntilDue(item, on: today) {
            if days < 0 {
                result.append(item.dueDateKind == .expiration ? .expired : .overdue)
            } else if days <= max(0, dueSoonDays) {
                result.append(.dueSoon)
            }
        }
        if let minimum = item.minimumQuantity, minimum > Amount.epsilon, item.quantity < minimum - Amount.epsilon {
            result.append(.belowMinimum)
        }
        return result.isEmpty ? [.ok] : result
    }

    /// Every status `item` has at the instant `now`, read as a day in `timeZone`.
    public static func statuses(
        of item: PantryItem, at now: Date, in timeZone: TimeZone, dueSoonDays: Int = defaultDueSoonDays
    ) -> [ExpiryStatus] {
        statuses(of: item, on: CalendarDay(now, in: timeZone), dueSoonDays: dueSoonDays)
    }

    /// Days from `today` to the item's due day: 0 when due today, negative once past; nil without a date.
    public static func daysUntilDue(_ item: PantryItem, on today: CalendarDay) -> Int? {
        item.expirationDate.map { today.days(until: $0) }
    }

    /// Whether the status is about the item's date going by (expired, overdue or due soon).
    public var isAboutDate: Bool { self == .expired || self == .overdue || self == .dueSoon }

    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: ExpiryStatus, rhs: ExpiryStatus) -> Bool { lhs.rank < rhs.rank }
}
