import Foundation
import HearthCore
import HearthStore
import HearthTestSupport
import Testing

@testable import HearthFinance

@Suite struct TransactionTests {
    func seed(_ store: FinancePersistenceService) async throws -> [Transaction] {
        let values = [
            Transaction(
                title: "Salary", subtitle: "ACME", amount: 3200, category: .income, date: date(2025, 3, 1, 9),
                isRecurring: true, tags: ["work"]),
            Transaction(
                title: "Groceries", subtitle: "Market", amount: Decimal(string: "-82.40")!, category: .food,
                date: date(2025, 3, 3), tags: ["home", "weekly"]),
            Transaction(
                title: "Coffee", subtitle: "Corner café", amount: Decimal(string: "-3.50")!, category: .food,
                date: date(2025, 3, 4)),
            Transaction(
                title: "Rent", amount: -1200, category: .bills, date: date(2025, 3, 5), isRecurring: true,
                tags: ["home"]),
            Transaction(
                title: "Train", amount: Decimal(string: "-12.00")!, category: .transportation, date: date(2025, 2, 27)),
            Transaction(
                title: "Refund", amount: Decimal(string: "19.99")!, category: .shopping, date: date(2025, 4, 2)),
        ]
        try await store.insertTransactions(values)
        return values
    }

    @Test func saveUpdateDeleteAndFetch() async throws {
        let (store, _) = try makeStore()
        let coffee = try await store.save(
            Transaction(title: " Coffee ", amount: -3, tags: [" morning ", "", "morning"]))
        #expect(coffee.title == "Coffee")
        #expect(coffee.tags == ["morning"])
        #expect(try await store.fetchTransaction(byID: coffee.id) == coffee)
        let updated = try await store.updateTransaction(coffee.with(amount: Decimal(string: "-3.20")!))
        #expect(try await store.fetchTransaction(byID: coffee.id)?.amount == Decimal(string: "-3.2")!)
        try await store.deleteTransaction(id: updated.id)
        #expect(try await store.fetchTransaction(byID: coffee.id) == nil)
        await expectError(.entityNotFound) { try await store.updateTransaction(coffee) }
        await expectError(.entityNotFound) { try await store.deleteTransaction(id: coffee.id) }
    }

    @Test func dateRangeCurrentMonthAndRecurring() async throws {
        let (store, _) = try makeStore(now: date(2025, 3, 15))
        _ = try await seed(store)
        #expect(
            try await store.fetchTransactions(inDateRange: date(2025, 3, 3)..<date(2025, 3, 5)).map(\.title) == [
                "Coffee", "Groceries",
            ])
        #expect(
            try await store.fetchCurrentMonthTransactions().map(\.title) == ["Rent", "Coffee", "Groceries", "Salary"])
        #expect(try await store.fetchRecurringTransactions().map(\.title) == ["Rent", "Salary"])
    }

    @Test func monthlyStatisticsComeFromSQL() async throws {
        let (store, _) = try makeStore(now: date(2025, 3, 15))
        _ = try await seed(store)
        #expect(try await store.calculateMonthlyIncome() == 3200)
        #expect(try await store.calculateMonthlyExpenses() == Decimal(string: "1285.90")!)
        let summary = try await store.monthSummary(containing: date(2025, 3, 20))
        #expect(summary.net == Decimal(string: "1914.10")!)
        #expect(summary.transactionCount == 4)
        #expect(
            try await store.spendingByCategory(inMonthContaining: date(2025, 3, 1)) == [
                CategorySpending(category: .bills, amount: 1200, transactionCount: 1),
                CategorySpending(category: .food, amount: Decimal(string: "85.90")!, transactionCount: 2),
            ])
        #expect(
            try await store.spendingByCategory(inMonthContaining: date(2025, 2, 1)) == [
                CategorySpending(category: .transportation, amount: 12, transactionCount: 1)
            ])
        #expect(try await store.spendingByCategory(inMonthContaining: date(2024, 1, 1)).isEmpty)
    }

    @Test func batchInsertIsAllOrNothing() async throws {
        let (store, _) = try makeStore()
        let good = (0..<50).map { Transaction(title: "Row \($0)", amount: -1, date: date(2025, 3, 1)) }
        #expect(try await store.insertTransactions(good) == 50)
        let bad = (0..<10).map { Transaction(title: "New \($0)", amount: $0 == 7 ? 0 : -1) }
        await expectError(.validationFailed, "Transaction 8 of 10: Transaction amount cannot be 0") {
            try await store.insertTransactions(bad)
        }
        let duplicate = [Transaction(title: "Fresh", amount: 1), good[3]]
        let error = await expectError(.saveFailed) { try await store.insertTransactions(duplicate) }
        #expect(error?.message.contains(good[3].id.uuidString) == true)
        #expect(try await store.countTransactions(matching: TransactionQuery()) == 50)
    }

    @Test func batchDeleteIsAllOrNothing() async throws {
        let (store, _) = try makeStore()
        let rows = (0..<20).map { Transaction(title: "Row \($0)", amount: 1) }
        try await store.insertTransactions(rows)
        let missing = UUID()
        await expectError(.entityNotFound) {
            try await store.deleteTransactions(ids: rows.prefix(5).map(\.id) + [missing])
        }
        #expect(try await store.countTransactions(matching: TransactionQuery()) == 20)
        #expect(try await store.deleteTransactions(ids: rows.prefix(5).map(\.id)) == 5)
        #expect(try await store.countTransactions(matching: TransactionQuery()) == 15)
    }

    @Test func typedQueriesCombineFilters() async throws {
        let (store, _) = try makeStore()
        _ = try await seed(store)
        func titles(_ query: TransactionQuery) async throws -> [String] {
            try await store.fetchTransactions(matching: query, page: PageRequest(size: 100)).items.map(\.title)
        }
        #expect(try await titles(TransactionQuery().inCategories([.food])) == ["Coffee", "Groceries"])
        #expect(try await titles(TransactionQuery().tagged(["home"])) == ["Rent", "Groceries"])
        #expect(try await titles(TransactionQuery().tagged(["week"])) == [])
        #expect(try await titles(TransactionQuery().matching("corner")) == ["Coffee"])
        #expect(try await titles(TransactionQuery().matching("100%")) == [])
        #expect(try await titles(TransactionQuery().matching("CORNER")) == ["Coffee"])
        #expect(try await titles(TransactionQuery().amount(in: -100...(-3.5))) == ["Coffee", "Groceries", "Train"])
        // Bounds between two cents include only the whole cents inside them.
        #expect(
            try await titles(TransactionQuery().amount(in: Decimal(string: "-82.399")!...Decimal(string: "-3.001")!))
                == ["Coffee", "Train"])
        #expect(
            try await titles(TransactionQuery().recurring(true).sorted(by: .amountAscending)) == ["Rent", "Salary"])
        #expect(
            try await titles(
                TransactionQuery().between(date(2025, 3, 1), and: date(2025, 4, 1)).sorted(by: .titleAscending))
                == ["Coffee", "Groceries", "Rent", "Salary"])
        #expect(try await titles(TransactionQuery().sorted(by: .amountDescending)).first == "Salary")
        #expect(try await store.countTransactions(matching: TransactionQuery().inCategories([.food, .bills])) == 3)
    }

    @Test(arguments: TransactionQuery.Sort.allCases)
    func pagesCoverEveryRowOnceInOrder(sort: TransactionQuery.Sort) async throws {
        let (store, _) = try makeStore()
        var generator = SeededGenerator(seed: 7)
        let rows = (0..<137).map { index in
            Transaction(
                title: "T\(Int.random(in: 0..<20, using: &generator))",
                amount: Decimal(Int.random(in: -50...50, using: &generator) * 2 + 1),
                date: date(2025, 1, 1).addingTimeInterval(Double(Int.random(in: 0..<30, using: &generator)) * 86_400))
        }
        try await store.insertTransactions(rows)
        let query = TransactionQuery().sorted(by: sort)
        var seen: [Transaction] = []
        var cursor: String?
        repeat {
            let page = try await store.fetchTransactions(matching: query, page: PageRequest(size: 10, after: cursor))
            #expect(page.items.count <= 10)
            seen += page.items
            cursor = page.nextCursor
        } while cursor != nil
        #expect(seen.count == 137)
        #expect(Set(seen.map(\.id)).count == 137)
        let all = try await store.fetchTransactions(matching: query, page: PageRequest(size: 1000)).items
        #expect(seen == all)
        let keys: [Bool] = zip(all, all.dropFirst()).map { a, b in
            switch sort {
            case .dateAscending: a.date <= b.date
            case .dateDescending: a.date >= b.date
            case .amountAscending: a.amount <= b.amount
            case .amountDescending: a.amount >= b.amount
            case .titleAscending: a.title.lowercased() <= b.title.lowercased()
            }
        }
        #expect(keys.allSatisfy { $0 })
    }

    @Test func aCursorBelongsToItsSortOrder() async throws {
        let (store, _) = try makeStore()
        try await store.insertTransactions((0..<3).map { Transaction(title: "T\($0)", amount: 1) })
        let first = try await store.fetchTransactions(matching: TransactionQuery(), page: PageRequest(size: 1))
        let cursor = try #require(first.nextCursor)
        await expectError(.validationFailed) {
            _ = try await store.fetchTransactions(
                matching: TransactionQuery().sorted(by: .amountAscending), page: PageRequest(size: 1, after: cursor))
        }
        await expectError(.validationFailed) {
            _ = try await store.fetchTransactions(
                matching: TransactionQuery(), page: PageRequest(size: 1, after: "garbage!"))
        }
    }

    @Test func pagesStayStableWhenRowsAreAddedMeanwhile() async throws {
        let (store, _) = try makeStore()
        try await store.insertTransactions(
            (0..<6).map { Transaction(title: "Old \($0)", amount: 1, date: date(2025, 1, 1 + $0)) })
        let first = try await store.fetchTransactions(matching: TransactionQuery(), page: PageRequest(size: 3))
        try await store.save(Transaction(title: "Newest", amount: 1, date: date(2025, 2, 1)))
        let second = try await store.fetchTransactions(
            matching: TransactionQuery(), page: PageRequest(size: 3, after: first.nextCursor))
        #expect(first.items.map(\.title) == ["Old 5", "Old 4", "Old 3"])
        #expect(second.items.map(\.title) == ["Old 2", "Old 1", "Old 0"])
    }

    @Test func textSearchIgnoresCaseAndAccentsInEveryScript() async throws {
        let (store, _) = try makeStore()
        try await store.insertTransactions([
            Transaction(title: "Café Zürich", subtitle: "Frühstück", amount: -12, date: date(2025, 3, 1)),
            Transaction(title: "Привет", subtitle: "ПОДАРОК", amount: -5, date: date(2025, 3, 2)),
            Transaction(title: "Tea", amount: -2, date: date(2025, 3, 3)),
        ])
        func titles(_ text: String) async throws -> [String] {
            try await store.fetchTransactions(
                matching: TransactionQuery().matching(text).sorted(by: .dateAscending), page: PageRequest(size: 10)
            ).items.map(\.title)
        }
        #expect(try await titles("cafe zurich") == ["Café Zürich"])
        #expect(try await titles("FRUHSTUCK") == ["Café Zürich"])
        #expect(try await titles("привет") == ["Привет"])
        #expect(try await titles("подарок") == ["Привет"])
        #expect(try await titles("e") == ["Café Zürich", "Tea"])
        #expect(try await titles("kaffee") == [])
        #expect(try await store.countTransactions(matching: TransactionQuery().matching("ZÜRICH")) == 1)
    }
}
