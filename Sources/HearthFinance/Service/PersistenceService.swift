public import Foundation
public import HearthExchange

/// Everything the finance app stores and computes: people, subscriptions, transactions, groups and their
/// expenses, with statistics, renewals, balances, export, import, and undo.
///
/// Every mutation is validated (with the apps' exact messages), runs in one database transaction, and
/// either happens completely or not at all. ``FinancePersistenceService`` is the SQLite implementation.
public protocol PersistenceService: Sendable {
    // MARK: People
    /// Inserts `person`, or replaces the stored one with the same id.
    @discardableResult func save(_ person: Person) async throws -> Person
    /// Everyone, sorted by name (ignoring case).
    func fetchAllPeople() async throws -> [Person]
    /// The person with `id`, or nil.
    func fetchPerson(byID id: UUID) async throws -> Person?
    /// Replaces the stored person; throws ``PersistenceError/Code/entityNotFound`` when there is none.
    @discardableResult func updatePerson(_ person: Person) async throws -> Person
    /// Deletes the person with `id`; refuses while a group or shared subscription names them.
    func deletePerson(id: UUID) async throws
    /// The people whose balance is not zero, sorted by name.
    func fetchPeopleWithBalances() async throws -> [Person]
    /// The people whose name contains `name`, ignoring case (names starting with it, for one or two letters).
    func searchPeople(byName name: String) async throws -> [Person]

    // MARK: Subscriptions
    /// Inserts `subscription`, or replaces the stored one with the same id.
    @discardableResult func save(_ subscription: Subscription) async throws -> Subscription
    /// Every subscription, sorted by name.
    func fetchAllSubscriptions() async throws -> [Subscription]
    /// The subscription with `id`, or nil.
    func fetchSubscription(byID id: UUID) async throws -> Subscription?
    /// Replaces the stored subscription; throws ``PersistenceError/Code/entityNotFound`` when there is none.
    @discardableResult func updateSubscription(_ subscription: Subscription) async throws -> Subscription
    /// Deletes the subscription with `id`.
    func deleteSubscription(id: UUID) async throws
    /// The active subscriptions, soonest bill first.
    func fetchActiveSubscriptions() async throws -> [Subscription]
    /// The active subscriptions billing between now and `days` days from now, soonest first.
    func fetchSubscriptionsRenewingSoon(days: Int) async throws -> [Subscription]
    /// Records every bill of subscription `id` due by now.
    @discardableResult func renewSubscription(id: UUID) async throws -> Subscription
    /// Records every bill due by now, for every active subscription; returns those that changed.
    @discardableResult func renewDueSubscriptions() async throws -> [Subscription]
    /// The renewal reminders that fire between now and `days` days from now.
    func upcomingRenewalReminders(days: Int) async throws -> [RenewalReminder]

    // MARK: Transactions
    /// Inserts `transaction`, or replaces the stored one with the same id.
    @discardableResult func save(_ transaction: Transaction) async throws -> Transaction
    /// The transaction with `id`, or nil.
    func fetchTransaction(byID id: UUID) async throws -> Transaction?
    /// Replaces the stored transaction; throws ``PersistenceError/Code/entityNotFound`` when there is none.
    @discardableResult func updateTransaction(_ transaction: Transaction) async throws -> Transaction
    /// Deletes the transaction with `id`.
    func deleteTransaction(id: UUID) async throws
    /// The transactions dated in `range` (lower bound included, upper excluded), newest first.
    func fetchTransactions(inDateRange range: Range<Date>) async throws -> [Transaction]
    /// This calendar month's transactions, newest first.
    func fetchCurrentMonthTransactions() async throws -> [Transaction]
    /// The recurring transactions, newest first.
    func fetchRecurringTransactions() async throws -> [Transaction]
    /// Inserts new transactions in one transaction: all or none.
    @discardableResult func insertTransactions(_ transactions: [Transaction]) async throws -> Int
    /// Deletes the transactions with `ids` in one transaction: all or none.
    @discardableResult func deleteTransactions(ids: [UUID]) async throws -> Int
    /// One page of the transactions `query` selects.
    func fetchTransactions(matching query: TransactionQuery, page: PageRequest) async throws -> TransactionPage
    /// How many transactions `query` selects.
    func countTransactions(matching query: TransactionQuery) async throws -> Int

    // MARK: Groups and expenses
    /// Inserts `group` (and the expenses it carries), or replaces the stored one with the same id.
    @discardableResult func save(_ group: Group) async throws -> Group
    /// Every group with its expenses, sorted by name.
    func fetchAllGroups() async throws -> [Group]
    /// The group with `id` and its expenses, or nil.
    func fetchGroup(byID id: UUID) async throws -> Group?
    /// Replaces the stored group; throws ``PersistenceError/Code/entityNotFound`` when there is none.
    @discardableResult func updateGroup(_ group: Group) async throws -> Group
    /// Deletes the group with `id` and its expenses.
    func deleteGroup(id: UUID) async throws
    /// The groups with at least one unsettled expense.
    func fetchGroupsWithUnsettledExpenses() async throws -> [Group]
    /// Inserts `expense` into group `groupID`, or replaces the stored one with the same id.
    @discardableResult func save(_ expense: GroupExpense, forGroup groupID: UUID) async throws -> GroupExpense
    /// The expense with `id`, or nil.
    func fetchExpense(byID id: UUID) async throws -> GroupExpense?
    /// Replaces the stored expense; throws ``PersistenceError/Code/entityNotFound`` when there is none.
    @discardableResult func updateExpense(_ expense: GroupExpense) async throws -> GroupExpense
    /// Deletes the expense with `id`.
    func deleteExpense(id: UUID) async throws
    /// Every unsettled expense, oldest first.
    func fetchUnsettledExpenses() async throws -> [GroupExpense]
    /// Marks the expense with `id` as paid back.
    @discardableResult func settleExpense(id: UUID) async throws -> GroupExpense
    /// The balances of group `id`'s members from its unsettled expenses.
    func balances(forGroup id: UUID) async throws -> GroupBalances
    /// Records that `payer` paid `payee` `amount` in group `groupID`; settles the group when that evens it.
    @discardableResult func settleUp(group groupID: UUID, from payer: UUID, to payee: UUID, amount: Decimal)
        async throws -> GroupExpense

    // MARK: Statistics
    /// What the active subscriptions cost per month, by their billing cycles, rounded to cents.
    func calculateTotalMonthlyCost() async throws -> Decimal
    /// This calendar month's income.
    func calculateMonthlyIncome() async throws -> Decimal
    /// This calendar month's expenses, as a positive value.
    func calculateMonthlyExpenses() async throws -> Decimal
    /// Income, expenses and net of the calendar month containing `date`.
    func monthSummary(containing date: Date) async throws -> MonthSummary
    /// Spending per category in the calendar month containing `date`, largest first.
    func spendingByCategory(inMonthContaining date: Date) async throws -> [CategorySpending]

    // MARK: Context
    /// Makes every committed change durable in the main database file (a WAL checkpoint).
    func saveContext() async throws
    /// Runs `work` in one write transaction on the database's own queue.
    func performBackgroundTask<T: Sendable>(_ work: @escaping @Sendable (FinanceWriteContext) throws -> T) async throws
        -> T
    /// Runs `body` in one write transaction, undone as one step; when it throws, nothing it did is kept.
    func transaction<T: Sendable>(_ label: String, _ body: @escaping @Sendable (FinanceWriteContext) throws -> T)
        async throws -> T
    /// Undoes the last step; nil when there is nothing to undo.
    @discardableResult func undo() async throws -> HistoryStep?
    /// Redoes the last undone step; nil when there is nothing to redo.
    @discardableResult func redo() async throws -> HistoryStep?

    // MARK: Export and import
    /// Writes everything to `url` as JSON.
    func exportJSON(to url: URL) async throws
    /// Imports a JSON export, streaming: values are inserted or replaced by id, identical ones are left
    /// alone; `progress` gets the values and bytes read so far.
    @discardableResult func importJSON(from url: URL, progress: ExchangeProgressHandler?) async throws -> ImportSummary
    /// Writes every transaction to `url` as CSV, streaming; `progress` gets the rows written so far.
    @discardableResult func exportTransactionsCSV(to url: URL, progress: ExchangeProgressHandler?) async throws -> Int
    /// Imports transactions from a CSV file; identical rows are left alone, so importing twice adds nothing.
    @discardableResult func importTransactionsCSV(from url: URL, progress: ExchangeProgressHandler?) async throws
        -> ImportSummary
}

extension PersistenceService {
    /// Imports a JSON export without reporting progress.
    @discardableResult public func importJSON(from url: URL) async throws -> ImportSummary {
        try await importJSON(from: url, progress: nil)
    }
}
