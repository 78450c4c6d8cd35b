public import Foundation
public import HearthCore

/// Where a recurring expense (yearly insurance, registration every 12 months) stands today: its series'
/// latest payment, and the day it is due again (that payment's date plus its interval).
public struct ExpenseDue: Sendable, Hashable, Codable {
    /// The latest payment of the series.
    public var expense: GarageExpense
    /// When the next payment is due.
    public var dueDate: CalendarDay
    public var status: DueStatus
    /// LubeLogger's urgency level, by date.
    public var urgency: Urgency
    /// Days from today to the due date (negative when past).
    public var daysLeft: Int

    /// What is due of `expenses` (one vehicle's) on `today`: for each series (same kind and description), the
    /// latest payment when it recurs; a series whose latest payment is a one-off is over. Soonest first.
    public static func make(
        _ expenses: [GarageExpense], today: CalendarDay, settings: DueSettings = DueSettings(),
        thresholds: UrgencyThresholds = UrgencyThresholds()
    ) -> [ExpenseDue] {
        var latest: [String: GarageExpense] = [:]
        for expense in expenses {
            guard let known = latest[expense.seriesKey] else {
                latest[expense.seriesKey] = expense
                continue
            }
            if (expense.date, expense.createdAt, expense.id.uuidString) > (
                known.date, known.createdAt, known.id.uuidString
            ) {
                latest[expense.seriesKey] = expense
            }
        }
        return latest.values.compactMap { expense -> ExpenseDue? in
            guard let due = expense.nextDate else { return nil }
            return ExpenseDue(
                expense: expense, dueDate: due,
                status: DueRules.status(
                    dueDate: due, dueMileage: nil, currentMileage: 0, today: today, settings: settings),
                urgency: thresholds.urgency(dueDate: due, dueMileage: nil, currentMileage: 0, today: today)
                    ?? .notUrgent,
                daysLeft: today.days(until: due))
        }
        .sorted {
            ($0.dueDate, $0.expense.category, $0.expense.id.uuidString) < (
                $1.dueDate, $1.expense.category, $1.expense.id.uuidString
            )
        }
    }
}
