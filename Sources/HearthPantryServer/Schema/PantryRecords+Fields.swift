import Foundation
import Graphiti

/// The fields of the pantry's types that are read through the request's loaders.
extension HouseholdRecord {
    func members(context: PantryContext, arguments: NoArguments) async throws -> [MemberRecord] {
        try await context.loaders.members.load(id) ?? []
    }

    func memberCount(context: PantryContext, arguments: NoArguments) async throws -> Int {
        try await context.loaders.members.load(id)?.count ?? 0
    }

    func items(context: PantryContext, arguments: NoArguments) async throws -> [ItemRecord] {
        try await context.loaders.items.load(id) ?? []
    }

    /// The open invites; only owners and admins see them (others get an empty list).
    func invites(context: PantryContext, arguments: NoArguments) async throws -> [InviteRecord] {
        guard try await context.access().canManage(id) else { return [] }
        return try await context.loaders.invites.load(id) ?? []
    }

    /// The caller's role here.
    func myRole(context: PantryContext, arguments: NoArguments) async throws -> MemberRole? {
        try await context.access().role(in: id)
    }

    var createdAtText: String { Timestamp.text(createdAt) }
    var updatedAtText: String { Timestamp.text(updatedAt) }
}

extension MemberRecord {
    func user(context: PantryContext, arguments: NoArguments) async throws -> AccountRecord? {
        try await context.loaders.accounts.load(userID)
    }

    var joinedAtText: String { Timestamp.text(joinedAt) }
}

extension InviteRecord {
    var createdAtText: String { Timestamp.text(createdAt) }
    var expiresAtText: String { Timestamp.text(expiresAt) }
}

extension ItemRecord {
    var createdAtText: String { Timestamp.text(createdAt) }
    var updatedAtText: String { Timestamp.text(updatedAt) }
}

/// Times as the schema writes them: ISO 8601 in UTC with milliseconds.
enum Timestamp {
    static func text(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
