public import Foundation

/// Someone money is shared with: a friend, a flatmate, a member of a group.
public struct Person: Identifiable, Sendable, Codable, Equatable, Hashable {
    public let id: UUID
    /// Not blank.
    public let name: String
    /// Checked against ``HearthCore/Validation/emailPattern`` when present.
    public let email: String?
    public let phone: String
    public let avatar: Avatar
    /// What this person owes you (positive) or you owe them (negative), tracked by hand.
    public let balance: Decimal
    public let createdDate: Date
    /// When the store last changed this person; set by the store on every change.
    public let updatedAt: Date

    /// A person. Dates keep whole milliseconds, the precision the store keeps.
    public init(
        id: UUID = UUID(),
        name: String,
        email: String? = nil,
        phone: String = "",
        avatar: Avatar? = nil,
        balance: Decimal = 0,
        createdDate: Date = Date(),
        updatedAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.email = email
        self.phone = phone
        self.avatar = avatar ?? .initials(for: name)
        self.balance = balance
        self.createdDate = createdDate.roundedToMilliseconds
        self.updatedAt = (updatedAt ?? createdDate).roundedToMilliseconds
    }

    /// This person with the given changes; fields left nil keep their value.
    public func with(
        name: String? = nil,
        email: String?? = nil,
        phone: String? = nil,
        avatar: Avatar? = nil,
        balance: Decimal? = nil
    ) -> Person {
        Person(
            id: id, name: name ?? self.name, email: email ?? self.email, phone: phone ?? self.phone,
            avatar: avatar ?? self.avatar, balance: balance ?? self.balance,
            createdDate: createdDate, updatedAt: updatedAt)
    }

    func withUpdatedAt(_ date: Date) -> Person {
        Person(
            id: id, name: name, email: email, phone: phone, avatar: avatar, balance: balance,
            createdDate: createdDate, updatedAt: date)
    }
}
