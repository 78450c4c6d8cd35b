import GRDB

extension FinanceSchema {
    /// Budgets (one per category, synced like every finance value) and the reminders their thresholds
    /// made (local to the device: a threshold reminds once per category and month).
    static func registerBudgetMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("finance.v3.budgets") { db in
            try db.execute(
                sql: """
                    CREATE TABLE financeBudget (
                        localID INTEGER PRIMARY KEY,
                        id BLOB NOT NULL UNIQUE CHECK (length(id) = 16),
                        category TEXT NOT NULL UNIQUE,
                        amount INTEGER NOT NULL CHECK (amount > 0),
                        rollover INTEGER NOT NULL,
                        startMonth TEXT NOT NULL,
                        createdDate INTEGER NOT NULL,
                        updatedAt INTEGER NOT NULL
                    );
                    CREATE TABLE financeBudgetReminder (
                        id TEXT PRIMARY KEY,
                        category TEXT NOT NULL,
                        month TEXT NOT NULL,
                        threshold INTEGER NOT NULL,
                        spent INTEGER NOT NULL,
                        available INTEGER NOT NULL,
                        createdAt INTEGER NOT NULL,
                        deliveredAt INTEGER
                    );
                    CREATE INDEX financeBudgetReminder_pending ON financeBudgetReminder(createdAt) WHERE deliveredAt IS NULL;
                    """)
        }
    }
}
