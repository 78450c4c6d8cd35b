public import Foundation
import HearthCore
public import HearthFinance

/// People, groups and a group's expenses changed and deleted from the pages, and the pages' last change undone,
/// as the `hearth finance people`, `groups`, `expenses` and `undo` commands do.
extension FinanceRecords {
    // MARK: People

    /// The user's person `id`.
    /// - Throws: ``ServiceError`` `notFound` when the user has no such person.
    public func person(_ id: UUID, userID: String, now: Date) async throws -> Person {
        let finance = try await recent(userID, now: now)
        return try Self.found(try await Self.reading { try await finance.fetchPerson(byID: id) }, "person", id)
    }

    /// Changes person `id`'s name and address (the rest kept).
    /// - Throws: ``ServiceError`` `validationFailed` naming each bad field (nothing is saved), `notFound`.
    @discardableResult
    public func updatePerson(_ id: UUID, _ form: FinancePersonForm, userID: String, now: Date) async throws -> Person {
        let typed = try form.person(now: now)
        let finance = try await current(userID, now: now)
        let old = try Self.found(try await Self.reading { try await finance.fetchPerson(byID: id) }, "person", id)
        let changed = old.with(name: typed.name, email: .some(typed.email))
        return try await saving(userID) { try await Self.reading { try await finance.updatePerson(changed) } }
    }

    /// Deletes person `id`.
    /// - Throws: ``ServiceError`` `validationFailed` while a group or a shared subscription names them (nothing
    ///   is deleted; the message names it), `notFound`.
    public func removePerson(_ id: UUID, userID: String, now: Date) async throws {
        let finance = try await current(userID, now: now)
        _ = try Self.found(try await Self.reading { try await finance.fetchPerson(byID: id) }, "person", id)
        try await saving(userID) { try await Self.reading { try await finance.deletePerson(id: id) } }
    }

    // MARK: Groups

    /// Renames group `id` and sets who is in it (its expenses kept).
    /// - Throws: ``ServiceError`` `validationFailed` naming each bad field, or a member its expenses still name
    ///   (nothing is saved); `notFound`.
    @discardableResult
    public func updateGroup(_ id: UUID, _ form: FinanceGroupForm, userID: String, now: Date) async throws -> Group {
        let finance = try await current(userID, now: now)
        let old = try Self.found(try await Self.reading { try await finance.fetchGroup(byID: id) }, "group", id)
        let typed = try form.group(people: try await Self.reading { try await finance.fetchAllPeople() }, now: now)
        let changed = old.with(name: typed.name, members: typed.members, expenses: [], updatedAt: now)
        return try await saving(userID) { try await Self.reading { try await finance.updateGroup(changed) } }
    }

    /// Deletes group `id` and its expenses, as `hearth finance groups delete` does.
    /// - Throws: ``ServiceError`` `notFound`.
    public func removeGroup(_ id: UUID, userID: String, now: Date) async throws {
        let finance = try await current(userID, now: now)
        _ = try Self.found(try await Self.reading { try await finance.fetchGroup(byID: id) }, "group", id)
        try await saving(userID) { try await Self.reading { try await finance.deleteGroup(id: id) } }
    }

    // MARK: A group's expenses

    /// Expense `id` of the user's group `groupID`, with the group.
    /// - Throws: ``ServiceError`` `notFound` when the group has no such expense.
    public func groupExpense(_ id: UUID, group groupID: UUID, userID: String, now: Date) async throws
        -> (expense: GroupExpense, group: FinanceGroupBalances)
    {
        let group = try await self.group(id: groupID, userID: userID, now: now)
        let expense = try Self.found(group.group.expenses.first { $0.id == id }, "expense in this group", id)
        return (expense, group)
    }

    /// Changes expense `id` of group `groupID` to the form's values (how it is split included; whether it is
    /// settled kept), as `hearth finance expenses update` does; the balances follow.
    /// - Throws: ``ServiceError`` `validationFailed` naming each bad field (nothing is saved), `notFound`.
    @discardableResult
    public func updateGroupExpense(_ id: UUID, _ form: FinanceExpenseForm, userID: String, now: Date) async throws
        -> GroupExpense
    {
        let finance = try await current(userID, now: now)
        let group = try Self.found(
            try await Self.reading { try await finance.fetchGroup(byID: form.groupID) }, "group", form.groupID)
        let old = try Self.found(group.expenses.first { $0.id == id }, "expense in this group", id)
        let names = try await Self.reading { try await Self.names(in: finance) }
        let typed = try form.expense(in: group, names: names, calendar: calendar, now: now)
        let changed = old.with(
            title: typed.title, amount: typed.amount, paidBy: typed.paidBy, splitBetween: typed.splitBetween,
            split: typed.split, category: typed.category, date: typed.date, notes: typed.notes,
            currency: .some(typed.currency), updatedAt: now)
        return try await saving(userID) { try await Self.reading { try await finance.updateExpense(changed) } }
    }

    // MARK: Undo

    /// What undo would undo next: the label of the pages' last change still kept, such as "Save transaction
    /// Coffee", or nil.
    public func nextUndo(userID: String, now: Date) async throws -> String? {
        let finance = try await recent(userID, now: now)
        return try await Self.reading { try await finance.nextUndo() }
    }

    /// Undoes the pages' last change still kept, as `hearth finance undo` does, and sends what it puts back to
    /// the devices; nil when there is nothing to undo.
    /// - Throws: ``ServiceError`` `validationFailed` when later changes depend on it (nothing is changed).
    @discardableResult
    public func undo(userID: String, now: Date) async throws -> HistoryStep? {
        let finance = try await current(userID, now: now)
        return try await saving(userID) { try await Self.reading { try await finance.undo() } }
    }
}
