public import Foundation
import GRDB

// The operations of every finance entity, as a transaction sees them. The service's methods call these.

extension FinanceWriteContext {
    // MARK: People

    /// Inserts `person`, or replaces the stored one with the same id.
    @discardableResult
    public func save(_ person: Person) throws -> Person {
        try put(try FinanceValidation.validate(person))
    }

    /// Replaces the stored person with `person`'s id.
    /// - Throws: ``PersistenceError`` (entity not found) when there is none.
    @discardableResult
    public func updatePerson(_ person: Person) throws -> Person {
        guard try exists(Person.self, id: person.id) else {
            throw PersistenceError.entityNotFound(person.id, entity: "Person")
        }
        return try save(person)
    }

    /// Deletes the person with `id`.
    /// - Throws: ``PersistenceError``: entity not found; relationship error while a group or a shared
    ///   subscription names them.
    public func deletePerson(id: UUID) throws {
        guard try exists(Person.self, id: id) else { throw PersistenceError.entityNotFound(id, entity: "Person") }
        try requireUnreferenced(personID: id)
        try remove(Person.self, id: id)
    }

    // MARK: Subscriptions

    /// Inserts `subscription`, or replaces the stored one with the same id.
    /// - Throws: ``PersistenceError``: validation failed; relationship error when it is shared with someone
    ///   who is not a saved person.
    @discardableResult
    public func save(_ subscription: Subscription) throws -> Subscription {
        let value = try FinanceValidation.validate(subscription)
        try requirePeople(value.sharedWith) {
            "Subscription \"\(value.name)\" is shared with \($0.uuidString), who is not a saved person"
        }
        return try put(value)
    }

    /// Replaces the stored subscription with `subscription`'s id.
    /// - Throws: ``PersistenceError`` (entity not found) when there is none.
    @discardableResult
    public func updateSubscription(_ subscription: Subscription) throws -> Subscription {
        guard try exists(Subscription.self, id: subscription.id) else {
            throw PersistenceError.entityNotFound(subscription.id, entity: "Subscription")
        }
        return try save(subscription)
    }

    /// Deletes the subscription with `id`.
    public func deleteSubscription(id: UUID) throws {
        try remove(Subscription.self, id: id)
    }

    /// Records the renewals of subscription `id` that fell due by `date` (default: ``now``): see
    /// ``BillingSchedule/advance(_:through:calendar:)``. Each bill's payment is recorded as a transaction,
    /// once: a bill whose payment is already stored (renewed before, or on another device) adds nothing.
    @discardableResult
    public func renewSubscription(id: UUID, through date: Date? = nil) throws -> Subscription {
        guard let subscription = try load(Subscription.self, id: id) else {
            throw PersistenceError.entityNotFound(id, entity: "Subscription")
        }
        return try renew(subscription, through: date ?? now)
    }

    private func renew(_ subscription: Subscription, through date: Date) throws -> Subscription {
        let (renewed, bills) = BillingSchedule.renewal(of: subscription, through: date, calendar: calendar)
        guard renewed != subscription else { return subscription }
        for bill in bills where bill.amount > 0 {
            let payment = bill.payment(of: renewed)
            if try !exists(Transaction.self, id: payment.id) { try save(payment) }
        }
        return try put(renewed)
    }

    /// Records the renewals of every active subscription that fell due by `date` (default: ``now``).
    /// - Returns: The subscriptions that changed.
    @discardableResult
    public func renewDueSubscriptions(through date: Date? = nil) throws -> [Subscription] {
        let cutoff = Milliseconds.from(date ?? now)
        let due = try Row.fetchAll(
            db, sql: "\(Subscription.selectSQL) WHERE isActive = 1 AND nextBillingDate <= ? ORDER BY nextBillingDate",
            arguments: [cutoff]
        ).map(Subscription.init(row:))
        var renewed: [Subscription] = []
        for subscription in due {
            let advanced = try renew(subscription, through: date ?? now)
            guard advanced != subscription else { continue }
            renewed.append(advanced)
        }
        return renewed
    }

    // MARK: Transactions

    /// Inserts `transaction`, or replaces the stored one with the same id.
    @discardableResult
    public func save(_ transaction: Transaction) throws -> Transaction {
        try put(try FinanceValidation.validate(transaction))
    }

    /// Replaces the stored transaction with `transaction`'s id.
    /// - Throws: ``PersistenceError`` (entity not found) when there is none.
    @discardableResult
    public func updateTransaction(_ transaction: Transaction) throws -> Transaction {
        guard try exists(Transaction.self, id: transaction.id) else {
            throw PersistenceError.entityNotFound(transaction.id, entity: "Transaction")
        }
        return try save(transaction)
    }

    /// Deletes the transaction with `id`.
    public func deleteTransaction(id: UUID) throws {
        try remove(Transaction.self, id: id)
    }

    /// Deletes every transaction in `ids`.
    /// - Throws: ``PersistenceError`` (entity not found) naming the first id that does not exist.
    @discardableResult
    public func deleteTransactions(ids: [UUID]) throws -> Int {
        for id in Set(ids) { try remove(Transaction.self, id: id) }
        return Set(ids).count
    }

    // MARK: Groups

    /// Inserts `group`, or replaces the stored one with the same id, and saves the expenses it carries
    /// (never deleting any).
    /// - Throws: ``PersistenceError``: validation failed; relationship error when a member is not a saved
    ///   person, or when a member named by the group's expenses would be removed.
    @discardableResult
    public func save(_ group: Group) throws -> Group {
        let value = try FinanceValidation.validate(group)
        try requirePeople(value.members) { "Group member \($0.uuidString) is not a saved person" }
        let members = Set(value.members)
        for stored in try expenseRecords(inGroup: value.id) {
            for person in [stored.expense.paidBy] + stored.expense.splitBetween where !members.contains(person) {
                throw PersistenceError.relationshipError(
                    "Cannot remove \(try personName(person)) from group \"\(value.name)\": expense \"\(stored.expense.title)\" names them"
                )
            }
        }
        try put(value.withoutExpenses)
        for expense in value.expenses { try save(expense, forGroup: value.id) }
        return try loadGroup(id: value.id)
    }

    /// Replaces the stored group with `group`'s id.
    /// - Throws: ``PersistenceError`` (entity not found) when there is none.
    @discardableResult
    public func updateGroup(_ group: Group) throws -> Group {
        guard try exists(Group.self, id: group.id) else {
            throw PersistenceError.entityNotFound(group.id, entity: "Group")
        }
        return try save(group)
    }

    /// Deletes the group with `id` and its expenses.
    public func deleteGroup(id: UUID) throws {
        guard try exists(Group.self, id: id) else { throw PersistenceError.entityNotFound(id, entity: "Group") }
        for stored in try expenseRecords(inGroup: id) { try remove(StoredExpense.self, id: stored.id) }
        try remove(Group.self, id: id)
    }

    /// The group with `id`, with its expenses.
    func loadGroup(id: UUID) throws -> Group {
        guard let group = try load(Group.self, id: id) else {
            throw PersistenceError.entityNotFound(id, entity: "Group")
        }
        return group.with(expenses: try expenseRecords(inGroup: id).map(\.expense))
    }

    func expenseRecords(inGroup id: UUID) throws -> [StoredExpense] {
        try Row.fetchAll(
            db.cachedStatement(sql: "\(StoredExpense.selectSQL) WHERE groupID = ? ORDER BY date, localID"),
            arguments: [id]
        ).map(StoredExpense.init(row:))
    }

    // MARK: Group expenses

    /// Inserts `expense` into group `groupID`, or replaces the stored one with the same id.
    /// - Throws: ``PersistenceError``: validation failed; relationship error when the group does not exist,
    ///   the payer or someone it is split between is not a member, or the expense belongs to another group.
    @discardableResult
    public func save(_ expense: GroupExpense, forGroup groupID: UUID) throws -> GroupExpense {
        let value = try FinanceValidation.validate(expense)
        guard let group = try load(Group.self, id: groupID) else {
            throw PersistenceError.relationshipError(
                "Group \(groupID.uuidString) does not exist; create the group before adding expenses to it")
        }
        let members = Set(group.members)
        guard members.contains(value.paidBy) else {
            throw PersistenceError.relationshipError(
                "The payer \(try personName(value.paidBy)) is not a member of group \"\(group.name)\"")
        }
        for person in value.splitBetween where !members.contains(person) {
            throw PersistenceError.relationshipError(
                "\(try personName(person)) is not a member of group \"\(group.name)\"; split expenses only between its members"
            )
        }
        if let existing = try load(StoredExpense.self, id: value.id), existing.groupID != groupID {
            throw PersistenceError.relationshipError(
                "Expense \(value.id.uuidString) belongs to another group; it cannot move to \"\(group.name)\"")
        }
        return try put(StoredExpense(groupID: groupID, expense: value)).expense
    }

    /// Replaces the stored expense with `expense`'s id, in the group it belongs to.
    /// - Throws: ``PersistenceError`` (entity not found) when there is none.
    @discardableResult
    public func updateExpense(_ expense: GroupExpense) throws -> GroupExpense {
        guard let existing = try load(StoredExpense.self, id: expense.id) else {
            throw PersistenceError.entityNotFound(expense.id, entity: "Expense")
        }
        return try save(expense, forGroup: existing.groupID)
    }

    /// Deletes the expense with `id`.
    public func deleteExpense(id: UUID) throws {
        try remove(StoredExpense.self, id: id)
    }

    /// Marks the expense with `id` as paid back; it no longer counts towards balances.
    @discardableResult
    public func settleExpense(id: UUID) throws -> GroupExpense {
        guard let existing = try load(StoredExpense.self, id: id) else {
            throw PersistenceError.entityNotFound(id, entity: "Expense")
        }
        return try put(StoredExpense(groupID: existing.groupID, expense: existing.expense.with(isSettled: true)))
            .expense
    }

    /// Records that `payer` paid `payee` `amount` within group `groupID`, as a transfer expense paid by
    /// `payer` and owed by `payee`. When that leaves every balance at zero, every unsettled expense of the
    /// group is marked settled.
    /// - Returns: The payment recorded.
    @discardableResult
    public func settleUp(group groupID: UUID, from payer: UUID, to payee: UUID, amount: Decimal, title: String? = nil)
        throws -> GroupExpense
    {
        guard payer != payee else {
            throw PersistenceError.validationFailed("A settlement needs two different people")
        }
        guard amount > 0 else {
            throw PersistenceError.validationFailed("Settlement amount must be greater than 0")
        }
        let defaultTitle = "Settlement: \(try plainName(payer)) paid \(try plainName(payee))"
        let payment = GroupExpense(
            title: title ?? defaultTitle,
            amount: amount, paidBy: payer, splitBetween: [payee], category: .transfer, date: now)
        let saved = try save(payment, forGroup: groupID)
        let current = try loadGroup(id: groupID)
        if GroupBalances(group: current).isSettled {
            for expense in current.unsettledExpenses { try settleExpense(id: expense.id) }
        }
        return saved
    }

    private func plainName(_ id: UUID) throws -> String {
        try String.fetchOne(db.cachedStatement(sql: "SELECT name FROM financePerson WHERE id = ?"), arguments: [id])
            ?? id.uuidString
    }
}
