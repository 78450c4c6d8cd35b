public import GRDB
public import HearthStore

/// The finance tables, their indexes and full-text search, as migrations for ``HearthStore/AppDatabase``.
///
/// Money is kept in whole cents (INTEGER), times in milliseconds since 1970 (INTEGER), ids as 16-byte BLOBs.
public enum FinanceSchema: DatabaseSchema {
    public static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("finance.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE financePerson (
                        localID INTEGER PRIMARY KEY,
                        id BLOB NOT NULL UNIQUE CHECK (length(id) = 16),
                        name TEXT NOT NULL COLLATE NOCASE,
                        email TEXT,
                        phone TEXT NOT NULL DEFAULT '',
                        avatar TEXT NOT NULL,
                        balance INTEGER NOT NULL DEFAULT 0,
                        createdDate INTEGER NOT NULL,
                        updatedAt INTEGER NOT NULL
                    );
                    CREATE INDEX financePerson_name ON financePerson(name);
                    CREATE VIRTUAL TABLE financePersonSearch USING fts5(
                        name, content = 'financePerson', content_rowid = 'localID',
                        tokenize = 'trigram case_sensitive 0'
                    );
                    CREATE TRIGGER financePerson_searchInsert AFTER INSERT ON financePerson BEGIN
                        INSERT INTO financePersonSearch(rowid, name) VALUES (new.localID, new.name);
                    END;
                    CREATE TRIGGER financePerson_searchDelete AFTER DELETE ON financePerson BEGIN
                        INSERT INTO financePersonSearch(financePersonSearch, rowid, name) VALUES ('delete', old.localID, old.name);
                    END;
                    CREATE TRIGGER financePerson_searchUpdate AFTER UPDATE OF name ON financePerson BEGIN
                        INSERT INTO financePersonSearch(financePersonSearch, rowid, name) VALUES ('delete', old.localID, old.name);
                        INSERT INTO financePersonSearch(rowid, name) VALUES (new.localID, new.name);
                    END;

                    CREATE TABLE financeSubscription (
                        localID INTEGER PRIMARY KEY,
                        id BLOB NOT NULL UNIQUE CHECK (length(id) = 16),
                        name TEXT NOT NULL COLLATE NOCASE,
                        description TEXT NOT NULL DEFAULT '',
                        price INTEGER NOT NULL CHECK (price > 0),
                        billingCycle TEXT NOT NULL,
                        category TEXT NOT NULL,
                        icon TEXT NOT NULL,
                        color TEXT NOT NULL,
                        nextBillingDate INTEGER NOT NULL,
                        isActive INTEGER NOT NULL,
                        isShared INTEGER NOT NULL,
                        sharedWith TEXT NOT NULL,
                        paymentMethod TEXT NOT NULL,
                        createdDate INTEGER NOT NULL,
                        lastBillingDate INTEGER,
                        totalSpent INTEGER NOT NULL,
                        notes TEXT NOT NULL DEFAULT '',
                        website TEXT,
                        cancellationDate INTEGER,
                        isFreeTrial INTEGER NOT NULL,
                        trialStartDate INTEGER,
                        trialEndDate INTEGER,
                        willConvertToPaid INTEGER NOT NULL,
                        priceAfterTrial INTEGER,
                        enableRenewalReminder INTEGER NOT NULL,
                        reminderDaysBefore INTEGER NOT NULL,
                        reminderTime INTEGER NOT NULL,
                        updatedAt INTEGER NOT NULL
                    );
                    CREATE INDEX financeSubscription_active ON financeSubscription(nextBillingDate) WHERE isActive = 1;
                    CREATE INDEX financeSubscription_name ON financeSubscription(name);

                    CREATE TABLE financeTransaction (
                        localID INTEGER PRIMARY KEY,
                        id BLOB NOT NULL UNIQUE CHECK (length(id) = 16),
                        title TEXT NOT NULL COLLATE NOCASE,
                        subtitle TEXT NOT NULL DEFAULT '',
                        amount INTEGER NOT NULL CHECK (amount <> 0),
                        category TEXT NOT NULL,
                        date INTEGER NOT NULL,
                        isRecurring INTEGER NOT NULL,
                        tags TEXT NOT NULL DEFAULT '',
                        updatedAt INTEGER NOT NULL
                    );
                    CREATE INDEX financeTransaction_date ON financeTransaction(date);
                    CREATE INDEX financeTransaction_recurring ON financeTransaction(date) WHERE isRecurring = 1;

                    CREATE TABLE financeGroup (
                        localID INTEGER PRIMARY KEY,
                        id BLOB NOT NULL UNIQUE CHECK (length(id) = 16),
                        name TEXT NOT NULL COLLATE NOCASE,
                        description TEXT NOT NULL DEFAULT '',
                        emoji TEXT NOT NULL,
                        members TEXT NOT NULL,
                        createdDate INTEGER NOT NULL,
                        updatedAt INTEGER NOT NULL
                    );
                    CREATE INDEX financeGroup_name ON financeGroup(name);

                    CREATE TABLE financeGroupExpense (
                        localID INTEGER PRIMARY KEY,
                        id BLOB NOT NULL UNIQUE CHECK (length(id) = 16),
                        groupID BLOB NOT NULL REFERENCES financeGroup(id),
                        title TEXT NOT NULL,
                        amount INTEGER NOT NULL CHECK (amount > 0),
                        paidBy BLOB NOT NULL,
                        splitBetween TEXT NOT NULL,
                        split TEXT NOT NULL,
                        category TEXT NOT NULL,
                        date INTEGER NOT NULL,
                        notes TEXT NOT NULL DEFAULT '',
                        receipt TEXT,
                        isSettled INTEGER NOT NULL,
                        updatedAt INTEGER NOT NULL
                    );
                    CREATE INDEX financeGroupExpense_group ON financeGroupExpense(groupID, date);
                    CREATE INDEX financeGroupExpense_unsettled ON financeGroupExpense(groupID, date) WHERE isSettled = 0;

                    CREATE TABLE financeHistory (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,
                        stack TEXT NOT NULL CHECK (stack IN ('undo', 'redo')),
                        label TEXT NOT NULL,
                        createdAt INTEGER NOT NULL,
                        inserted BLOB NOT NULL,
                        snapshots BLOB NOT NULL
                    );
                    CREATE INDEX financeHistory_stack ON financeHistory(stack, seq);
                    """)
        }
        // Transactions an undone import removed, kept under the redo entry (financeHistory.seq) that puts
        // them back: an import of any size undoes and redoes without a snapshot per row.
        migrator.registerMigration("finance.v2.archive") { db in
            try db.execute(
                sql: """
                    CREATE TABLE financeHistoryArchive (
                        seq INTEGER NOT NULL,
                        localID INTEGER NOT NULL,
                        id BLOB NOT NULL,
                        title TEXT NOT NULL,
                        subtitle TEXT NOT NULL,
                        amount INTEGER NOT NULL,
                        category TEXT NOT NULL,
                        date INTEGER NOT NULL,
                        isRecurring INTEGER NOT NULL,
                        tags TEXT NOT NULL,
                        updatedAt INTEGER NOT NULL,
                        PRIMARY KEY (seq, localID)
                    ) WITHOUT ROWID;
                    """)
        }
        registerBudgetMigrations(in: &migrator)
        registerCurrencyMigrations(in: &migrator)
        registerBudgetDeliveryMigrations(in: &migrator)
        // A group expense's receipt kept on the server (an upload from the pages): the JSON of its asset.
        migrator.registerMigration("finance.receiptAssets") { db in
            try db.execute(sql: "ALTER TABLE financeGroupExpense ADD COLUMN receiptAsset TEXT")
        }
    }
}
