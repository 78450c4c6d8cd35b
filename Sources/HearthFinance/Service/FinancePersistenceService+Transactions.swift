public import Foundation
import GRDB
import HearthCore

extension FinancePersistenceService {
    @discardableResult
    public func save(_ transaction: Transaction) async throws -> Transaction {
        try await write("Save transaction \(transaction.title)") { try $0.save(transaction) }
    }

    nonisolated public func fetchTransaction(byID id: UUID) async throws -> Transaction? {
        try await read { try FinanceQueries.one(Transaction.self, id: id, $0) }
    }

    @discardableResult
    public func updateTransaction(_ transaction: Transaction) async throws -> Transaction {
        try await write("Update transaction \(transaction.title)", .update) { try $0.updateTransaction(transaction) }
    }

    public func deleteTransaction(id: UUID) async throws {
        try await write("Delete transaction", .delete) { try $0.deleteTransaction(id: id) }
    }

    nonisolated public func fetchTransactions(inDateRange range: Range<Date>) async throws -> [Transaction] {
        let arguments: StatementArguments = [Milliseconds.from(range.lowerBound), Milliseconds.from(range.upperBound)]
        return try await read {
            try FinanceQueries.transactions($0, FinanceQueries.transactionsInRangeSQL, arguments)
        }
    }

    nonisolated public func fetchCurrentMonthTransactions() async throws -> [Transaction] {
        try await fetchTransactions(inDateRange: try month(containing: currentDate()))
    }

    nonisolated public func fetchRecurringTransactions() async throws -> [Transaction] {
        try await read { try FinanceQueries.transactions($0, FinanceQueries.recurringTransactionsSQL, []) }
    }

    @discardableResult
    public func insertTransactions(_ transactions: [Transaction]) async throws -> Int {
        try await write("Insert \(transactions.count) transactions") { try $0.insertTransactions(transactions) }
    }

    @discardableResult
    public func deleteTransactions(ids: [UUID]) async throws -> Int {
        try await write("Delete \(Set(ids).count) transactions", .delete) { try $0.deleteTransactions(ids: ids) }
    }

    nonisolated public func fetchTransactions(matching query: TransactionQuery, page: PageRequest) async throws
        -> TransactionPage
    {
        let sql = try TransactionQuerySQL(query: query, after: page.after)
        let size = page.size
        return try await read { db in
            let rows = try Row.fetchAll(db.cachedStatement(sql: sql.select(limit: size + 1)), arguments: sql.arguments)
            let pageRows = rows.prefix(size)
            let items = try pageRows.map(Transaction.init(row:))
            let next = rows.count > size ? pageRows.last.map(sql.cursor(after:)) : nil
            return TransactionPage(items: items, nextCursor: next)
        }
    }

    nonisolated public func countTransactions(matching query: TransactionQuery) async throws -> Int {
        let sql = try TransactionQuerySQL(query: query, after: nil)
        return try await read { db in
            try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM financeTransaction \(sql.whereClause)", arguments: sql.arguments) ?? 0
        }
    }

    // MARK: Statistics

    nonisolated public func calculateMonthlyIncome() async throws -> Decimal {
        try await monthSummary(containing: currentDate()).income
    }

    nonisolated public func calculateMonthlyExpenses() async throws -> Decimal {
        try await monthSummary(containing: currentDate()).expenses
    }

    nonisolated public func monthSummary(containing date: Date) async throws -> MonthSummary {
        let range = try month(containing: date)
        let totals = try await read { try FinanceQueries.totals(in: range, $0) }
        return MonthSummary(
            month: DateInterval(start: range.lowerBound, end: range.upperBound),
            income: MinorUnits.decimal(totals.income), expenses: MinorUnits.decimal(totals.expenses),
            transactionCount: totals.count)
    }

    nonisolated public func spendingByCategory(inMonthContaining date: Date) async throws -> [CategorySpending] {
        let range = try month(containing: date)
        return try await read { try FinanceQueries.spendingByCategory(in: range, $0) }
    }
}

/// A ``TransactionQuery`` as SQL: the WHERE clause, its arguments, the order, and keyset pagination.
///
/// Pages continue after the last row's sort value and `localID`, so a page costs the same wherever it is,
/// and rows inserted meanwhile never shift later pages.
struct TransactionQuerySQL {
    let query: TransactionQuery
    private(set) var conditions: [String] = []
    private(set) var arguments = StatementArguments()

    init(query: TransactionQuery, after cursor: String?) throws {
        self.query = query
        if let range = query.dateRange {
            conditions.append("date >= ? AND date < ?")
            arguments += [Milliseconds.from(range.lowerBound), Milliseconds.from(range.upperBound)]
        }
        if !query.categories.isEmpty {
            let names = query.categories.map(\.rawValue).sorted()
            conditions.append("category IN (\(names.map { _ in "?" }.joined(separator: ", ")))")
            arguments += StatementArguments(names)
        }
        if !query.tags.isEmpty {
            let tags = query.tags.sorted()
            conditions.append("(" + tags.map { _ in "instr(tags, ?) > 0" }.joined(separator: " OR ") + ")")
            arguments += StatementArguments(tags.map { ";\($0);" })
        }
        if let text = query.text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty {
            let needle = TextSearch.fold(text)
            conditions.append("(hearth_contains(title, ?) OR hearth_contains(subtitle, ?))")
            arguments += [needle, needle]
        }
        if let range = query.amountRange {
            // Bounds between two cents include only the whole cents inside them.
            conditions.append("amount BETWEEN ? AND ?")
            arguments += [Self.cents(range.lowerBound, .up), Self.cents(range.upperBound, .down)]
        }
        if let isRecurring = query.isRecurring {
            conditions.append("isRecurring = ?")
            arguments += [isRecurring]
        }
        if let cursor {
            let position = try Self.decode(cursor, sort: query.sort)
            conditions.append("(\(sortColumn), localID) \(ascending ? ">" : "<") (?, ?)")
            arguments += [position.value, position.localID]
        }
    }

    var whereClause: String { conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ") }

    private var sortColumn: String {
        switch query.sort {
        case .dateAscending, .dateDescending: "date"
        case .amountAscending, .amountDescending: "amount"
        case .titleAscending: "title"
        }
    }

    private var ascending: Bool {
        switch query.sort {
        case .dateAscending, .amountAscending, .titleAscending: true
        case .dateDescending, .amountDescending: false
        }
    }

    func select(limit: Int) -> String {
        let direction = ascending ? "ASC" : "DESC"
        return
            "\(Transaction.selectSQL) \(whereClause) ORDER BY \(sortColumn) \(direction), localID \(direction) LIMIT \(limit)"
    }

    /// The cursor that continues after `row` (selected as ``Transaction/selectSQL``).
    func cursor(after row: Row) -> String {
        let value: String
        switch query.sort {
        case .dateAscending, .dateDescending: value = String(row[6] as Int64)
        case .amountAscending, .amountDescending: value = String(row[4] as Int64)
        case .titleAscending: value = Data((row[2] as String).utf8).base64EncodedString()
        }
        let localID: Int64 = row[0]
        let text = "\(query.sort.rawValue)|\(value)|\(localID)"
        return Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func decode(_ cursor: String, sort: TransactionQuery.Sort) throws -> (
        value: any DatabaseValueConvertible, localID: Int64
    ) {
        let invalid = PersistenceError.validationFailed(
            "The page cursor \"\(cursor)\" does not belong to this query; start again from the first page")
        var base64 = cursor.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else {
            throw invalid
        }
        let parts = text.split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == sort.rawValue, let localID = Int64(parts[2]) else { throw invalid }
        switch sort {
        case .dateAscending, .dateDescending, .amountAscending, .amountDescending:
            guard let value = Int64(parts[1]) else { throw invalid }
            return (value, localID)
        case .titleAscending:
            guard let data = Data(base64Encoded: String(parts[1])), let title = String(data: data, encoding: .utf8)
            else { throw invalid }
            return (title, localID)
        }
    }

    private static func cents(_ value: Decimal, _ mode: NSDecimalNumber.RoundingMode) -> Int64 {
        let limit = MinorUnits.limit * 100
        var scaled = min(max(value * 100, -limit), limit)
        var whole = Decimal()
        NSDecimalRound(&whole, &scaled, 0, mode)
        return NSDecimalNumber(decimal: whole).int64Value
    }
}
