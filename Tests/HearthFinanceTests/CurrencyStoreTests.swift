import Foundation
import GRDB
import HearthStore
import HearthTestSupport
import Testing

@testable import HearthFinance

/// Currencies in the store: the book currency, currencies on values, the migration, conversions.
@Suite struct CurrencyStoreTests {
    let usd = try! CurrencyCode("USD")
    let gbp = try! CurrencyCode("GBP")
    let jpy = try! CurrencyCode("JPY")

    /// A store on 2 November 2026 at noon UTC holding the fixture's rates.
    func storeWithRates() async throws -> FinancePersistenceService {
        let (store, _) = try makeStore(now: date(2026, 11, 2, 12))
        try await store.importECBRates(from: ExchangeRateImportTests.fixture)
        return store
    }

    @Test func theBookCurrencyIsEuroUntilSet() async throws {
        let (store, _) = try makeStore()
        #expect(try await store.bookCurrency() == .euro)
        try await store.setBookCurrency(usd)
        #expect(try await store.bookCurrency() == usd)
        #expect(try await store.holdsOtherCurrencies() == false)
    }

    @Test func valuesKeepTheirCurrencyAndValuesWithoutOneStayWithout() async throws {
        let (store, _) = try makeStore()
        let plain = try await store.save(Transaction(title: "Coffee", amount: -3, date: date(2026, 11, 2)))
        let dollars = try await store.save(
            Transaction(title: "Books", amount: Decimal(string: "-24.99")!, date: date(2026, 11, 2), currency: usd))
        #expect(try await store.fetchTransaction(byID: plain.id)?.currency == nil)
        #expect(try await store.fetchTransaction(byID: dollars.id)?.currency == usd)
        let subscription = try await store.save(
            Subscription(
                name: "Paper", price: Decimal(string: "9.99")!, nextBillingDate: date(2026, 11, 5), currency: gbp))
        #expect(try await store.fetchAllSubscriptions().first { $0.id == subscription.id }?.currency == gbp)
        #expect(try await store.holdsOtherCurrencies())
        // Updating another field keeps the currency.
        let renamed = try await store.updateTransaction(dollars.with(title: "Novels"))
        #expect(renamed.currency == usd)
        // A transaction without a currency encodes exactly as before currencies existed.
        let json = String(decoding: try FinanceCoding.encoder().encode(plain), as: UTF8.self)
        #expect(!json.contains("currency"))
        #expect(
            String(decoding: try FinanceCoding.encoder().encode(dollars), as: UTF8.self).contains(#""currency":"USD""#))
    }

    @Test func amountsFinerThanTheCurrencyAllowsAreRefused() async throws {
        let (store, _) = try makeStore()
        await expectError(.validationFailed) {
            _ = try await store.save(Transaction(title: "Ramen", amount: Decimal(string: "-980.5")!, currency: jpy))
        }
        let ramen = try await store.save(Transaction(title: "Ramen", amount: -980, currency: jpy))
        #expect(ramen.amount == -980)
        let error = await expectError(.validationFailed) {
            _ = try await store.save(
                Subscription(
                    name: "Anime", price: Decimal(string: "1.5")!, nextBillingDate: date(2026, 1, 1), currency: jpy))
        }
        #expect(error?.message.contains("JPY") == true)
    }

    @Test func aDatabaseFromBeforeCurrenciesKeepsItsRowsInTheBookCurrency() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-currency-migration")
        let url = folder.file("finance.sqlite")
        do {
            // The schema as it was before currencies: every migration up to budgets.
            let queue = try DatabaseQueue(path: url.path)
            var migrator = DatabaseMigrator()
            FinanceSchema.registerMigrations(in: &migrator)
            try migrator.migrate(queue, upTo: "finance.v3.budgets")
            try await queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO financeTransaction (id, title, subtitle, amount, category, date, isRecurring, tags, updatedAt)
                        VALUES (?, 'Rent', '', -90000, 'Bills & Utilities', 1793577600000, 1, '', 1793577600000)
                        """, arguments: [id(1)])
            }
            try queue.close()
        }
        let store = try FinancePersistenceService.open(at: url, calendar: calendar())
        let rent = try #require(try await store.fetchTransaction(byID: id(1)))
        #expect(rent.currency == nil && rent.amount == -900)
        #expect(try await store.bookCurrency() == .euro)
        // Declaring the book currency is all a single-currency user needs: rows follow it.
        try await store.setBookCurrency(usd)
        #expect(try await store.holdsOtherCurrencies() == false)
        #expect(try await store.monthSummary(containing: date(2026, 11, 15)).expenses == 900)
    }

    @Test func aMonthInAnotherCurrencyWorkedByHand() async throws {
        let store = try await storeWithRates()
        // The book is in EUR.
        try await store.save(Transaction(title: "Salary", amount: 3000, category: .income, date: date(2026, 11, 2, 9)))
        try await store.save(
            Transaction(
                title: "Lunch", amount: Decimal(string: "-45.50")!, category: .food, date: date(2026, 11, 1, 13),
                currency: usd))
        try await store.save(
            Transaction(
                title: "Train", amount: -12_000, category: .transportation, date: date(2026, 11, 2, 8), currency: jpy))
        // October is outside the month.
        try await store.save(Transaction(title: "Old", amount: -60, category: .food, date: date(2026, 10, 30)))
        try await store.save(
            Subscription(
                name: "Paper", price: Decimal(string: "9.99")!, nextBillingDate: date(2026, 11, 20), currency: gbp))

        let month = try await store.convertedMonth(containing: date(2026, 11, 2, 12), into: usd)
        // Salary 3000 EUR × 1.0832 = 3249.60 USD
        #expect(month.summary.income == Decimal(string: "3249.60")!)
        // Lunch is in USD already: 45.50. Train −12000 JPY × 1.0832 ÷ 162.43 = −80.0246… → 80.02.
        // Expenses 45.50 + 80.02 = 125.52, net 3249.60 − 125.52 = 3124.08.
        #expect(month.summary.expenses == Decimal(string: "125.52")!)
        #expect(month.summary.net == Decimal(string: "3124.08")!)
        #expect(month.summary.transactionCount == 3)
        #expect(
            month.spendingByCategory == [
                CategorySpending(category: .transportation, amount: Decimal(string: "80.02")!, transactionCount: 1),
                CategorySpending(category: .food, amount: Decimal(string: "45.50")!, transactionCount: 1),
            ])
        // Paper 9.99 GBP a month, at today's rates: 9.99 × 1.0832 ÷ 0.8412 = 12.8639… → 12.86 USD.
        #expect(month.monthlySubscriptionCost == Decimal(string: "12.86")!)
        #expect(month.ratesDay.description == "2026-11-02")
        #expect(month.currency == usd)

        // In the book currency the same month sums converted lines: Lunch on Sunday 1 November uses
        // Friday's 1.0866: 45.50 ÷ 1.0866 = 41.8737… → 41.87; Train −12000 ÷ 162.43 = −73.8780… → 73.88.
        let euros = try await store.convertedMonth(containing: date(2026, 11, 2, 12), into: .euro)
        #expect(euros.summary.income == 3000)
        #expect(euros.summary.expenses == Decimal(string: "115.75")!)
    }

    @Test func aMissingRateNamesTheCurrencyAndDay() async throws {
        let store = try await storeWithRates()
        try await store.save(
            Transaction(title: "Later", amount: -10, date: date(2026, 11, 30), currency: try CurrencyCode("CHF")))
        let error = await expectError(.validationFailed) {
            _ = try await store.convertedMonth(containing: date(2026, 11, 30), into: .euro)
        }
        #expect(error?.message.contains("No CHF exchange rate for 2026-11-30") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("hearth finance rates add --day 2026-11-30 CHF") == true)
    }

    @Test func groupBalancesConvertEachExpenseOnItsOwnDay() async throws {
        let store = try await storeWithRates()
        let ada = try await store.save(Person(name: "Ada"))
        let bo = try await store.save(Person(name: "Bo"))
        let trip = try await store.save(Group(name: "Trip", emoji: "🧳", members: [ada.id, bo.id]))
        // Ada paid 100 USD on Friday 30 October, split evenly; Bo paid 30 EUR on 2 November, split evenly.
        try await store.save(
            GroupExpense(
                title: "Hotel", amount: 100, paidBy: ada.id, splitBetween: [ada.id, bo.id], date: date(2026, 10, 30),
                currency: usd), forGroup: trip.id)
        try await store.save(
            GroupExpense(
                title: "Dinner", amount: 30, paidBy: bo.id, splitBetween: [ada.id, bo.id], date: date(2026, 11, 2)),
            forGroup: trip.id)
        let group = try #require(try await store.fetchGroup(byID: trip.id))
        let euros = try await store.converted(group, into: .euro)
        // Hotel: 100 ÷ 1.0866 = 92.0301… → 92.03 EUR, split evenly into cents as 46.02 (Ada, first) and
        // 46.01 (Bo). Dinner: 30 EUR, 15 each. Ada paid 92.03 and owes 46.02 + 15: +31.01; Bo −31.01.
        #expect(euros.expenses.map(\.amount) == [Decimal(string: "92.03")!, 30])
        let balances = GroupBalances(group: euros)
        let adaBalance = try #require(balances.entries.first { $0.person == ada.id }).balance
        let boBalance = try #require(balances.entries.first { $0.person == bo.id }).balance
        #expect(adaBalance == -boBalance)
        #expect(adaBalance == Decimal(string: "31.01")!)
        #expect(euros.expenses.allSatisfy { $0.currency == .euro })
    }

    @Test func theReportConvertsLikeTheSummary() async throws {
        let store = try await storeWithRates()
        try await store.save(Transaction(title: "Salary", amount: 3000, category: .income, date: date(2026, 11, 2, 9)))
        try await store.save(
            Transaction(
                title: "Train", amount: -12_000, category: .transportation, date: date(2026, 11, 2, 8), currency: jpy))
        try await store.save(Transaction(title: "Old", amount: -60, category: .food, date: date(2026, 10, 30)))
        var reports = FinanceReportService(store: store, deterministic: true)
        reports.currency = usd
        let summary = try await reports.summary(for: .month(FinanceMonth("2026-11")!))
        // As in the month worked above: 3249.60 in, 80.02 out.
        #expect(summary.income == Decimal(string: "3249.60")! && summary.expenses == Decimal(string: "80.02")!)
        // October's 60 EUR on Friday 30 October: 60 × 1.0866 = 65.196 → 65.20 USD.
        #expect(summary.categories.first { $0.category == .food }?.previous == Decimal(string: "65.20")!)
        #expect(summary.trend.last?.expenses == Decimal(string: "80.02")!)
        #expect(summary.currency == usd)
        let json = String(decoding: try FinanceCoding.encoder().encode(summary), as: UTF8.self)
        #expect(json.contains(#""currency":"USD""#))
    }

    @Test func currenciesSurviveTheJSONExportAndImport() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-currency-export")
        let (store, _) = try makeStore()
        let ada = try await store.save(Person(name: "Ada"))
        let group = try await store.save(Group(name: "Trip", emoji: "🧳", members: [ada.id]))
        try await store.save(Transaction(title: "Plain", amount: -1, date: date(2026, 11, 2)))
        try await store.save(Transaction(title: "Yen", amount: -500, date: date(2026, 11, 2), currency: jpy))
        try await store.save(Subscription(name: "Paper", price: 9, nextBillingDate: date(2026, 12, 1), currency: gbp))
        try await store.save(
            GroupExpense(title: "Taxi", amount: 20, paidBy: ada.id, splitBetween: [ada.id], currency: usd),
            forGroup: group.id)
        let file = folder.file("finance.json")
        try await store.exportJSON(to: file)
        let (copy, _) = try makeStore()
        try await copy.importJSON(from: file)
        #expect(try await snapshot(copy) == (try await snapshot(store)))
        let transactions = try await snapshot(copy).transactions
        #expect(transactions.map(\.currency) == [nil, jpy])
        #expect(try await copy.fetchAllGroups().first?.expenses.first?.currency == usd)
        #expect(try await copy.fetchAllSubscriptions().first?.currency == gbp)
    }
}
