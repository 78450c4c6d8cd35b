import Foundation
import HearthCore
import HearthFinance
import HearthReports
import HearthSync
import HearthTestSupport
import Testing

@testable import HearthWeb

/// The finance pages' data against a real server, a device with a real finance database syncing over HTTP.
@Suite struct FinanceRecordsTests {
    static let now = WebRecordsHarness.now

    struct Seeded {
        var ana: Person
        var ben: Person
        var cy: Person
        var trip: Group
    }

    static func day(_ text: String) -> Date {
        FinanceParsing.date(text, calendar: FinancePersistenceService.defaultCalendar)!
    }

    /// Three people, a group with uneven expenses, transactions over two months, and subscriptions.
    static func seed(_ store: FinancePersistenceService) async throws -> Seeded {
        let ana = try await store.save(Person(name: "Ana"))
        let ben = try await store.save(Person(name: "Ben"))
        let cy = try await store.save(Person(name: "Cy"))
        let trip = try await store.save(Group(name: "Lisbon trip", members: [ana.id, ben.id, cy.id]))
        _ = try await store.save(
            GroupExpense(
                title: "Flat", amount: 300, paidBy: ana.id, splitBetween: [ana.id, ben.id, cy.id],
                date: day("2026-03-02")), forGroup: trip.id)
        _ = try await store.save(
            GroupExpense(
                title: "Dinner", amount: Decimal(string: "90.50")!, paidBy: ben.id, splitBetween: [ben.id, cy.id],
                split: .exactAmounts([ben.id: Decimal(string: "40.50")!, cy.id: 50]), date: day("2026-03-03")),
            forGroup: trip.id)
        let rows: [(String, String, TransactionCategory, String)] = [
            ("Salary", "3200", .income, "2026-03-01"), ("Rent", "-900", .bills, "2026-03-02"),
            ("Coffee beans", "-14.20", .food, "2026-03-05"),
            ("Coffee shop", "-4.80", .food, "2026-03-09"), ("Train", "-32.00", .transportation, "2026-03-10"),
            ("Groceries", "-81.35", .food, "2026-02-20"),
            ("Coffee again", "-5.10", .food, "2026-02-21"), ("Cinema", "-12.00", .entertainment, "2026-01-15"),
        ]
        for (title, amount, category, date) in rows {
            _ = try await store.save(
                Transaction(title: title, amount: Decimal(string: amount)!, category: category, date: day(date)))
        }
        _ = try await store.save(
            Subscription(name: "Music", price: Decimal(string: "10.99")!, nextBillingDate: day("2026-03-18")))
        _ = try await store.save(
            Subscription(
                name: "Cloud", price: Decimal(string: "99.00")!, billingCycle: .yearly,
                nextBillingDate: day("2026-09-01")))
        _ = try await store.save(
            Subscription(name: "Paused", price: 5, nextBillingDate: day("2026-04-01"), isActive: false))
        return Seeded(ana: ana, ben: ben, cy: cy, trip: trip)
    }

    static func records(_ harness: WebRecordsHarness) -> FinanceRecords {
        FinanceRecords(store: harness.store, now: { now })
    }

    @Test func theReadModelHasTheDevicesFigures() async throws {
        let harness = try await WebRecordsHarness.start()
        defer { Task { await harness.stop() } }
        let device = try await harness.financeDevice("reader@example.com")
        let seeded = try await Self.seed(device.store)
        try await device.sync()
        let finance = Self.records(harness)

        let overview = try await finance.overview(userID: device.userID, now: Self.now)
        #expect(overview.month == (try await device.store.monthSummary(containing: Self.now)))
        #expect(overview.month.income == 3200)
        #expect(overview.month.expenses == Decimal(string: "951.00")!)
        #expect(overview.monthlySubscriptionCost == (try await device.store.calculateTotalMonthlyCost()))
        #expect(overview.monthlySubscriptionCost == Decimal(string: "10.99")! + Decimal(string: "99.00")! / 12)
        #expect(overview.spendingByCategory == (try await device.store.spendingByCategory(inMonthContaining: Self.now)))
        #expect(overview.renewingSoon == (try await device.store.fetchSubscriptionsRenewingSoon(days: 7)))
        #expect(overview.renewingSoon.map(\.name) == ["Music"])
        #expect(
            Dictionary(uniqueKeysWithValues: overview.subscriptions.map { ($0.subscription.name, $0.monthlyCost) })[
                "Paused"] == 0)

        let deviceTrip = try #require(try await device.store.fetchGroup(byID: seeded.trip.id))
        let balances = GroupBalances(group: deviceTrip)
        let trip = try #require(overview.groups.first { $0.group.id == seeded.trip.id })
        #expect(trip.group == deviceTrip)
        #expect(trip.balances.map(\.person) == balances.entries.map(\.person))
        #expect(trip.balances.map(\.balance) == balances.entries.map(\.balance))
        #expect(trip.balances.first { $0.name == "Ana" }?.balance == 200)
        #expect(trip.suggestedPayments.map(\.amount) == balances.suggestedReimbursements().map(\.amount))
        #expect(trip.suggestedPayments.allSatisfy { $0.toName == "Ana" || $0.toName == "Ben" })

        // Search and paging: the CLI's query, a page at a time.
        var query = TransactionQuery()
        query.text = "coffee"
        let first = try await finance.transactions(
            userID: device.userID, query: query, page: PageRequest(size: 2), now: Self.now)
        #expect(first == (try await device.store.fetchTransactions(matching: query, page: PageRequest(size: 2))))
        #expect(first.items.map(\.title) == ["Coffee shop", "Coffee beans"])
        let next = try await finance.transactions(
            userID: device.userID, query: query, page: PageRequest(size: 2, after: first.nextCursor), now: Self.now)
        #expect(next.items.map(\.title) == ["Coffee again"])
        #expect(next.nextCursor == nil)

        // Six months of spending, this month's bars the summary's figures.
        #expect(overview.spendingChart.months == ["2025-10", "2025-11", "2025-12", "2026-01", "2026-02", "2026-03"])
        let food = try #require(
            overview.spendingChart.chart.series.first { $0.name == TransactionCategory.food.displayName })
        #expect(food.points.last?.value == 19.0)
        #expect(overview.spendingChart.svg.contains("<rect"))
    }

    @Test func pageWritesReachTheDeviceAndMerge() async throws {
        let harness = try await WebRecordsHarness.start()
        defer { Task { await harness.stop() } }
        let device = try await harness.financeDevice("writer@example.com")
        let seeded = try await Self.seed(device.store)
        try await device.sync()
        let finance = Self.records(harness)
        let before = try await finance.overview(userID: device.userID, now: Self.now)

        let added = try await finance.addTransaction(
            FinanceTransactionForm(
                title: "Bookshop", amount: "-23.40", date: "2026-03-14", category: "Shopping", tags: ["gift"]),
            userID: device.userID, now: Self.now)
        let expense = try await finance.addGroupExpense(
            FinanceExpenseForm(
                groupID: seeded.trip.id, title: "Museum", amount: "45", paidBy: seeded.cy.id,
                splitBetween: [seeded.ana.id, seeded.cy.id]),
            userID: device.userID, now: Self.now)
        // Meanwhile the device renames the group (a concurrent edit of the same record).
        _ = try await device.store.save(seeded.trip.with(name: "Lisbon & Porto"))
        try await device.sync()

        #expect(try await device.store.fetchTransaction(byID: added.id)?.title == "Bookshop")
        let trip = try #require(try await device.store.fetchGroup(byID: seeded.trip.id))
        #expect(trip.name == "Lisbon & Porto")
        #expect(trip.expenses.contains { $0.id == expense.id && $0.amount == 45 })
        let overview = try await finance.overview(userID: device.userID, now: Self.now)
        #expect(overview.month.expenses == before.month.expenses + Decimal(string: "23.40")!)
        #expect(overview.month == (try await device.store.monthSummary(containing: Self.now)))
        let pageTrip = try #require(overview.groups.first { $0.group.id == seeded.trip.id })
        #expect(pageTrip.group.name == "Lisbon & Porto")
        #expect(pageTrip.balances.map(\.balance) == GroupBalances(group: trip).entries.map(\.balance))
    }

    @Test func badInputIsRefusedByFieldAndWritesNothing() async throws {
        let harness = try await WebRecordsHarness.start()
        defer { Task { await harness.stop() } }
        let device = try await harness.financeDevice("careless@example.com")
        let seeded = try await Self.seed(device.store)
        try await device.sync()
        let finance = Self.records(harness)
        let before = try await finance.overview(userID: device.userID, now: Self.now)

        let transactions: [(FinanceTransactionForm, String)] = [
            (FinanceTransactionForm(title: "", amount: "-3"), "title"),
            (FinanceTransactionForm(title: "Tea", amount: "12,50"), "amount"),
            (FinanceTransactionForm(title: "Tea", amount: "0"), "amount"),
            (FinanceTransactionForm(title: "Tea", amount: String(repeating: "9", count: 100_000)), "amount"),
            (FinanceTransactionForm(title: "Tea", amount: "-3", date: "yesterday"), "date"),
            (FinanceTransactionForm(title: "Tea", amount: "-3", category: "Snacks"), "category"),
            (FinanceTransactionForm(title: String(repeating: "t", count: 501), amount: "-3"), "title"),
            (FinanceTransactionForm(title: "Tea", amount: "-3.001"), "amount"),
        ]
        for (form, field) in transactions {
            let error = await #expect(throws: ServiceError.self) {
                try await finance.addTransaction(form, userID: device.userID, now: Self.now)
            }
            #expect(error?.code == .validationFailed)
            #expect(error?.message.lowercased().contains(field) == true, "\(error?.message ?? "") names \(field)")
        }
        let stranger = UUID()
        let expenses: [(FinanceExpenseForm, String)] = [
            (
                FinanceExpenseForm(
                    groupID: seeded.trip.id, title: "Taxi", amount: "-5", paidBy: seeded.ana.id,
                    splitBetween: [seeded.ana.id]), "amount"
            ),
            (
                FinanceExpenseForm(
                    groupID: seeded.trip.id, title: "Taxi", amount: "5", paidBy: stranger, splitBetween: [seeded.ana.id]
                ), "paidBy"
            ),
            (
                FinanceExpenseForm(
                    groupID: seeded.trip.id, title: "Taxi", amount: "5", paidBy: seeded.ana.id, splitBetween: []),
                "splitBetween"
            ),
            (
                FinanceExpenseForm(
                    groupID: seeded.trip.id, title: "Taxi", amount: "5", paidBy: seeded.ana.id, splitBetween: [stranger]
                ), "splitBetween"
            ),
            (
                FinanceExpenseForm(
                    groupID: seeded.trip.id, title: "Taxi", amount: "10", paidBy: seeded.ana.id,
                    splitBetween: [seeded.ana.id, seeded.ben.id], splitMode: "exactAmounts",
                    parts: [seeded.ana.id: "3", seeded.ben.id: "3"]), "add up to 6"
            ),
            (
                FinanceExpenseForm(
                    groupID: seeded.trip.id, title: "Taxi", amount: "10", paidBy: seeded.ana.id,
                    splitBetween: [seeded.ana.id, seeded.ben.id], splitMode: "exactAmounts",
                    parts: [seeded.ana.id: "10"]), "Ben's part is empty"
            ),
            (
                FinanceExpenseForm(
                    groupID: seeded.trip.id, title: "Taxi", amount: "10", paidBy: seeded.ana.id,
                    splitBetween: [seeded.ana.id, seeded.ben.id], splitMode: "percentages",
                    parts: [seeded.ana.id: "60", seeded.ben.id: "30"]), "add up to 90 %"
            ),
            (
                FinanceExpenseForm(
                    groupID: seeded.trip.id, title: "Taxi", amount: "10", paidBy: seeded.ana.id,
                    splitBetween: [seeded.ana.id, seeded.ben.id], splitMode: "shares",
                    parts: [seeded.ana.id: "1.5", seeded.ben.id: "2"]), "Ana's part \"1.5\" is not a whole number"
            ),
            (
                FinanceExpenseForm(
                    groupID: seeded.trip.id, title: "Taxi", amount: "10", paidBy: seeded.ana.id,
                    splitBetween: [seeded.ana.id], splitMode: "byMood", parts: [:]), "not a way to split"
            ),
        ]
        for (form, field) in expenses {
            let error = await #expect(throws: ServiceError.self) {
                try await finance.addGroupExpense(form, userID: device.userID, now: Self.now)
            }
            #expect(error?.code == .validationFailed)
            #expect(
                error?.message.lowercased().contains(field.lowercased()) == true,
                "\(error?.message ?? "") names \(field)")
        }
        let cursor = await #expect(throws: ServiceError.self) {
            try await finance.transactions(
                userID: device.userID, query: TransactionQuery(), page: PageRequest(size: 5, after: "not-a-cursor"),
                now: Self.now)
        }
        #expect(cursor != nil)

        #expect(try await device.sync().receivedSaves == 0)
        // Read afresh (a new copy of the zone, no cached figures): the same as before.
        #expect(try await Self.records(harness).overview(userID: device.userID, now: Self.now) == before)
    }

    @Test func oneUserCannotReadOrWriteAnothersFinances() async throws {
        let harness = try await WebRecordsHarness.start()
        defer { Task { await harness.stop() } }
        let owner = try await harness.financeDevice("owner@example.com")
        let seeded = try await Self.seed(owner.store)
        try await owner.sync()
        let stranger = try await harness.financeDevice("stranger@example.com")
        let finance = Self.records(harness)

        let theirs = try await finance.overview(userID: stranger.userID, now: Self.now)
        #expect(theirs.groups.isEmpty && theirs.subscriptions.isEmpty && theirs.month.transactionCount == 0)
        #expect(
            try await finance.transactions(
                userID: stranger.userID, query: TransactionQuery(), page: PageRequest(), now: Self.now
            ).items.isEmpty)
        let read = await #expect(throws: ServiceError.self) {
            try await finance.group(id: seeded.trip.id, userID: stranger.userID, now: Self.now)
        }
        #expect(read?.code == .notFound)
        let write = await #expect(throws: ServiceError.self) {
            try await finance.addGroupExpense(
                FinanceExpenseForm(
                    groupID: seeded.trip.id, title: "Sneaky", amount: "1000", paidBy: seeded.ana.id,
                    splitBetween: [seeded.ben.id]),
                userID: stranger.userID, now: Self.now)
        }
        #expect(write?.code == .notFound)
        // A stranger's own transaction lands in their zone, not the owner's.
        try await finance.addTransaction(
            FinanceTransactionForm(title: "Mine", amount: "-1"), userID: stranger.userID, now: Self.now)
        #expect(try await owner.sync().receivedSaves == 0)
        #expect(try await stranger.sync().receivedSaves == 1)
    }
}
