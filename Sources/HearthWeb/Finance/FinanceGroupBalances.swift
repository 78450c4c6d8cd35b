public import Foundation
public import HearthFinance

/// A group's balances and the fewest payments that settle them, as `hearth finance balances GROUP` gives them.
public struct FinanceGroupBalances: Sendable, Equatable {
    /// One member's balance: above zero is owed to them, below zero they owe.
    public struct Balance: Sendable, Equatable {
        public var person: UUID
        public var name: String
        public var balance: Decimal
    }

    /// One suggested payment.
    public struct Payment: Sendable, Equatable {
        public var from: UUID
        public var fromName: String
        public var to: UUID
        public var toName: String
        public var amount: Decimal
    }

    /// The group as stored (each expense in its own currency).
    public var group: Group
    public var balances: [Balance]
    public var suggestedPayments: [Payment]
    /// Why expenses in other currencies could not be converted into the book currency (a currency and day
    /// without a rate), when they could not: the balances then count them as they are.
    public var conversionProblem: String?

    /// The balances of `group`, people named from `names` (their id when unknown).
    init(group: Group, names: [UUID: String]) {
        self.group = group
        let figures = GroupBalances(group: group)
        func name(_ id: UUID) -> String { names[id] ?? id.uuidString }
        balances = figures.entries.map { Balance(person: $0.person, name: name($0.person), balance: $0.balance) }
        suggestedPayments = figures.suggestedReimbursements().map {
            Payment(from: $0.from, fromName: name($0.from), to: $0.to, toName: name($0.to), amount: $0.amount)
        }
    }
}
