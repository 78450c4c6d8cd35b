import Foundation
import HearthCore
import HearthStore
import Testing

@testable import HearthFinance

@Suite struct GroupTests {
    struct Trip {
        let store: FinancePersistenceService
        let ada: Person, bo: Person, cy: Person, outsider: Person
        let group: Group
    }

    func trip() async throws -> Trip {
        let (store, _) = try makeStore()
        let ada = try await store.save(Person(id: id(1), name: "Ada"))
        let bo = try await store.save(Person(id: id(2), name: "Bo"))
        let cy = try await store.save(Person(id: id(3), name: "Cy"))
        let outsider = try await store.save(Person(id: id(9), name: "Outsider"))
        let group = try await store.save(Group(name: "Trip", emoji: "🏔️", members: [ada.id, bo.id, cy.id]))
        return Trip(store: store, ada: ada, bo: bo, cy: cy, outsider: outsider, group: group)
    }

    @Test func expensesMustStayInsideTheGroup() async throws {
        let t = try await trip()
        let missingGroup = UUID()
        await expectError(
            .relationshipError,
            "Group \(missingGroup.uuidString) does not exist; create the group before adding expenses to it"
        ) {
            try await t.store.save(
                GroupExpense(title: "Hut", amount: 90, paidBy: t.ada.id, splitBetween: [t.ada.id]),
                forGroup: missingGroup)
        }
        await expectError(.relationshipError, "The payer \"Outsider\" is not a member of group \"Trip\"") {
            try await t.store.save(
                GroupExpense(title: "Hut", amount: 90, paidBy: t.outsider.id, splitBetween: [t.ada.id]),
                forGroup: t.group.id)
        }
        await expectError(
            .relationshipError,
            "\"Outsider\" is not a member of group \"Trip\"; split expenses only between its members"
        ) {
            try await t.store.save(
                GroupExpense(title: "Hut", amount: 90, paidBy: t.ada.id, splitBetween: [t.ada.id, t.outsider.id]),
                forGroup: t.group.id)
        }
        #expect(try await t.store.fetchUnsettledExpenses().isEmpty)
        await expectError(.relationshipError) { try await t.store.save(Group(name: "Ghosts", members: [UUID()])) }
    }

    @Test func balancesSuggestionsAndSettlingUp() async throws {
        let t = try await trip()
        try await t.store.save(
            GroupExpense(title: "Hut", amount: 90, paidBy: t.ada.id, splitBetween: [t.ada.id, t.bo.id, t.cy.id]),
            forGroup: t.group.id)
        try await t.store.save(
            GroupExpense(
                title: "Fuel", amount: 30, paidBy: t.bo.id, splitBetween: [t.bo.id, t.cy.id],
                split: .exactAmounts([t.bo.id: 10, t.cy.id: 20])), forGroup: t.group.id)
        let balances = try await t.store.balances(forGroup: t.group.id)
        #expect(balances.balance(of: t.ada.id) == 60)
        #expect(balances.balance(of: t.bo.id) == -10)
        #expect(balances.balance(of: t.cy.id) == -50)
        let suggestions = balances.suggestedReimbursements()
        #expect(
            suggestions == [
                Reimbursement(from: t.cy.id, to: t.ada.id, amount: 50),
                Reimbursement(from: t.bo.id, to: t.ada.id, amount: 10),
            ])
        #expect(try await t.store.fetchGroupsWithUnsettledExpenses().map(\.name) == ["Trip"])

        try await t.store.settleUp(group: t.group.id, from: t.cy.id, to: t.ada.id, amount: 50)
        let after = try await t.store.balances(forGroup: t.group.id)
        #expect(after.suggestedReimbursements() == [Reimbursement(from: t.bo.id, to: t.ada.id, amount: 10)])
        let payment = try await t.store.settleUp(group: t.group.id, from: t.bo.id, to: t.ada.id, amount: 10)
        #expect(payment.title == "Settlement: Bo paid Ada")
        #expect(payment.category == .transfer)
        // Everyone is even: every expense of the group is settled.
        #expect(try await t.store.fetchUnsettledExpenses().isEmpty)
        #expect(try await t.store.fetchGroupsWithUnsettledExpenses().isEmpty)
        #expect(try await t.store.fetchGroup(byID: t.group.id)?.expenses.count == 4)
        #expect(try await t.store.fetchGroup(byID: t.group.id)?.totalAmount == 180)
    }

    @Test func settleUpRejectsNonsense() async throws {
        let t = try await trip()
        await expectError(.validationFailed, "A settlement needs two different people") {
            try await t.store.settleUp(group: t.group.id, from: t.ada.id, to: t.ada.id, amount: 5)
        }
        await expectError(.validationFailed, "Settlement amount must be greater than 0") {
            try await t.store.settleUp(group: t.group.id, from: t.ada.id, to: t.bo.id, amount: 0)
        }
        await expectError(.relationshipError) {
            try await t.store.settleUp(group: t.group.id, from: t.outsider.id, to: t.bo.id, amount: 5)
        }
        #expect(try await t.store.fetchExpenses(forGroup: t.group.id).isEmpty)
    }

    @Test func settlingOneExpenseTakesItOutOfTheBalances() async throws {
        let t = try await trip()
        let hut = try await t.store.save(
            GroupExpense(title: "Hut", amount: 90, paidBy: t.ada.id, splitBetween: [t.ada.id, t.bo.id, t.cy.id]),
            forGroup: t.group.id)
        try await t.store.save(
            GroupExpense(title: "Snacks", amount: 10, paidBy: t.bo.id, splitBetween: [t.ada.id, t.bo.id]),
            forGroup: t.group.id)
        let settled = try await t.store.settleExpense(id: hut.id)
        #expect(settled.isSettled)
        #expect(try await t.store.fetchUnsettledExpenses().map(\.title) == ["Snacks"])
        #expect(try await t.store.balances(forGroup: t.group.id).balance(of: t.bo.id) == 5)
        await expectError(.entityNotFound) { try await t.store.settleExpense(id: UUID()) }
    }

    @Test func membersNamedByExpensesCannotBeRemoved() async throws {
        let t = try await trip()
        try await t.store.save(
            GroupExpense(title: "Hut", amount: 90, paidBy: t.ada.id, splitBetween: [t.ada.id, t.cy.id]),
            forGroup: t.group.id)
        await expectError(.relationshipError, "Cannot remove \"Cy\" from group \"Trip\": expense \"Hut\" names them") {
            try await t.store.updateGroup(t.group.with(members: [t.ada.id, t.bo.id]))
        }
        try await t.store.updateGroup(t.group.with(name: "Alps", members: [t.ada.id, t.cy.id]))
        #expect(try await t.store.fetchGroup(byID: t.group.id)?.members == [t.ada.id, t.cy.id])
    }

    @Test func savingAGroupSavesItsExpensesAndDeletingRemovesThem() async throws {
        let t = try await trip()
        let expense = GroupExpense(
            title: "Dinner", amount: 60, paidBy: t.bo.id, splitBetween: [t.ada.id, t.bo.id],
            split: .shares([t.ada.id: 2, t.bo.id: 1]))
        let saved = try await t.store.save(t.group.with(expenses: [expense]))
        #expect(saved.expenses.map(\.title) == ["Dinner"])
        #expect(saved.expenses.first?.shares().map(\.amount) == [40, 20])
        let other = try await t.store.save(Group(name: "Other", members: [t.ada.id]))
        await expectError(.relationshipError) {
            try await t.store.save(expense.with(splitBetween: [t.ada.id], split: .evenly), forGroup: other.id)
        }
        try await t.store.updateExpense(expense.with(title: "Dinner out"))
        #expect(try await t.store.fetchExpense(byID: expense.id)?.title == "Dinner out")
        try await t.store.deleteGroup(id: t.group.id)
        #expect(try await t.store.fetchGroup(byID: t.group.id) == nil)
        #expect(try await t.store.fetchExpense(byID: expense.id) == nil)
        #expect(try await t.store.fetchAllGroups().map(\.name) == ["Other"])
        await expectError(.entityNotFound) { try await t.store.deleteGroup(id: t.group.id) }
        await expectError(.entityNotFound) { try await t.store.updateExpense(expense) }
        await expectError(.entityNotFound) { try await t.store.deleteExpense(id: expense.id) }
    }
}
