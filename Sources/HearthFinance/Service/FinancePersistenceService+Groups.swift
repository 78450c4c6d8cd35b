public import Foundation
import GRDB

extension FinancePersistenceService {
    @discardableResult
    public func save(_ group: Group) async throws -> Group {
        try await write("Save group \(group.name)") { try $0.save(group) }
    }

    nonisolated public func fetchAllGroups() async throws -> [Group] {
        try await read { db in
            try FinanceQueries.withExpenses(try FinanceQueries.all(Group.self, "ORDER BY name, localID")(db), db)
        }
    }

    nonisolated public func fetchGroup(byID id: UUID) async throws -> Group? {
        try await read { db in
            guard let group = try FinanceQueries.one(Group.self, id: id, db) else { return nil }
            return try FinanceQueries.withExpenses([group], db).first
        }
    }

    @discardableResult
    public func updateGroup(_ group: Group) async throws -> Group {
        try await write("Update group \(group.name)", .update) { try $0.updateGroup(group) }
    }

    public func deleteGroup(id: UUID) async throws {
        try await write("Delete group", .delete) { try $0.deleteGroup(id: id) }
    }

    nonisolated public func fetchGroupsWithUnsettledExpenses() async throws -> [Group] {
        try await read { db in
            let groups = try FinanceQueries.all(
                Group.self,
                """
                WHERE EXISTS (SELECT 1 FROM financeGroupExpense e WHERE e.groupID = financeGroup.id AND e.isSettled = 0)
                ORDER BY name, localID
                """)(db)
            return try FinanceQueries.withExpenses(groups, db)
        }
    }

    @discardableResult
    public func save(_ expense: GroupExpense, forGroup groupID: UUID) async throws -> GroupExpense {
        try await write("Save expense \(expense.title)") { try $0.save(expense, forGroup: groupID) }
    }

    nonisolated public func fetchExpense(byID id: UUID) async throws -> GroupExpense? {
        try await read { try FinanceQueries.one(StoredExpense.self, id: id, $0)?.expense }
    }

    /// The expenses of group `id`, oldest first.
    nonisolated public func fetchExpenses(forGroup id: UUID) async throws -> [GroupExpense] {
        try await read(FinanceQueries.all(StoredExpense.self, "WHERE groupID = ? ORDER BY date, localID", [id])).map(
            \.expense)
    }

    @discardableResult
    public func updateExpense(_ expense: GroupExpense) async throws -> GroupExpense {
        try await write("Update expense \(expense.title)", .update) { try $0.updateExpense(expense) }
    }

    public func deleteExpense(id: UUID) async throws {
        try await write("Delete expense", .delete) { try $0.deleteExpense(id: id) }
    }

    nonisolated public func fetchUnsettledExpenses() async throws -> [GroupExpense] {
        try await read(FinanceQueries.fetch(StoredExpense.self, sql: FinanceQueries.unsettledExpensesSQL)).map(
            \.expense)
    }

    @discardableResult
    public func settleExpense(id: UUID) async throws -> GroupExpense {
        try await write("Settle expense", .update) { try $0.settleExpense(id: id) }
    }

    nonisolated public func balances(forGroup id: UUID) async throws -> GroupBalances {
        guard let group = try await fetchGroup(byID: id) else {
            throw PersistenceError.entityNotFound(id, entity: "Group")
        }
        return GroupBalances(group: group)
    }

    @discardableResult
    public func settleUp(group groupID: UUID, from payer: UUID, to payee: UUID, amount: Decimal) async throws
        -> GroupExpense
    {
        try await write("Settle up") { try $0.settleUp(group: groupID, from: payer, to: payee, amount: amount) }
    }
}
