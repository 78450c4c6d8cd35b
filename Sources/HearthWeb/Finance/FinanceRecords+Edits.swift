public import Foundation
import HearthCore
public import HearthFinance

/// The money book's changes from the pages: transactions corrected and deleted; subscriptions changed, paused,
/// resumed, renewed and deleted; payments between a group's members recorded; budgets set and removed. Each
/// goes out as the finance app's records, as the `hearth finance` commands make them.
extension FinanceRecords {
    // MARK: Transactions

    /// The user's transaction `id`.
    /// - Throws: ``ServiceError`` `notFound` when the user has no such transaction.
    public func transaction(_ id: UUID, userID: String, now: Date) async throws -> Transaction {
        try await Self.stored(transaction: id, in: try await recent(userID, now: now))
    }

    /// Changes transaction `id` to the form's values (its id and tags kept), as `hearth finance
    /// transactions edit` does.
    /// - Throws: ``ServiceError`` `validationFailed` naming each bad field (nothing is saved), `notFound`.
    @discardableResult
    public func updateTransaction(_ id: UUID, _ form: FinanceTransactionForm, userID: String, now: Date) async throws
        -> Transaction
    {
        let typed = try form.transaction(calendar: calendar, now: now)
        let finance = try await current(userID, now: now)
        let old = try await Self.stored(transaction: id, in: finance)
        let changed = old.with(
            title: typed.title, subtitle: typed.subtitle, amount: typed.amount, category: typed.category,
            date: typed.date, isRecurring: typed.isRecurring, currency: .some(typed.currency), updatedAt: now)
        return try await saving(userID) { try await Self.reading { try await finance.updateTransaction(changed) } }
    }

    /// Deletes transaction `id`, as `hearth finance transactions delete` does.
    public func removeTransaction(_ id: UUID, userID: String, now: Date) async throws {
        let finance = try await current(userID, now: now)
        _ = try await Self.stored(transaction: id, in: finance)
        try await saving(userID) { try await Self.reading { try await finance.deleteTransaction(id: id) } }
    }

    // MARK: Subscriptions

    /// The user's subscription `id`.
    /// - Throws: ``ServiceError`` `notFound` when the user has no such subscription.
    public func subscription(_ id: UUID, userID: String, now: Date) async throws -> Subscription {
        try await Self.stored(subscription: id, in: try await recent(userID, now: now))
    }

    /// Changes subscription `id` to the form's values: name, price, cycle, next bill and category; the rest
    /// (what it has cost so far, its reminders) is kept.
    /// - Throws: ``ServiceError`` `validationFailed` naming each bad field (nothing is saved), `notFound`.
    @discardableResult
    public func updateSubscription(_ id: UUID, _ form: FinanceSubscriptionForm, userID: String, now: Date)
        async throws -> Subscription
    {
        let typed = try form.subscription(calendar: calendar, now: now)
        let finance = try await current(userID, now: now)
        let old = try await Self.stored(subscription: id, in: finance)
        let changed = old.with(
            name: typed.name, price: typed.price, billingCycle: typed.billingCycle, category: typed.category,
            nextBillingDate: typed.nextBillingDate, currency: .some(typed.currency), updatedAt: now)
        return try await saving(userID) { try await Self.reading { try await finance.updateSubscription(changed) } }
    }

    /// Pauses (`active` false) or resumes subscription `id`: a paused one costs nothing in the month and
    /// sends no renewal reminder.
    @discardableResult
    public func setSubscription(_ id: UUID, active: Bool, userID: String, now: Date) async throws -> Subscription {
        let finance = try await current(userID, now: now)
        let old = try await Self.stored(subscription: id, in: finance)
        return try await saving(userID) {
            try await Self.reading {
                try await finance.updateSubscription(
                    old.with(isActive: active, cancellationDate: .some(active ? nil : now), updatedAt: now))
            }
        }
    }

    /// Records each bill of subscription `id` that fell due by `now` as a transaction and moves its next bill
    /// past them, as `hearth finance subscriptions renew` does; a bill still to come changes nothing.
    @discardableResult
    public func renewSubscription(_ id: UUID, userID: String, now: Date) async throws -> Subscription {
        let finance = try await current(userID, now: now)
        _ = try await Self.stored(subscription: id, in: finance)
        return try await saving(userID) { try await Self.reading { try await finance.renewSubscription(id: id) } }
    }

    /// Deletes subscription `id`.
    public func removeSubscription(_ id: UUID, userID: String, now: Date) async throws {
        let finance = try await current(userID, now: now)
        _ = try await Self.stored(subscription: id, in: finance)
        try await saving(userID) { try await Self.reading { try await finance.deleteSubscription(id: id) } }
    }

    // MARK: Groups

    /// Records that one member of group `groupID` paid another `amount`, as `hearth finance settle` does; when
    /// it leaves everyone square, the group's expenses are marked settled.
    /// - Throws: ``ServiceError`` `validationFailed` for an amount that is not one, the same person twice, or
    ///   someone outside the group (nothing is saved); `notFound` for a group the user does not have.
    @discardableResult
    public func recordPayment(
        group groupID: UUID, from payer: UUID, to payee: UUID, amount text: String, userID: String, now: Date
    ) async throws -> GroupExpense {
        var problems: [String] = []
        let amount = FinanceForms.amount(text, field: "amount paid", problems: &problems)
        if let amount, amount <= 0 { problems.append("amount paid must be more than 0, such as 25.00") }
        if payer == payee { problems.append("a payment is from one person to another; choose two different people") }
        let group = try await self.group(id: groupID, userID: userID, now: now)
        let members = Set(group.group.members)
        if !members.contains(payer) || !members.contains(payee) {
            problems.append("a payment is between members of \(group.group.name); choose two of them")
        }
        guard problems.isEmpty, let amount else { throw ServiceError.validationFailed(problems) }
        let finance = try await current(userID, now: now)
        return try await saving(userID) {
            try await Self.reading {
                try await finance.settleUp(group: groupID, from: payer, to: payee, amount: amount)
            }
        }
    }

    /// Deletes expense `id` of group `groupID` (a payment recorded by mistake, say), as `hearth finance expenses
    /// delete` does; the balances follow.
    /// - Throws: ``ServiceError`` `notFound` when the user's group has no such expense.
    public func removeGroupExpense(_ id: UUID, group groupID: UUID, userID: String, now: Date) async throws {
        let finance = try await current(userID, now: now)
        let group = try await Self.reading { try await finance.fetchGroup(byID: groupID) }
        guard let group, group.expenses.contains(where: { $0.id == id }) else {
            throw ServiceError(
                .notFound,
                "Group \(groupID.uuidString.lowercased()) has no expense \(id.uuidString.lowercased()) of yours; pick one from the group's page."
            )
        }
        try await saving(userID) { try await Self.reading { try await finance.deleteExpense(id: id) } }
    }

    // MARK: Budgets

    /// Each budget's state in `now`'s month (as `hearth finance budget status --json`).
    public func budgets(userID: String, now: Date) async throws -> [BudgetStatus] {
        let finance = try await recent(userID, now: now)
        return try await Self.reading {
            try await finance.budgetStatuses(in: FinanceMonth(containing: now, calendar: calendar))
        }
    }

    /// Sets a category's monthly budget, as `hearth finance budget set` does; `rollover` carries what is left
    /// (or overspent) into the next month.
    /// - Throws: ``ServiceError`` `validationFailed` naming each bad field; nothing is saved.
    @discardableResult
    public func setBudget(category text: String, amount amountText: String, rollover: Bool, userID: String, now: Date)
        async throws -> Budget
    {
        var problems: [String] = []
        let category = FinanceForms.category(text, field: "budget category", problems: &problems)
        if category == nil, problems.isEmpty { problems.append("budget category is empty; choose one") }
        let amount = FinanceForms.amount(amountText, field: "budget", problems: &problems)
        if let amount, amount <= 0 { problems.append("budget must be more than 0, such as 400") }
        guard problems.isEmpty, let category, let amount else { throw ServiceError.validationFailed(problems) }
        let finance = try await current(userID, now: now)
        return try await saving(userID) {
            try await Self.reading {
                try await finance.setBudget(category: category, amount: amount, rollover: rollover)
            }
        }
    }

    /// Removes a category's budget.
    /// - Throws: ``ServiceError`` `notFound` when the category has none.
    public func removeBudget(category text: String, userID: String, now: Date) async throws {
        var problems: [String] = []
        guard let category = FinanceForms.category(text, field: "budget category", problems: &problems) else {
            throw ServiceError(.notFound, "There is no budget for \"\(text.prefix(40))\"; pick one from the list.")
        }
        let finance = try await current(userID, now: now)
        try await saving(userID) { try await Self.reading { try await finance.removeBudget(category: category) } }
    }

    /// Transaction `id` in `finance`; `notFound` when there is none.
    private static func stored(transaction id: UUID, in finance: FinancePersistenceService) async throws
        -> Transaction
    {
        try found(try await reading { try await finance.fetchTransaction(byID: id) }, "transaction", id)
    }

    /// Subscription `id` in `finance`; `notFound` when there is none.
    private static func stored(subscription id: UUID, in finance: FinancePersistenceService) async throws
        -> Subscription
    {
        try found(try await reading { try await finance.fetchSubscription(byID: id) }, "subscription", id)
    }

    /// `value`, or `notFound` naming `what`.
    static func found<T>(_ value: T?, _ what: String, _ id: UUID) throws -> T {
        guard let value else {
            throw ServiceError(
                .notFound, "You have no \(what) \(id.uuidString.lowercased()); pick one from your money pages.")
        }
        return value
    }
}

extension FinanceRecords {
    /// The monthly (`2026-03`) or yearly (`2026`) report as `hearth finance report` writes it, as PDF or HTML:
    /// income, spending by category against the period before, the trend and the budgets.
    /// - Throws: ``ServiceError`` `validationFailed` naming a period or format that is not one.
    public func report(period text: String, format formatText: String, userID: String, now: Date) async throws
        -> WebDownload
    {
        let period: FinanceReportPeriod
        if let month = FinanceMonth(text) {
            period = .month(month)
        } else if text.count == 4, let year = Int(text), (1970...9999).contains(year) {
            period = .year(year)
        } else {
            throw ServiceError.validationFailed(
                "period \"\(text.prefix(40))\" is not a month or a year; ask for one such as 2026-03 or 2026")
        }
        guard let format = FinanceReportFormat(rawValue: formatText) else {
            throw ServiceError.validationFailed(
                "format \"\(formatText.prefix(40))\" is not a report format; ask for pdf or html")
        }
        let finance = try await recent(userID, now: now)
        var reports = FinanceReportService(store: finance)
        if try await Self.reading({ try await finance.holdsOtherCurrencies() }) {
            reports.currency = try await Self.reading { try await finance.bookCurrency() }
        }
        let service = reports
        return try await WebDownload.made { folder in
            let file = folder.appendingPathComponent("Hearth_Finance_\(period).\(format.rawValue)")
            try await Self.reading { _ = try await service.write(period, to: file, format: format) }
            return file
        }
    }
}
