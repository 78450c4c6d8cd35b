import Foundation
import Graphiti
import HearthCore
import HearthPantryModel
import HearthPermissions

/// The fields of the pantry's types that are read through the request's loaders or the caller's permissions.
extension Household {
    func loadedMembers(context: PantryContext, arguments: NoArguments) async throws -> [HouseholdMember] {
        try await context.loaders.members.load(id) ?? []
    }

    func loadedMemberCount(context: PantryContext, arguments: NoArguments) async throws -> Int {
        try await context.loaders.members.load(id)?.count ?? 0
    }

    func items(context: PantryContext, arguments: NoArguments) async throws -> [PantryItem] {
        let items = try await context.loaders.items.load(id) ?? []
        await context.loaders.bookings.expect(items.map(\.id))
        return items
    }

    /// The invite codes that still work; only those who manage the members see them (others get none).
    func invites(context: PantryContext, arguments: NoArguments) async throws -> [InviteCode] {
        guard try await context.ability().canManageMembers(in: id) else { return [] }
        context.readsTheClock()
        return try await context.loaders.invites.load(id) ?? []
    }

    /// The caller's role here.
    func myRole(context: PantryContext, arguments: NoArguments) async throws -> MemberRole? {
        let viewer = try context.signedIn()
        return try await context.viewerMemberships().first { $0.householdId == id && $0.userId == viewer.userID }?.role
    }

    var createdAtText: String { Timestamp.text(createdAt) }
    var updatedAtText: String { Timestamp.text(updatedAt) }
}

extension HouseholdMember {
    func user(context: PantryContext, arguments: NoArguments) async throws -> AccountRecord? {
        try await context.loaders.accounts.load(userId)
    }

    var joinedAtText: String { Timestamp.text(joinedAt) }
}

extension InviteCode {
    var createdAtText: String { Timestamp.text(createdAt) }
    var expiresAtText: String { Timestamp.text(expiresAt) }
}

extension PantryItem {
    var expirationDay: String? { expirationDate?.iso }
    var barcodeCode: String? { barcode?.code }
    var createdAtText: String { Timestamp.text(createdAt) }
    var updatedAtText: String { Timestamp.text(updatedAt) }

    /// How the item stands today: expired, overdue, due soon, below its minimum, or ok.
    func statuses(context: PantryContext, arguments: NoArguments) -> [ExpiryStatus] {
        ExpiryStatus.statuses(of: self, on: context.today)
    }

    /// The item's bookings, oldest first.
    func bookings(context: PantryContext, arguments: NoArguments) async throws -> [StockBooking] {
        try await context.loaders.bookings.load(id) ?? []
    }
}

extension StockBooking {
    var kindName: String { kind.name }
    var spoiled: Bool { if case .consume(true) = kind { true } else { false } }
    var fromLocation: String? { if case .transfer(let from, _) = kind { from } else { nil } }
    var toLocation: String? { if case .transfer(_, let to) = kind { to } else { nil } }
    var bestBeforeDay: String? { bestBefore?.iso }
    var createdAtText: String { Timestamp.text(createdAt) }
}

/// Times as the schema writes them: ISO 8601 in UTC with milliseconds.
enum Timestamp {
    static func text(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}

extension BarcodeProduct {
    var barcodeCode: String { barcode.code }
}
