import Foundation
import GRDB
import HearthCore
import HearthStore
import Testing

@testable import HearthFinance

/// The store's hot queries use an index, never a scan of a whole table (checked with EXPLAIN QUERY PLAN
/// on the exact statements the store runs).
@Suite struct QueryPlanTests {
    func plan(_ sql: String, _ arguments: StatementArguments) async throws -> [String] {
        let (store, _) = try makeStore()
        // A few rows and fresh statistics, so the planner decides as it would on a used database.
        let start = date(2025, 1, 1)
        let rows = (0..<200).map { (index: Int) -> Transaction in
            let amount: Decimal = index % 3 == 0 ? 5 : -5
            return Transaction(
                title: "T\(index)", amount: amount, date: start.addingTimeInterval(Double(index) * 3600),
                isRecurring: index % 10 == 0)
        }
        try await store.insertTransactions(rows)
        try await store.database.write { try $0.execute(sql: "ANALYZE") }
        return try await store.database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }
        }
    }

    func expectIndexed(
        _ sql: String, _ arguments: StatementArguments, using index: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let details = try await plan(sql, arguments)
        #expect(details.contains { $0.contains(index) }, "plan: \(details)", sourceLocation: sourceLocation)
        // A line like "SCAN financeTransaction" without an index would read every row.
        let fullScans = details.filter {
            $0.hasPrefix("SCAN ") && !$0.contains("USING") && !$0.contains("VIRTUAL TABLE")
        }
        #expect(fullScans.isEmpty, "full scan in plan: \(details)", sourceLocation: sourceLocation)
    }

    @Test func dateRangeAndCurrentMonthUseTheDateIndex() async throws {
        try await expectIndexed(FinanceQueries.transactionsInRangeSQL, [0, 1], using: "financeTransaction_date")
        try await expectIndexed(FinanceQueries.monthTotalsSQL, [0, 1], using: "financeTransaction_date")
        try await expectIndexed(FinanceQueries.spendingByCategorySQL, [0, 1], using: "financeTransaction_date")
    }

    @Test func recurringUsesItsPartialIndex() async throws {
        try await expectIndexed(FinanceQueries.recurringTransactionsSQL, [], using: "financeTransaction_recurring")
    }

    @Test func activeAndRenewingSubscriptionsUseThePartialIndex() async throws {
        try await expectIndexed(FinanceQueries.activeSubscriptionsSQL, [], using: "financeSubscription_active")
        try await expectIndexed(FinanceQueries.renewingSoonSQL, [0, 1], using: "financeSubscription_active")
    }

    @Test func nameSearchUsesTheTrigramIndexOrTheNameIndex() async throws {
        let trigram = try await plan(FinanceQueries.searchPeopleSQL, ["\"ali\""])
        // The MATCH runs in the trigram index ("M" in the index plan), and each hit is looked up by primary key.
        #expect(
            trigram.contains { $0.contains("financePersonSearch VIRTUAL TABLE INDEX") && $0.contains(":M") },
            "plan: \(trigram)")
        #expect(trigram.contains { $0.hasPrefix("SEARCH p USING INTEGER PRIMARY KEY") }, "plan: \(trigram)")
        #expect(!trigram.contains { $0.hasPrefix("SCAN p") }, "plan: \(trigram)")
        try await expectIndexed(FinanceQueries.searchPeopleByPrefixSQL, ["al%"], using: "financePerson_name")
    }

    @Test func unsettledExpensesUseThePartialIndex() async throws {
        let details = try await plan(FinanceQueries.unsettledExpensesSQL, [])
        #expect(details.contains { $0.contains("financeGroupExpense_unsettled") }, "plan: \(details)")
    }

    @Test func typedQueriesWithADateRangeAndPaginationUseTheDateIndex() async throws {
        let query = TransactionQuery().between(date(2025, 1, 1), and: date(2025, 2, 1)).inCategories([.food])
        let sql = try TransactionQuerySQL(query: query, after: nil)
        try await expectIndexed(sql.select(limit: 51), sql.arguments, using: "financeTransaction_date")
        let unfiltered = try TransactionQuerySQL(query: TransactionQuery(), after: nil)
        try await expectIndexed(unfiltered.select(limit: 51), unfiltered.arguments, using: "financeTransaction_date")
    }
}
