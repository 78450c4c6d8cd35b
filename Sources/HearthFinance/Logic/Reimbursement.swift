public import Foundation

/// A suggested payment that settles debts in a group.
public struct Reimbursement: Sendable, Equatable, Hashable, Codable {
    /// Who pays.
    public let from: Person.ID
    /// Who is paid.
    public let to: Person.ID
    /// How much, greater than zero.
    public let amount: Decimal

    public init(from: Person.ID, to: Person.ID, amount: Decimal) {
        self.from = from
        self.to = to
        self.amount = amount
    }
}
