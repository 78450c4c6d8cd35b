public import Foundation
import HearthCore

/// Finds payments that repeat in the transactions, to suggest them as subscriptions: the same payee, paid at a
/// regular interval (weekly to yearly, each payment within a few days of when the interval puts it), for
/// amounts within 5 % of the latest.
///
/// Payees match the way people's bank lines differ from month to month: case, accents and words with digits
/// (reference numbers, dates) are ignored, so "NETFLIX.COM 4471" and "Netflix.com 9902" are one payee. Only
/// the latest unbroken run of a payee's payments counts, so one-off purchases from the same shop before a
/// subscription began do not hide it. A run whose payments stopped (two due dates missed by `today`) is not
/// suggested, and neither is a payee that already has a subscription of that name.
///
/// ```swift
/// let found = RecurringPayments.find(in: transactions, excluding: subscriptions, today: now, calendar: .current)
/// // [RecurringPayment(payee: "Netflix", amount: 15.49, cycle: .monthly, …)]
/// ```
public enum RecurringPayments {
    /// The fewest payments a run needs.
    public static let minimumCount = 3

    /// The suggestions, by payee.
    public static func find(
        in transactions: [Transaction], excluding subscriptions: [Subscription] = [], today: Date, calendar: Calendar
    ) -> [RecurringPayment] {
        let taken = Set(subscriptions.map { payeeKey($0.name) })
        var byPayee: [String: [Transaction]] = [:]
        for transaction in transactions where transaction.isExpense {
            let key = payeeKey(transaction.title)
            guard !key.isEmpty, !taken.contains(key) else { continue }
            byPayee[key, default: []].append(transaction)
        }
        var found: [RecurringPayment] = []
        for payments in byPayee.values where payments.count >= minimumCount {
            let ordered = payments.sorted { ($0.date, $0.id.uuidString) < ($1.date, $1.id.uuidString) }
            if let best = cycles.compactMap({ run(ordered, $0, today: today, calendar: calendar) }).max(by: {
                $0.transactionIDs.count < $1.transactionIDs.count
            }) {
                found.append(best)
            }
        }
        return found.sorted { ($0.payee.lowercased(), $0.lastPaid) < ($1.payee.lowercased(), $1.lastPaid) }
    }

    /// The payee a bank line names, for matching: folded, without words that hold digits.
    public static func payeeKey(_ title: String) -> String {
        TextSearch.fold(title).split { $0.isWhitespace }.filter { !$0.contains(where: \.isNumber) }.joined(
            separator: " ")
    }

    /// The cycles looked for, with how many days a payment may fall from its expected date.
    private static let cycles: [(cycle: BillingCycle, slack: Int)] = [
        (.weekly, 1), (.biweekly, 2), (.monthly, 3), (.quarterly, 4), (.semiAnnually, 5), (.annually, 5),
    ]

    /// The latest run of `payments` (oldest first) that repeats every `cycle`, if it is long enough and current.
    private static func run(
        _ payments: [Transaction], _ candidate: (cycle: BillingCycle, slack: Int), today: Date, calendar: Calendar
    ) -> RecurringPayment? {
        guard let latest = payments.last else { return nil }
        let price = -latest.amount
        let tolerance = price * Decimal(string: "0.05")!
        var run = [latest]
        for payment in payments.dropLast().reversed() {
            guard abs(-payment.amount - price) <= tolerance,
                let expected = BillingSchedule.billingDate(
                    after: payment.date, cycle: candidate.cycle, calendar: calendar),
                let laterDay = run.first?.date,
                abs(calendar.dateComponents([.day], from: expected, to: laterDay).day ?? .max) <= candidate.slack
            else { break }
            run.insert(payment, at: 0)
        }
        guard run.count >= minimumCount,
            let next = BillingSchedule.billingDate(after: latest.date, cycle: candidate.cycle, calendar: calendar),
            let stopped = BillingSchedule.billingDate(
                2, after: latest.date, cycle: candidate.cycle, calendar: calendar),
            stopped > today
        else { return nil }
        return RecurringPayment(
            payee: latest.title, amount: price, cycle: candidate.cycle, transactionIDs: run.map(\.id),
            lastPaid: latest.date, nextDue: next)
    }
}
