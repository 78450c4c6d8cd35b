public import Foundation
public import HearthCloud
import HearthCore
public import HearthFinance
import HearthStore
import HearthSync

/// The finance pages' data: a signed-in user's month, transactions, subscriptions and groups, read from the
/// `finance` zone of their private database, and the writes a page makes there.
///
/// As ``GarageRecords`` does for the garage: each user's zone is copied into an in-memory finance database
/// by a ``HearthSync/SyncEngine`` talking to the record store in-process, the figures come from the same
/// ``FinancePersistenceService`` functions the `hearth finance` commands call, and a write is sent as a
/// device sends it (change tags; a conflict merged field by field and sent again).
public struct FinanceRecords: Sendable {
    /// How far ahead ``FinanceOverview/renewingSoon`` looks (as `hearth finance summary`).
    public static let renewalDays = 7
    /// How many months the spending chart shows.
    public static let chartMonths = 6
    /// How many of the pages' changes can be undone, the last first.
    public static let undoSteps = 20

    /// The server's record store.
    public let store: any RecordStore
    /// The calendar months and days are reckoned in (the CLI's default).
    public let calendar: Calendar
    let clock: @Sendable () -> Date
    /// How old a copy a read may take: a read asks the record store for changes only when the copy last did
    /// so longer ago than this (0, the default, asks on every read); writes always ask.
    let freshness: TimeInterval
    let replicas: ReplicaCache<UserReplica>
    private let overviews: ReadCache<OverviewKey, FinanceOverview>
    /// The book each user has open: the owner's account, "" for the user's own (``openBook(_:)``).
    let openBooks: ReadCache<Bool, String>

    /// What an overview was computed for.
    private struct OverviewKey: Hashable, Sendable {
        var generation: Int
        var minute: Date
    }

    /// The finance pages' data over `store`.
    /// - Parameters:
    ///   - calendar: the calendar (and time zone) months are reckoned in.
    ///   - cacheLimit: the most users whose finances are kept in memory between requests.
    ///   - freshness: how many seconds old a copy a read may take (see ``freshness``).
    ///   - now: the clock the copies' sync bookkeeping reads.
    public init(
        store: any RecordStore, calendar: Calendar = FinancePersistenceService.defaultCalendar, cacheLimit: Int = 256,
        freshness: TimeInterval = 0, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.calendar = calendar
        clock = now
        self.freshness = max(0, freshness)
        replicas = ReplicaCache(limit: max(1, cacheLimit))
        overviews = ReadCache(limit: max(1, cacheLimit))
        openBooks = ReadCache(limit: max(1, cacheLimit))
    }

    // MARK: Reading

    /// This month's summary, subscriptions with their monthly cost, groups with balances, and the spending
    /// chart, reckoned as of the start of `now`'s minute (a page reloaded within it while nothing changed is
    /// served the figures already computed).
    public func overview(userID: String, now exactly: Date) async throws -> FinanceOverview {
        let now = GarageRecords.minute(exactly)
        let replica = try await replica(userID)
        let key = OverviewKey(
            generation: try await replica.refresh(unlessFetchedWithin: freshness, now: clock()), minute: now)
        if let known = await overviews.value(for: userID, key: key) { return known }
        let finance = service(of: replica, now: now)
        let overview = try await Self.reading {
            let currency = try await finance.bookCurrency()
            var summary = try await finance.monthSummary(containing: now)
            var monthlyCost = try await finance.calculateTotalMonthlyCost()
            var converted: [CategorySpending]?
            var conversionProblem: String?
            // Amounts in other currencies than the book's are converted, as `hearth finance summary` does.
            let converting = try await finance.holdsOtherCurrencies()
            if converting {
                do {
                    let month = try await finance.convertedMonth(containing: now, into: currency)
                    summary = month.summary
                    monthlyCost = month.monthlySubscriptionCost
                    converted = month.spendingByCategory
                } catch let error as PersistenceError {
                    conversionProblem = error.message
                }
            }
            let people = try await Self.names(in: finance)
            let subscriptions = try await finance.fetchAllSubscriptions().map {
                FinanceSubscriptionCost(subscription: $0, monthlyCost: $0.monthlyCost)
            }
            var months: [String] = []
            var spending: [[CategorySpending]] = []
            for back in (0..<Self.chartMonths).reversed() {
                guard let day = calendar.date(byAdding: .month, value: -back, to: now) else { continue }
                let start = calendar.dateInterval(of: .month, for: day)?.start ?? day
                let parts = calendar.dateComponents([.year, .month], from: start)
                months.append(String(format: "%04d-%02d", parts.year ?? 0, parts.month ?? 0))
                // Each month converted as the month itself is; one without the rates it needs as it stands.
                if converting, let month = try? await finance.convertedMonth(containing: day, into: currency) {
                    spending.append(month.spendingByCategory)
                } else {
                    spending.append(try await finance.spendingByCategory(inMonthContaining: day))
                }
            }
            return FinanceOverview(
                currency: currency, conversionProblem: conversionProblem,
                monthlySubscriptionCost: monthlyCost,
                month: summary,
                spendingByCategory: converted ?? spending.last ?? [],
                renewingSoon: try await finance.fetchSubscriptionsRenewingSoon(days: Self.renewalDays),
                subscriptions: subscriptions,
                groups: try await finance.fetchAllGroups().map { FinanceGroupBalances(group: $0, names: people) },
                spendingChart: try FinanceSpendingChart(months: months, spending: spending, currency: currency)
            )
        }
        await overviews.store(overview, for: userID, key: key)
        return overview
    }

    /// One page of transactions matching `query` (search text, dates, categories, amounts), as
    /// `hearth finance transactions list` gives it; `page.after` is the previous page's ``TransactionPage/nextCursor``.
    /// - Throws: ``ServiceError`` `validationFailed` for a cursor that is not one this method gave.
    public func transactions(userID: String, query: TransactionQuery, page: PageRequest, now: Date) async throws
        -> TransactionPage
    {
        if let text = query.text, text.count > 200 {
            throw ServiceError.validationFailed("search is \(text.count) characters long; search for 200 or fewer")
        }
        if let after = page.after, after.count > 200 {
            throw ServiceError.validationFailed("after is not a page position; follow the link to the next page")
        }
        let finance = try await recent(userID, now: now)
        return try await Self.reading { try await finance.fetchTransactions(matching: query, page: page) }
    }

    /// One group's balances and suggested payments.
    /// - Throws: ``ServiceError`` `notFound` when the user has no such group.
    public func group(id: UUID, userID: String, now: Date, converted: Bool = false) async throws
        -> FinanceGroupBalances
    {
        let finance = try await recent(userID, now: now)
        return try await Self.reading {
            guard let stored = try await finance.fetchGroup(byID: id) else {
                throw ServiceError(
                    .notFound, "You have no group \(id.uuidString.lowercased()); pick one from your groups.")
            }
            // Expenses in other currencies than the book's are converted, as `hearth finance balances` does.
            var group = stored
            var problem: String?
            let book = try await finance.bookCurrency()
            if converted, group.expenses.contains(where: { ($0.currency ?? book) != book }) {
                do {
                    group = try await finance.converted(group, into: book)
                } catch let error as PersistenceError {
                    problem = error.message
                }
            }
            var balances = FinanceGroupBalances(group: group, names: try await Self.names(in: finance))
            // The balances are in the book currency; the expenses listed are as stored, each in its own.
            balances.group = stored
            balances.conversionProblem = problem
            return balances
        }
    }

    // MARK: Writing

    /// Adds a transaction, as `hearth finance transactions add` does; saved in the user's zone for their devices.
    /// - Throws: ``ServiceError`` `validationFailed` naming each bad field; nothing is saved.
    @discardableResult
    public func addTransaction(_ form: FinanceTransactionForm, userID: String, now: Date) async throws -> Transaction {
        let transaction = try form.transaction(calendar: calendar, now: now)
        let finance = try await current(userID, now: now)
        return try await saving(userID) { try await Self.reading { try await finance.save(transaction) } }
    }

    /// Adds an expense to a group, as `hearth finance expenses add` does; saved in the user's zone.
    /// - Throws: ``ServiceError`` `validationFailed` naming each bad field (nothing is saved), `notFound` for a
    ///   group the user does not have.
    @discardableResult
    public func addGroupExpense(_ form: FinanceExpenseForm, userID: String, now: Date) async throws -> GroupExpense {
        let finance = try await current(userID, now: now)
        guard let group = try await Self.reading({ try await finance.fetchGroup(byID: form.groupID) }) else {
            throw ServiceError(
                .notFound, "You have no group \(form.groupID.uuidString.lowercased()); pick one from your groups.")
        }
        let names = try await Self.reading { try await Self.names(in: finance) }
        let expense = try form.expense(in: group, names: names, calendar: calendar, now: now)
        return try await saving(userID) {
            try await Self.reading { try await finance.save(expense, forGroup: group.id) }
        }
    }

    /// Adds a person, as `hearth finance people add` does; saved in the user's zone for their devices.
    /// - Throws: ``ServiceError`` `validationFailed` naming each bad field; nothing is saved.
    @discardableResult
    public func addPerson(_ form: FinancePersonForm, userID: String, now: Date) async throws -> Person {
        let person = try form.person(now: now)
        let finance = try await current(userID, now: now)
        return try await saving(userID) { try await Self.reading { try await finance.save(person) } }
    }

    /// Adds a subscription, as `hearth finance subscriptions add` does; saved in the user's zone.
    /// - Throws: ``ServiceError`` `validationFailed` naming each bad field; nothing is saved.
    @discardableResult
    public func addSubscription(_ form: FinanceSubscriptionForm, userID: String, now: Date) async throws
        -> Subscription
    {
        let subscription = try form.subscription(calendar: calendar, now: now)
        let finance = try await current(userID, now: now)
        return try await saving(userID) { try await Self.reading { try await finance.save(subscription) } }
    }

    /// Makes a group of the user's people, as `hearth finance groups add` does; saved in the user's zone.
    /// - Throws: ``ServiceError`` `validationFailed` naming each bad field; nothing is saved.
    @discardableResult
    public func addGroup(_ form: FinanceGroupForm, userID: String, now: Date) async throws -> Group {
        let finance = try await current(userID, now: now)
        let group = try form.group(people: try await Self.reading { try await finance.fetchAllPeople() }, now: now)
        return try await saving(userID) { try await Self.reading { try await finance.save(group) } }
    }

    /// The generation of the user's copy as a read takes it (a copy at most ``freshness`` old): what a page
    /// kept from it stays right while this is the same.
    public func generation(userID: String) async throws -> Int {
        try await replica(userID).refresh(unlessFetchedWithin: freshness, now: clock())
    }

    /// The user's people, by name: whom a group can be made of.
    public func people(userID: String, now: Date) async throws -> [Person] {
        let finance = try await recent(userID, now: now)
        return try await Self.reading { try await finance.fetchAllPeople() }.sorted {
            $0.name.localizedStandardCompare($1.name) == .orderedAscending
        }
    }

    // MARK: The copies

    /// The user's finances as a read takes them: a copy at most ``freshness`` old (only one read at a time asks
    /// the record store for changes), as a store whose clock reads `now`.
    func recent(_ userID: String, now: Date) async throws -> FinancePersistenceService {
        let replica = try await replica(userID)
        try await replica.refresh(unlessFetchedWithin: freshness, now: clock())
        return service(of: replica, now: now)
    }

    /// The user's finances, up to date with the record store, as a store whose clock reads `now`.
    func current(_ userID: String, now: Date) async throws -> FinancePersistenceService {
        let replica = try await replica(userID, writing: true)
        try await replica.refresh()
        return service(of: replica, now: now)
    }

    /// A finance store over `replica`, its clock reading `now`, queuing its writes in the replica's outbox and
    /// keeping the last ``undoSteps`` of the pages' changes to undo (while the copy is kept in memory).
    func service(of replica: UserReplica, now: Date) -> FinancePersistenceService {
        FinancePersistenceService(
            database: replica.database, calendar: calendar, now: { now },
            changeRecorder: FinanceOutboxRecorder(outbox: replica.outbox), undoLimit: Self.undoSteps)
    }

    /// Each person's name by id.
    static func names(in finance: FinancePersistenceService) async throws -> [UUID: String] {
        Dictionary(try await finance.fetchAllPeople().map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// Notes a change the records do not show (the book currency, the rates): figures kept are made afresh.
    func changed(_ userID: String) async throws {
        try await replica(userID).generation.bump()
    }

    /// The copy of the book the user has open: their own, or one shared with them while it still is (asked
    /// afresh for a write), with the book currency and rates of the book's owner applied.
    func replica(_ userID: String, writing: Bool = false) async throws -> UserReplica {
        let owner = try await checkedBook(userID, writing: writing)
        let replica = try await copy(userID, owner: owner)
        try await Self.applyPreferences(
            to: service(of: replica, now: clock()), userID: owner ?? userID, store: store)
        return replica
    }

    /// The copy of `userID`'s own book, or of the one `owner` shared with them.
    func copy(_ userID: String, owner: String?) async throws -> UserReplica {
        let store = self.store
        let clock = self.clock
        let calendar = self.calendar
        return try await replicas.replica(for: UserReplica.key(userID, owner: owner)) {
            let database = try AppDatabase.inMemory(schemas: [FinanceSchema.self, SyncSchema.self])
            let opened = FinanceSync.wrap(
                database, configuration: FinanceSync.configuration(sendDebounce: .zero, book: owner),
                calendar: calendar, now: clock)
            return UserReplica(
                userID: userID, zone: FinanceSync.zoneName, owner: owner, database: database, outbox: opened.outbox,
                store: store, now: clock)
        }
    }

    /// Makes `change` in the user's copy and sends it (``ReplicaCache/saving(_:_:)``).
    func saving<T: Sendable>(_ userID: String, _ change: () async throws -> T) async throws -> T {
        try await replicas.saving(try await replica(userID), change)
    }

    /// `body`'s value, a ``PersistenceError`` turned into the ``ServiceError`` the pages show.
    static func reading<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as PersistenceError {
            let code: ServiceError.Code =
                switch error.code {
                case .validationFailed, .relationshipError: .validationFailed
                case .entityNotFound: .notFound
                default: .operationFailed
                }
            throw ServiceError(code, error.message, underlying: error)
        }
    }
}
