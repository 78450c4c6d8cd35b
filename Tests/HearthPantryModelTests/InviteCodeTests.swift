import Foundation
import HearthCore
import HearthPantryModel
import HearthTestSupport
import Testing

@Suite struct InviteCodeTests {
    @Test func codesAreReadableAndRepeatWithTheSameSeed() {
        var first = SeededGenerator(seed: 7)
        var second = SeededGenerator(seed: 7)
        let codes = (0..<200).map { _ in HouseholdRules.makeInviteCode(using: &first) }
        #expect(codes == (0..<200).map { _ in HouseholdRules.makeInviteCode(using: &second) })
        for code in codes {
            #expect(code.count == 9 && Array(code)[4] == "-")
            #expect(code.filter { $0 != "-" }.allSatisfy { HouseholdRules.inviteAlphabet.contains($0) })
            #expect(!code.contains { "0O1IL".contains($0) })
        }
        #expect(Set(codes).count == 200)
    }

    @Test(arguments: [
        ("abcd-2345", "ABCD-2345"), ("  abcd 2345 ", "ABCD-2345"), ("ABCD2345", "ABCD-2345"),
        ("a-b-c-d-2-3-4-5", "ABCD-2345"),
    ])
    func readsWhatPeopleType(text: String, code: String) throws {
        #expect(try HouseholdRules.normalizedInviteCode(text) == code)
    }

    @Test(arguments: ["", "   ", "\n"])
    func inviteCodeCannotBeEmpty(text: String) {
        expectError(.validationFailed, "Invite code cannot be empty") {
            _ = try HouseholdRules.normalizedInviteCode(text)
        }
    }

    @Test(arguments: ["ABC", "ABCD-23456", "ABCD-O000", "ABCD-234!"])
    func malformedCodesSayWhatACodeLooksLike(text: String) {
        expectError(
            .validationFailed,
            "Invite code \"\(text)\" is not in the form of eight letters and digits, such as ABCD-2345; check it and try again."
        ) {
            _ = try HouseholdRules.normalizedInviteCode(text)
        }
    }

    @Test func managersInviteForSevenDaysByDefault() throws {
        let household = try smiths()
        var generator = SeededGenerator(seed: 1)
        let invite = try HouseholdRules.invite(to: household, by: "bo", at: now, using: &generator)
        #expect(invite.householdId == "h1" && invite.createdBy == "bo" && invite.createdAt == now)
        #expect(invite.expiresAt == now.addingTimeInterval(7 * 86_400) && invite.revokedAt == nil)
        #expect(invite.isUsable(at: now.addingTimeInterval(7 * 86_400 - 1)) && !invite.isUsable(at: invite.expiresAt))
        let short = try HouseholdRules.invite(to: household, by: "ada", at: now, validFor: 3600, using: &generator)
        #expect(short.expiresAt == now.addingTimeInterval(3600))
    }

    @Test func inviteRefusals() throws {
        let household = try smiths()
        var generator = SeededGenerator(seed: 1)
        expectError(.unauthorized, "Only the owner or an admin can invite people to The Smiths.") {
            _ = try HouseholdRules.invite(to: household, by: "cy", at: now, using: &generator)
        }
        expectError(.unauthorized, "You are not a member of The Smiths.") {
            _ = try HouseholdRules.invite(to: household, by: "eve", at: now, using: &generator)
        }
        expectError(.validationFailed, "An invite must stay valid for some time; choose a validity above zero.") {
            _ = try HouseholdRules.invite(to: household, by: "ada", at: now, validFor: 0, using: &generator)
        }
    }

    @Test func aNewCodeNeverRepeatsAnExistingOne() throws {
        let household = try smiths()
        // All bits set picks the alphabet's last character, the top bit alone its middle one.
        var constant = RepeatingGenerator(values: [.max])
        let first = HouseholdRules.makeInviteCode(using: &constant)
        #expect(first == "9999-9999")
        let existing = InviteCode(code: first, householdId: "h1", createdBy: "ada", createdAt: now, expiresAt: now)
        var secondTime = RepeatingGenerator(values: Array(repeating: .max, count: 8) + [1 << 63])
        let invite = try HouseholdRules.invite(
            to: household, by: "ada", at: now, existing: [existing], using: &secondTime)
        #expect(invite.code == "SSSS-SSSS")
        // A generator that never gives anything else fails instead of spinning.
        expectError(.operationFailed, "No unused invite code came up in 100 tries; try again.") {
            _ = try HouseholdRules.invite(to: household, by: "ada", at: now, existing: [existing], using: &constant)
        }
    }

    @Test func joiningByCode() throws {
        let household = try smiths()
        var generator = SeededGenerator(seed: 3)
        let invite = try HouseholdRules.invite(to: household, by: "ada", at: now, using: &generator)
        let typed = " " + invite.code.lowercased().replacingOccurrences(of: "-", with: " ") + " "
        let found = try HouseholdRules.redeem(typed, among: [invite], at: now.addingTimeInterval(60))
        #expect(found == invite)
        let joined = try HouseholdRules.join(
            household, userId: "di", with: found, memberId: "m9", at: now.addingTimeInterval(60))
        #expect(joined.member(userId: "di")?.role == .member)
        #expect(joined.memberCount == 4 && joined.members.last?.userId == "di")
    }

    @Test func joinRefusals() throws {
        let household = try smiths()
        let live = InviteCode(
            code: "ABCD-2345", householdId: "h1", createdBy: "ada", createdAt: now,
            expiresAt: now.addingTimeInterval(86_400))
        let expired = InviteCode(
            code: "EEEE-2345", householdId: "h1", createdBy: "ada", createdAt: now,
            expiresAt: now.addingTimeInterval(-1))
        let revoked = try HouseholdRules.revoke(
            InviteCode(
                code: "RRRR-2345", householdId: "h1", createdBy: "ada", createdAt: now,
                expiresAt: now.addingTimeInterval(86_400)),
            of: household, by: "bo", at: now)
        let invites = [live, expired, revoked]

        expectError(.validationFailed, "Invite code cannot be empty") {
            _ = try HouseholdRules.redeem(" ", among: invites, at: now)
        }
        expectError(
            .notFound, "Invite code ZZZZ-2345 was not found; check the code or ask a household admin for a new one."
        ) {
            _ = try HouseholdRules.redeem("zzzz2345", among: invites, at: now)
        }
        expectError(
            .validationFailed,
            "Invite code EEEE-2345 expired at 2025-03-10T08:59:59Z; ask a household admin for a new one."
        ) {
            _ = try HouseholdRules.redeem("eeee-2345", among: invites, at: now)
        }
        expectError(.validationFailed, "Invite code RRRR-2345 was revoked; ask a household admin for a new one.") {
            _ = try HouseholdRules.redeem("RRRR-2345", among: invites, at: now)
        }
        expectError(.conflict, "You are already a member of The Smiths.") {
            _ = try HouseholdRules.join(household, userId: "cy", with: live, memberId: "m9", at: now)
        }
        expectError(.validationFailed, "Invite code RRRR-2345 was revoked; ask a household admin for a new one.") {
            _ = try HouseholdRules.join(household, userId: "di", with: revoked, memberId: "m9", at: now)
        }
        let elsewhere = InviteCode(
            code: "ABCD-2345", householdId: "h2", createdBy: "x", createdAt: now, expiresAt: now.addingTimeInterval(60))
        expectError(.validationFailed, "Invite code ABCD-2345 is for another household than The Smiths.") {
            _ = try HouseholdRules.join(household, userId: "di", with: elsewhere, memberId: "m9", at: now)
        }
    }

    @Test func revoking() throws {
        let household = try smiths()
        let invite = InviteCode(
            code: "ABCD-2345", householdId: "h1", createdBy: "ada", createdAt: now,
            expiresAt: now.addingTimeInterval(60))
        let revoked = try HouseholdRules.revoke(invite, of: household, by: "ada", at: now.addingTimeInterval(5))
        #expect(revoked.revokedAt == now.addingTimeInterval(5) && !revoked.isUsable(at: now))
        // Revoking again keeps the first time.
        #expect(try HouseholdRules.revoke(revoked, of: household, by: "bo", at: now.addingTimeInterval(30)) == revoked)
        expectError(.unauthorized, "Only the owner or an admin can revoke invites to The Smiths.") {
            _ = try HouseholdRules.revoke(invite, of: household, by: "cy", at: now)
        }
        let elsewhere = InviteCode(code: "ABCD-2345", householdId: "h2", createdBy: "x", createdAt: now, expiresAt: now)
        expectError(.validationFailed, "Invite code ABCD-2345 is for another household than The Smiths.") {
            _ = try HouseholdRules.revoke(elsewhere, of: household, by: "ada", at: now)
        }
    }
}
