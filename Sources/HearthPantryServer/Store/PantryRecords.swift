import Foundation

/// A member's role in a household, from most to least powerful; owners and admins manage the household.
enum MemberRole: String, Sendable, CaseIterable, Codable {
    case owner, admin, member

    /// 0 for owners, 1 for admins, 2 for members.
    var sortOrder: Int { Self.allCases.firstIndex(of: self) ?? 2 }
    /// Whether the role may change the household and its members.
    var managesHousehold: Bool { self != .member }
}

/// A household as stored.
struct HouseholdRecord: Sendable, Equatable {
    var id: String
    var name: String
    var description: String?
    var createdBy: String
    var createdAt: Date
    var updatedAt: Date
}

/// One user's membership of a household, as stored.
struct MemberRecord: Sendable, Equatable {
    var id: String
    var householdID: String
    var userID: String
    var role: MemberRole
    var joinedAt: Date
}

/// An invitation code to join a household with a role.
struct InviteRecord: Sendable, Equatable {
    var code: String
    var householdID: String
    var role: MemberRole
    var createdBy: String
    var createdAt: Date
    var expiresAt: Date
    var revokedAt: Date?
}

/// A pantry item as stored.
struct ItemRecord: Sendable, Equatable {
    var id: String
    var householdID: String
    var name: String
    var quantity: Double
    var unit: String
    var category: String
    var expirationDate: String?
    var location: String?
    var notes: String?
    var addedBy: String
    var createdAt: Date
    var updatedAt: Date
}

/// What the pantry shows of an account of the server.
struct AccountRecord: Sendable, Equatable {
    var id: String
    var email: String
}
