import GRDB

extension FinanceSchema {
    /// Currencies: a `currency` column on transactions, subscriptions and group expenses (NULL for the book
    /// currency, so rows written before currencies existed keep their meaning and need no rewrite), the
    /// finance settings with the book currency (EUR until it is set), and exchange rates by day.
    ///
    /// Partial indexes over the values that have a currency of their own answer "is anything in another
    /// currency?" without reading a single-currency book's rows.
    ///
    /// Rates are kept as exact decimal text; `(quote, day)` leads the key so that loading the rates of a few
    /// currencies over a range of days is one index range per currency.
    static func registerCurrencyMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("finance.v4.currencies") { db in
            try db.execute(
                sql: """
                    ALTER TABLE financeTransaction ADD COLUMN currency TEXT;
                    ALTER TABLE financeSubscription ADD COLUMN currency TEXT;
                    ALTER TABLE financeGroupExpense ADD COLUMN currency TEXT;
                    ALTER TABLE financeHistoryArchive ADD COLUMN currency TEXT;
                    CREATE INDEX financeTransaction_currency ON financeTransaction(currency) WHERE currency IS NOT NULL;
                    CREATE INDEX financeSubscription_currency ON financeSubscription(currency) WHERE currency IS NOT NULL;
                    CREATE INDEX financeGroupExpense_currency ON financeGroupExpense(currency) WHERE currency IS NOT NULL;
                    CREATE TABLE financeSetting (
                        key TEXT PRIMARY KEY,
                        value TEXT NOT NULL
                    ) WITHOUT ROWID;
                    INSERT INTO financeSetting (key, value) VALUES ('currency', 'EUR');
                    CREATE TABLE financeExchangeRate (
                        quote TEXT NOT NULL CHECK (length(quote) = 3),
                        day TEXT NOT NULL CHECK (length(day) = 10),
                        base TEXT NOT NULL CHECK (length(base) = 3 AND base <> quote),
                        rate TEXT NOT NULL,
                        PRIMARY KEY (quote, day, base)
                    ) WITHOUT ROWID;
                    """)
        }
    }
}
