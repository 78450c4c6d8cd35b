import Foundation
import GRDB
import HearthStore

extension FinancePersistenceService {
    /// Delivers every budget reminder each of `channels` has not taken yet, oldest first, recording each
    /// delivery by reminder and channel as it succeeds.
    ///
    /// A reminder reaches each channel at most once. A delivery that throws is reported and left for the next
    /// call; the channels that took the reminder are not asked again, and the failing channel goes on with the
    /// next reminders.
    public func deliverBudgetReminders(to channels: [any BudgetReminderChannel]) async throws
        -> BudgetReminderDeliveryReport
    {
        var report = BudgetReminderDeliveryReport()
        guard !channels.isEmpty else { return report }
        let reminders = try await read { try BudgetQueries.reminders(month: nil, pendingOnly: false, $0) }
        for reminder in reminders {
            for channel in channels where reminder.deliveries?[channel.name] == nil {
                do {
                    try await channel.deliver(reminder)
                } catch {
                    report.failed.append(
                        .init(
                            deliveryKey: reminder.deliveryKey, channel: channel.name,
                            error: String(describing: error)))
                    continue
                }
                let now = Milliseconds.from(currentDate())
                try await database.writer.write { db in
                    try db.execute(
                        sql: """
                            INSERT OR IGNORE INTO financeBudgetReminderDelivery (reminderID, channel, deliveredAt)
                            VALUES (?, ?, ?)
                            """, arguments: [reminder.id, channel.name, now])
                }
                report.delivered.append(.init(deliveryKey: reminder.deliveryKey, channel: channel.name, error: nil))
            }
        }
        return report
    }
}
