public import Foundation

/// Who owes what in a group: each member's balance from the group's unsettled expenses, and the fewest
/// payments that settle them.
///
/// A positive balance means the group owes that person; a negative one, that they owe the group.
/// Balances are exact to the cent and always add up to zero.
public struct GroupBalances: Sendable, Equatable {
    /// Each person's balance, in the order of the group's members (then anyone else an expense names).
    public let entries: [(person: Person.ID, balance: Decimal)]

    public static func == (lhs: GroupBalances, rhs: GroupBalances) -> Bool {
        lhs.entries.map(\.person) == rhs.entries.map(\.person)
            && lhs.entries.map(\.balance) == rhs.entries.map(\.balance)
    }

    /// The balances of `group`'s members from its unsettled expenses.
    public init(group: Group) {
        self.init(members: group.members, expenses: group.unsettledExpenses)
    }

    /// The balances of `members` from `expenses` (settled ones are skipped): the payer is owed the amount,
    /// and each person it is split between owes their share.
    public init(members: [Person.ID], expenses: [GroupExpense]) {
        var order = members
        var totals: [Person.ID: Decimal] = Dictionary(uniqueKeysWithValues: members.map { ($0, 0) })
        func add(_ person: Person.ID, _ amount: Decimal) {
            if totals[person] == nil { order.append(person) }
            totals[person, default: 0] += amount
        }
        for expense in expenses where !expense.isSettled {
            add(expense.paidBy, expense.amount)
            for share in expense.shares() { add(share.person, -share.amount) }
        }
        entries = order.map { ($0, totals[$0] ?? 0) }
    }

    /// `person`'s balance; zero for someone the group does not name.
    public func balance(of person: Person.ID) -> Decimal {
        entries.first { $0.person == person }?.balance ?? 0
    }

    /// Whether every balance is zero.
    public var isSettled: Bool { entries.allSatisfy { $0.balance == 0 } }

    /// Payments that bring every balance to zero: at most one fewer than the people with a non-zero balance.
    ///
    /// Greedy: the person owing the most pays the person owed the most, as much as settles one of them;
    /// ties go to the lower id. The result is deterministic, and after the first payment is made the rest
    /// of the suggestions stay the same.
    public func suggestedReimbursements() -> [Reimbursement] {
        var creditors = entries.filter { $0.balance > 0 }.map { (person: $0.person, amount: $0.balance) }
        var debtors = entries.filter { $0.balance < 0 }.map { (person: $0.person, amount: -$0.balance) }
        var payments: [Reimbursement] = []
        func byAmount(_ lhs: (person: Person.ID, amount: Decimal), _ rhs: (person: Person.ID, amount: Decimal)) -> Bool
        {
            lhs.amount != rhs.amount ? lhs.amount > rhs.amount : lhs.person.uuidString < rhs.person.uuidString
        }
        while !creditors.isEmpty, !debtors.isEmpty {
            creditors.sort(by: byAmount)
            debtors.sort(by: byAmount)
            let amount = min(creditors[0].amount, debtors[0].amount)
            payments.append(Reimbursement(from: debtors[0].person, to: creditors[0].person, amount: amount))
            creditors[0].amount -= amount
            debtors[0].amount -= amount
            creditors.removeAll { $0.amount == 0 }
            debtors.removeAll { $0.amount == 0 }
        }
        return payments
    }
}
