import Foundation
import GRDB

/// The reads the store runs, as plain functions of a `Database`, so that services and write contexts share
/// them. Each query is shaped to use an index (see the query-plan tests).
enum FinanceQueries {
    // MARK: Generic

    static func all<R: FinanceRecord>(_ type: R.Type, _ tail: String = "", _ arguments: StatementArguments = [])
        -> @Sendable (Database) throws -> [R]
    {
        { db in
            try Row.fetchAll(db.cachedStatement(sql: "\(R.selectSQL) \(tail)"), arguments: arguments).map(R.init(row:))
        }
    }

    /// Every `R` a full statement selects (as ``FinanceRecord/selection``).
    static func fetch<R: FinanceRecord>(_ type: R.Type, sql: String, _ arguments: StatementArguments = [])
        -> @Sendable (Database) throws -> [R]
    {
        { db in try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map(R.init(row:)) }
    }

    static func one<R: FinanceRecord>(_ type: R.Type, id: UUID, _ db: Database) throws -> R? {
        try Row.fetchOne(db.cachedStatement(sql: "\(R.selectSQL) WHERE id = ?"), arguments: [id]).map(R.init(row:))
    }

    /// Transactions through a cursor: GRDB steps the statement, and each row is read straight from its
    /// columns (see ``Transaction/init(statement:)``).
    static func transactions(_ db: Database, _ sql: String, _ arguments: StatementArguments) throws -> [Transaction] {
        let statement = try db.cachedStatement(sql: sql)
        let cursor = try Row.fetchCursor(statement, arguments: arguments)
        var result: [Transaction] = []
        while try cursor.next() != nil { result.append(try Transaction(statement: statement.sqliteStatement)) }
        return result
    }

    // MARK: The statements the query-plan tests check

    /// Transactions dated in a range (`?` from, `?` until), newest first; serves date ranges and the current month.
    static let transactionsInRangeSQL =
        "\(Transaction.selectSQL) WHERE date >= ? AND date < ? ORDER BY date DESC, localID DESC"
    /// Recurring transactions, newest first.
    static let recurringTransactionsSQL =
        "\(Transaction.selectSQL) WHERE isRecurring = 1 ORDER BY date DESC, localID DESC"
    /// Active subscriptions, soonest bill first.
    static let activeSubscriptionsSQL = "\(Subscription.selectSQL) WHERE isActive = 1 ORDER BY nextBillingDate, localID"
    /// Active subscriptions billing between `?` and `?`.
    static let renewingSoonSQL =
        "\(Subscription.selectSQL) WHERE isActive = 1 AND nextBillingDate BETWEEN ? AND ? ORDER BY nextBillingDate, localID"
    /// People whose name contains a phrase of three characters or more (`?` is an FTS5 phrase).
    static let searchPeopleSQL: String = {
        let columns = (["localID"] + Person.columns).map { "p.\($0)" }.joined(separator: ", ")
        return """
            SELECT \(columns) FROM financePersonSearch
            JOIN financePerson p ON p.localID = financePersonSearch.rowid
            WHERE financePersonSearch MATCH ? ORDER BY p.name, p.localID
            """
    }()
    /// People whose name starts with `?` (a LIKE pattern ending in `%`).
    static let searchPeopleByPrefixSQL = "\(Person.selectSQL) WHERE name LIKE ? ESCAPE '\\' ORDER BY name, localID"
    /// Unsettled expenses, oldest first.
    static let unsettledExpensesSQL = "\(StoredExpense.selectSQL) WHERE isSettled = 0 ORDER BY date, localID"
    /// Income, expenses and count of transactions dated in a range.
    static let monthTotalsSQL = """
        SELECT COALESCE(SUM(CASE WHEN amount > 0 THEN amount END), 0),
               COALESCE(SUM(CASE WHEN amount < 0 THEN -amount END), 0),
               COUNT(*)
        FROM financeTransaction WHERE date >= ? AND date < ?
        """
    /// Spending per category of transactions dated in a range.
    static let spendingByCategorySQL = """
        SELECT category, SUM(-amount) AS spent, COUNT(*) FROM financeTransaction
        WHERE date >= ? AND date < ? AND amount < 0
        GROUP BY category ORDER BY spent DESC, category
        """

    // MARK: People

    static let peopleByName = "ORDER BY name, localID"

    /// People whose name contains `text` (three characters or more, through the trigram index) or starts
    /// with it (one or two characters, through the name index), ignoring case.
    static func searchPeople(_ text: String, _ db: Database) throws -> [Person] {
        let query = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else { return [] }
        if query.count >= 3 {
            let phrase = "\"" + query.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            return try Row.fetchAll(db, sql: searchPeopleSQL, arguments: [phrase]).map(Person.init(row:))
        }
        return try Row.fetchAll(db, sql: searchPeopleByPrefixSQL, arguments: [likeEscaped(query) + "%"]).map(
            Person.init(row:))
    }

    static func likeEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
    }

    // MARK: Groups

    /// `groups` with their expenses, oldest expense first.
    static func withExpenses(_ groups: [Group], _ db: Database) throws -> [Group] {
        guard !groups.isEmpty else { return [] }
        var expenses: [UUID: [GroupExpense]] = [:]
        let placeholders = groups.map { _ in "?" }.joined(separator: ", ")
        let rows = try Row.fetchAll(
            db, sql: "\(StoredExpense.selectSQL) WHERE groupID IN (\(placeholders)) ORDER BY groupID, date, localID",
            arguments: StatementArguments(groups.map(\.id)))
        for row in rows {
            let stored = try StoredExpense(row: row)
            expenses[stored.groupID, default: []].append(stored.expense)
        }
        return groups.map { $0.with(expenses: expenses[$0.id] ?? []) }
    }

    // MARK: Statistics

    /// Income and expenses (positive) in cents, and the count, of transactions dated in `range`.
    static func totals(in range: Range<Date>, _ db: Database) throws -> (income: Int64, expenses: Int64, count: Int) {
        let row = try Row.fetchOne(
            db.cachedStatement(sql: monthTotalsSQL),
            arguments: [Milliseconds.from(range.lowerBound), Milliseconds.from(range.upperBound)])
        return (row?[0] ?? 0, row?[1] ?? 0, row?[2] ?? 0)
    }

    /// Spending per category in cents (positive) of transactions dated in `range`, largest first.
    static func spendingByCategory(in range: Range<Date>, _ db: Database) throws -> [CategorySpending] {
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: spendingByCategorySQL),
            arguments: [Milliseconds.from(range.lowerBound), Milliseconds.from(range.upperBound)])
        return try rows.map { row in
            CategorySpending(
                category: try ColumnCoding.enumValue(TransactionCategory.self, row[0], column: "category"),
                amount: MinorUnits.decimal(row[1]), transactionCount: row[2])
        }
    }

    /// The sum of active subscription prices in cents, per billing cycle.
    static func activePriceTotals(_ db: Database) throws -> [(BillingCycle, Int64)] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT billingCycle, SUM(price) FROM financeSubscription WHERE isActive = 1 GROUP BY billingCycle
                """
        ).map { row in
            (try ColumnCoding.enumValue(BillingCycle.self, row[0], column: "billing cycle"), row[1])
        }
    }
}
