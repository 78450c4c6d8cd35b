import GRDB

extension FinanceSchema {
    /// Which channels (webhook, mail) each budget reminder was delivered on, so each takes it once.
    static func registerBudgetDeliveryMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("finance.budgetReminderDeliveries") { db in
            try db.execute(
                sql: """
                    CREATE TABLE financeBudgetReminderDelivery (
                        reminderID TEXT NOT NULL REFERENCES financeBudgetReminder(id) ON DELETE CASCADE,
                        channel TEXT NOT NULL,
                        deliveredAt INTEGER NOT NULL,
                        PRIMARY KEY (reminderID, channel)
                    ) WITHOUT ROWID;
                    """)
        }
    }
}
