public import Foundation

/// A household: the people who share a pantry, its recipes and its shopping list.
///
/// ``members`` is sorted owner first, then admins, then members (by join date within a role);
/// ``HouseholdRules`` keeps exactly one owner among them.
public struct Household: Codable, Sendable, Hashable, Identifiable {
    /// The household's id.
    public let id: String
    /// The household's name, trimmed and never empty.
    public let name: String
    /// What the household is for, if anyone said.
    public let description: String?
    /// The user who created the household.
    public let createdBy: String
    /// When the household was created.
    public let createdAt: Date
    /// When the household, or its member list, last changed.
    public let updatedAt: Date
    /// The household's members, owner first.
    public let members: [HouseholdMember]
    /// How many members the household has; equals `members.count` when the members are loaded.
    public let memberCount: Int

    /// A household; `memberCount` defaults to the number of `members`.
    public init(
        id: String, name: String, description: String? = nil, createdBy: String, createdAt: Date, updatedAt: Date,
        members: [HouseholdMember] = [], memberCount: Int? = nil
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.members = members
        self.memberCount = memberCount ?? members.count
    }

    /// The membership of `userId`, if they belong to the household.
    public func member(userId: String) -> HouseholdMember? {
        members.first { $0.userId == userId }
    }

    /// The owner's membership.
    public var owner: HouseholdMember? { members.first { $0.role == .owner } }

    /// The same household with `members` (sorted owner first) and a new `updatedAt`.
    func with(members: [HouseholdMember], updatedAt: Date) -> Household {
        let sorted = members.enumerated().sorted { lhs, rhs in
            if lhs.element.role != rhs.element.role { return lhs.element.role < rhs.element.role }
            if lhs.element.joinedAt != rhs.element.joinedAt { return lhs.element.joinedAt < rhs.element.joinedAt }
            return lhs.offset < rhs.offset
        }.map(\.element)
        return Household(
            id: id, name: name, description: description, createdBy: createdBy, createdAt: createdAt,
            updatedAt: updatedAt, members: sorted)
    }
}
