public import Foundation
import HearthCore

extension HouseholdRules {
    /// The characters invite codes are made of: capital letters and digits without look-alikes (0/O, 1/I/L).
    public static let inviteAlphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")

    /// How long an invite code works unless told otherwise: seven days.
    public static let defaultInviteValidity: TimeInterval = 7 * 24 * 60 * 60

    /// A new code, `XXXX-XXXX`, drawn from ``inviteAlphabet`` with `generator`.
    public static func makeInviteCode(using generator: inout some RandomNumberGenerator) -> String {
        let characters = (0..<8).map { _ in inviteAlphabet[Int.random(in: 0..<inviteAlphabet.count, using: &generator)]
        }
        return String(characters[0..<4]) + "-" + String(characters[4..<8])
    }

    /// What someone typed as an invite code, in its canonical `XXXX-XXXX` form: trimmed, upper-cased, spaces and
    /// dashes ignored.
    /// - Throws: ``ServiceError`` (validation failed) "Invite code cannot be empty", or a message naming the form
    ///   when it is not eight characters of ``inviteAlphabet``.
    public static func normalizedInviteCode(_ text: String) throws -> String {
        let trimmed = try Validation.requireNonBlank(text, "Invite code cannot be empty")
        let characters = trimmed.uppercased().filter { !$0.isWhitespace && $0 != "-" }
        guard characters.count == 8, characters.allSatisfy(inviteAlphabet.contains) else {
            throw ServiceError.validationFailed(
                "Invite code \"\(trimmed)\" is not in the form of eight letters and digits, such as ABCD-2345; check it and try again."
            )
        }
        return String(characters.prefix(4)) + "-" + String(characters.suffix(4))
    }

    /// A new invite to `household`, made by its owner or an admin, working for `validity` seconds from `now`.
    ///
    /// The code differs from every code in `existing`.
    /// - Throws: ``ServiceError`` — unauthorized for anyone else; validation failed when `validity` is not
    ///   above zero; operation failed when `generator` gives no unused code in 100 tries.
    public static func invite(
        to household: Household, by actorId: String, at now: Date,
        validFor validity: TimeInterval = defaultInviteValidity,
        existing: [InviteCode] = [], using generator: inout some RandomNumberGenerator
    ) throws -> InviteCode {
        try requireManager(actorId, of: household, to: "invite people to")
        guard validity.isFinite, validity > 0 else {
            throw ServiceError.validationFailed(
                "An invite must stay valid for some time; choose a validity above zero.")
        }
        let taken = Set(existing.map(\.code))
        // 31^8 codes make a collision rare; a bound keeps a broken generator from spinning forever.
        for _ in 0..<100 {
            let code = makeInviteCode(using: &generator)
            guard !taken.contains(code) else { continue }
            return InviteCode(
                code: code, householdId: household.id, createdBy: actorId, createdAt: now,
                expiresAt: now.addingTimeInterval(validity))
        }
        throw ServiceError.operationFailed("No unused invite code came up in 100 tries; try again.")
    }

    /// `invite` withdrawn at `now` by the owner or an admin of `household`; an invite already revoked stays as it was.
    /// - Throws: ``ServiceError`` — unauthorized for anyone else; validation failed when the invite is for
    ///   another household.
    public static func revoke(_ invite: InviteCode, of household: Household, by actorId: String, at now: Date) throws
        -> InviteCode
    {
        try requireManager(actorId, of: household, to: "revoke invites to")
        guard invite.householdId == household.id else {
            throw ServiceError.validationFailed(
                "Invite code \(invite.code) is for another household than \(household.name).")
        }
        guard invite.revokedAt == nil else { return invite }
        return InviteCode(
            code: invite.code, householdId: invite.householdId, createdBy: invite.createdBy,
            createdAt: invite.createdAt, expiresAt: invite.expiresAt, revokedAt: now)
    }

    /// The invite `text` names among `invites`, if it can still be used at `now`.
    /// - Throws: ``ServiceError`` — validation failed for an empty or malformed code, a revoked one or an expired
    ///   one; not found for a code no invite has.
    public static func redeem(_ text: String, among invites: [InviteCode], at now: Date) throws -> InviteCode {
        let code = try normalizedInviteCode(text)
        guard let invite = invites.first(where: { $0.code == code }) else {
            throw ServiceError(
                .notFound, "Invite code \(code) was not found; check the code or ask a household admin for a new one.")
        }
        if invite.revokedAt != nil {
            throw ServiceError.validationFailed("Invite code \(code) was revoked; ask a household admin for a new one.")
        }
        guard now < invite.expiresAt else {
            let expiry = invite.expiresAt.formatted(Date.ISO8601FormatStyle())
            throw ServiceError.validationFailed(
                "Invite code \(code) expired at \(expiry); ask a household admin for a new one.")
        }
        return invite
    }

    /// `household` with `userId` joined as a member through `invite`.
    /// - Throws: ``ServiceError`` — validation failed when the invite is for another household, revoked or
    ///   expired; conflict when the user already belongs.
    public static func join(
        _ household: Household, userId: String, with invite: InviteCode, memberId: String, at now: Date
    ) throws -> Household {
        guard invite.householdId == household.id else {
            throw ServiceError.validationFailed(
                "Invite code \(invite.code) is for another household than \(household.name).")
        }
        _ = try redeem(invite.code, among: [invite], at: now)
        guard household.member(userId: userId) == nil else {
            throw ServiceError(.conflict, "You are already a member of \(household.name).")
        }
        let member = HouseholdMember(
            id: memberId, userId: userId, householdId: household.id, role: .member, joinedAt: now)
        return household.with(members: household.members + [member], updatedAt: now)
    }
}
