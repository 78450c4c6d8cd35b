import Foundation
import GRDB

extension FinanceWriteContext {
    /// Keeps `reminder`, read from an export, so that its threshold does not remind again in this store.
    ///
    /// A reminder the store already has keeps its own figures; it becomes delivered when the imported one
    /// was, and takes the channels the imported one was delivered on.
    /// - Throws: ``PersistenceError`` (validation failed) when the threshold is not 80 or 100, the amounts
    ///   are not in cents, or the id is not the one its category, month and threshold give.
    func importBudgetReminder(_ reminder: BudgetReminder) throws {
        guard BudgetLedger.thresholds.contains(reminder.threshold) else {
            throw PersistenceError.validationFailed(
                "Budget reminder threshold \(reminder.threshold) is not one budgets use; it is 80 or 100")
        }
        let expected = BudgetReminder.id(
            category: reminder.category, month: reminder.month, threshold: reminder.threshold)
        guard reminder.id == expected else {
            throw PersistenceError.validationFailed(
                "Budget reminder \"\(reminder.id)\" does not have the id its category, month and threshold give (\(expected))"
            )
        }
        try db.cachedStatement(
            sql: """
                INSERT INTO financeBudgetReminder
                    (id, category, month, threshold, spent, available, createdAt, deliveredAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET deliveredAt = coalesce(deliveredAt, excluded.deliveredAt)
                """
        ).execute(arguments: [
            reminder.id, reminder.category.rawValue, reminder.month.description, reminder.threshold,
            try MinorUnits.cents(reminder.spent, field: "Budget reminder spent"),
            try MinorUnits.cents(reminder.available, field: "Budget reminder available"),
            Milliseconds.from(reminder.createdAt), reminder.deliveredAt.map(Milliseconds.from),
        ])
        for (channel, date) in (reminder.deliveries ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard !channel.isEmpty, channel.utf8.count <= 64 else {
                throw PersistenceError.validationFailed(
                    "Budget reminder \"\(reminder.id)\" names a delivery channel of \(channel.utf8.count) bytes; a channel is 1 to 64 bytes, such as \"webhook\""
                )
            }
            try db.cachedStatement(
                sql: """
                    INSERT OR IGNORE INTO financeBudgetReminderDelivery (reminderID, channel, deliveredAt)
                    VALUES (?, ?, ?)
                    """
            ).execute(arguments: [reminder.id, channel, Milliseconds.from(date)])
        }
    }
}
