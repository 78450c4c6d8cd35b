public import Foundation

/// People who share expenses: a trip, a flat, a dinner club.
public struct Group: Identifiable, Sendable, Codable, Equatable, Hashable {
    public let id: UUID
    /// Not blank.
    public let name: String
    public let description: String
    public let emoji: String
    /// The people in the group, at least one.
    public let members: [Person.ID]
    /// The group's expenses, oldest first. Saving a group saves these too (it never deletes any).
    public let expenses: [GroupExpense]
    public let createdDate: Date
    /// When the store last changed the group itself; set by the store on every change.
    public let updatedAt: Date

    /// A group. Dates keep whole milliseconds, the precision the store keeps.
    public init(
        id: UUID = UUID(),
        name: String,
        description: String = "",
        emoji: String = "👥",
        members: [Person.ID],
        expenses: [GroupExpense] = [],
        createdDate: Date = Date(),
        updatedAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.emoji = emoji
        self.members = members
        self.expenses = expenses
        self.createdDate = createdDate.roundedToMilliseconds
        self.updatedAt = (updatedAt ?? createdDate).roundedToMilliseconds
    }

    /// Everything spent in the group.
    public var totalAmount: Decimal { expenses.reduce(0) { $0 + $1.amount } }

    /// The expenses not yet settled.
    public var unsettledExpenses: [GroupExpense] { expenses.filter { !$0.isSettled } }

    /// This group with the given changes; fields left nil keep their value.
    public func with(
        name: String? = nil,
        description: String? = nil,
        emoji: String? = nil,
        members: [Person.ID]? = nil,
        expenses: [GroupExpense]? = nil,
        updatedAt: Date? = nil
    ) -> Group {
        Group(
            id: id, name: name ?? self.name, description: description ?? self.description, emoji: emoji ?? self.emoji,
            members: members ?? self.members, expenses: expenses ?? self.expenses, createdDate: createdDate,
            updatedAt: updatedAt ?? self.updatedAt)
    }
}
