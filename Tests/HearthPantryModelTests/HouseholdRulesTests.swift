import Foundation
import HearthCore
import HearthPantryModel
import HearthTestSupport
import Testing

/// "The Smiths": owner ada, admin bo, member cy.
func smiths() throws -> Household {
    var household = try HouseholdRules.create(
        id: "h1", name: "  The Smiths ", description: "  ", ownerId: "ada", memberId: "m1", at: now)
    household = try HouseholdRules.addMember(
        "bo", role: .admin, to: household, by: "ada", memberId: "m2", at: now.addingTimeInterval(1))
    household = try HouseholdRules.addMember(
        "cy", to: household, by: "bo", memberId: "m3", at: now.addingTimeInterval(2))
    return household
}

func roles(_ household: Household) -> [String: MemberRole] {
    Dictionary(uniqueKeysWithValues: household.members.map { ($0.userId, $0.role) })
}

@Suite struct HouseholdRulesTests {
    let later = now.addingTimeInterval(600)

    @Test func creatingMakesTheCreatorTheOwner() throws {
        let household = try smiths()
        #expect(household.name == "The Smiths" && household.description == nil && household.createdBy == "ada")
        #expect(household.members.map(\.userId) == ["ada", "bo", "cy"])
        #expect(household.owner?.userId == "ada" && household.memberCount == 3)
        #expect(HouseholdRules.problems(in: household).isEmpty)
    }

    @Test(arguments: ["", "   ", "\n\t"])
    func householdNameCannotBeEmpty(name: String) {
        expectError(.validationFailed, "Household name cannot be empty") {
            _ = try HouseholdRules.create(id: "h", name: name, ownerId: "ada", memberId: "m", at: now)
        }
    }

    @Test func managersRenameAndDescribe() throws {
        let household = try smiths()
        let renamed = try HouseholdRules.update(
            household, name: " Smith family ", description: " Our flat ", by: "bo", at: later)
        #expect(renamed.name == "Smith family" && renamed.description == "Our flat" && renamed.updatedAt == later)
        #expect(renamed.members == household.members)
        expectError(.validationFailed, "Household name cannot be empty") {
            _ = try HouseholdRules.update(household, name: " ", description: nil, by: "ada", at: later)
        }
        expectError(.unauthorized, "Only the owner or an admin can edit The Smiths.") {
            _ = try HouseholdRules.update(household, name: "Ours", description: nil, by: "cy", at: later)
        }
        expectError(.unauthorized, "You are not a member of The Smiths.") {
            _ = try HouseholdRules.update(household, name: "Ours", description: nil, by: "eve", at: later)
        }
    }

    @Test func addingMembers() throws {
        let household = try smiths()
        let added = try HouseholdRules.addMember(
            "di", role: .admin, to: household, by: "ada", memberId: "m4", at: later)
        #expect(added.members.map(\.userId) == ["ada", "bo", "di", "cy"])
        #expect(added.memberCount == 4 && added.updatedAt == later)
        #expect(
            added.member(userId: "di")
                == HouseholdMember(id: "m4", userId: "di", householdId: "h1", role: .admin, joinedAt: later))
        expectError(.unauthorized, "Only the owner or an admin can add members to The Smiths.") {
            _ = try HouseholdRules.addMember("di", to: household, by: "cy", memberId: "m4", at: later)
        }
        // An admin adds plain members, not admins.
        #expect(
            try HouseholdRules.addMember("di", to: household, by: "bo", memberId: "m4", at: later).member(userId: "di")?
                .role == .member)
        expectError(.unauthorized, "Only the owner makes someone an admin; ask the owner.") {
            _ = try HouseholdRules.addMember("di", role: .admin, to: household, by: "bo", memberId: "m4", at: later)
        }
        expectError(.conflict, "User cy is already a member of The Smiths.") {
            _ = try HouseholdRules.addMember("cy", to: household, by: "ada", memberId: "m4", at: later)
        }
        expectError(
            .validationFailed, "A household has exactly one owner; transfer ownership to make someone the owner."
        ) {
            _ = try HouseholdRules.addMember("di", role: .owner, to: household, by: "ada", memberId: "m4", at: later)
        }
    }

    @Test func ownerAndAdminsChangeRoles() throws {
        let household = try smiths()
        let promoted = try HouseholdRules.changeRole(of: "cy", to: .admin, in: household, by: "ada", at: later)
        #expect(roles(promoted) == ["ada": .owner, "bo": .admin, "cy": .admin])
        #expect(promoted.updatedAt == later)
        // An admin may step down.
        let demoted = try HouseholdRules.changeRole(of: "bo", to: .member, in: promoted, by: "bo", at: later)
        #expect(roles(demoted) == ["ada": .owner, "bo": .member, "cy": .admin])
        #expect(demoted.members.map(\.userId) == ["ada", "cy", "bo"])
        // The same role changes nothing.
        #expect(try HouseholdRules.changeRole(of: "cy", to: .member, in: household, by: "ada", at: later) == household)
    }

    @Test func roleChangeRefusals() throws {
        let household = try smiths()
        expectError(.unauthorized, "Only the owner or an admin can change roles in The Smiths.") {
            _ = try HouseholdRules.changeRole(of: "cy", to: .admin, in: household, by: "cy", at: later)
        }
        expectError(.unauthorized, "You are not a member of The Smiths.") {
            _ = try HouseholdRules.changeRole(of: "cy", to: .admin, in: household, by: "eve", at: later)
        }
        expectError(.unauthorized, "Admins cannot change or remove the owner.") {
            _ = try HouseholdRules.changeRole(of: "ada", to: .member, in: household, by: "bo", at: later)
        }
        expectError(.unauthorized, "Only the owner makes someone an admin; ask the owner.") {
            _ = try HouseholdRules.changeRole(of: "cy", to: .admin, in: household, by: "bo", at: later)
        }
        let twoAdmins = try HouseholdRules.changeRole(of: "cy", to: .admin, in: household, by: "ada", at: later)
        expectError(
            .unauthorized, "Admins manage members, not other admins; ask the owner to change or remove an admin."
        ) {
            _ = try HouseholdRules.changeRole(of: "cy", to: .member, in: twoAdmins, by: "bo", at: later)
        }
        expectError(
            .validationFailed, "The owner cannot change their own role; transfer ownership to another member first."
        ) {
            _ = try HouseholdRules.changeRole(of: "ada", to: .admin, in: household, by: "ada", at: later)
        }
        expectError(
            .validationFailed, "A household has exactly one owner; transfer ownership to make someone the owner."
        ) {
            _ = try HouseholdRules.changeRole(of: "cy", to: .owner, in: household, by: "ada", at: later)
        }
        expectError(.notFound, "User eve is not a member of The Smiths.") {
            _ = try HouseholdRules.changeRole(of: "eve", to: .admin, in: household, by: "ada", at: later)
        }
    }

    @Test func membersLeaveAndManagersRemove() throws {
        let household = try smiths()
        let left = try HouseholdRules.leave(household, userId: "cy", at: later)
        #expect(left.members.map(\.userId) == ["ada", "bo"] && left.memberCount == 2 && left.updatedAt == later)
        let adminLeft = try HouseholdRules.leave(household, userId: "bo", at: later)
        #expect(adminLeft.members.map(\.userId) == ["ada", "cy"])
        let removedByAdmin = try HouseholdRules.removeMember("cy", from: household, by: "bo", at: later)
        #expect(removedByAdmin.members.map(\.userId) == ["ada", "bo"])
        let adminRemovedByOwner = try HouseholdRules.removeMember("bo", from: household, by: "ada", at: later)
        #expect(adminRemovedByOwner.members.map(\.userId) == ["ada", "cy"])
    }

    @Test func removalRefusals() throws {
        let household = try smiths()
        expectError(
            .validationFailed, "The owner cannot leave the household; transfer ownership to another member first."
        ) {
            _ = try HouseholdRules.leave(household, userId: "ada", at: later)
        }
        expectError(.unauthorized, "Admins cannot change or remove the owner.") {
            _ = try HouseholdRules.removeMember("ada", from: household, by: "bo", at: later)
        }
        expectError(.unauthorized, "Only the owner or an admin can remove members from The Smiths.") {
            _ = try HouseholdRules.removeMember("bo", from: household, by: "cy", at: later)
        }
        let twoAdmins = try HouseholdRules.changeRole(of: "cy", to: .admin, in: household, by: "ada", at: later)
        expectError(
            .unauthorized, "Admins manage members, not other admins; ask the owner to change or remove an admin."
        ) {
            _ = try HouseholdRules.removeMember("cy", from: twoAdmins, by: "bo", at: later)
        }
        expectError(.unauthorized, "You are not a member of The Smiths.") {
            _ = try HouseholdRules.removeMember("cy", from: household, by: "eve", at: later)
        }
        expectError(.notFound, "User eve is not a member of The Smiths.") {
            _ = try HouseholdRules.removeMember("eve", from: household, by: "ada", at: later)
        }
    }

    @Test func onlyTheOwnerDeletes() throws {
        let household = try smiths()
        try HouseholdRules.requireDeletion(of: household, by: "ada")
        expectError(.unauthorized, "Only the owner of The Smiths can delete it; ask the owner, or leave the household.")
        {
            try HouseholdRules.requireDeletion(of: household, by: "bo")
        }
        expectError(.unauthorized, "Only the owner of The Smiths can delete it; ask the owner, or leave the household.")
        {
            try HouseholdRules.requireDeletion(of: household, by: "cy")
        }
        expectError(.unauthorized, "You are not a member of The Smiths.") {
            try HouseholdRules.requireDeletion(of: household, by: "eve")
        }
    }

    @Test func transferringOwnershipMakesTheOldOwnerAnAdmin() throws {
        let household = try smiths()
        let transferred = try HouseholdRules.transferOwnership(of: household, to: "cy", by: "ada", at: later)
        #expect(roles(transferred) == ["ada": .admin, "bo": .admin, "cy": .owner])
        #expect(transferred.members.first?.userId == "cy" && transferred.updatedAt == later)
        #expect(HouseholdRules.problems(in: transferred).isEmpty)
        // Now the old owner may leave.
        let left = try HouseholdRules.leave(transferred, userId: "ada", at: later)
        #expect(left.members.map(\.userId) == ["cy", "bo"])
        #expect(HouseholdRules.problems(in: left).isEmpty)
    }

    @Test func transferRefusals() throws {
        let household = try smiths()
        expectError(.unauthorized, "Only the owner of The Smiths can transfer its ownership.") {
            _ = try HouseholdRules.transferOwnership(of: household, to: "cy", by: "bo", at: later)
        }
        expectError(.unauthorized, "You are not a member of The Smiths.") {
            _ = try HouseholdRules.transferOwnership(of: household, to: "cy", by: "eve", at: later)
        }
        expectError(.validationFailed, "You already own The Smiths; choose another member to transfer it to.") {
            _ = try HouseholdRules.transferOwnership(of: household, to: "ada", by: "ada", at: later)
        }
        expectError(.notFound, "User eve is not a member of The Smiths.") {
            _ = try HouseholdRules.transferOwnership(of: household, to: "eve", by: "ada", at: later)
        }
    }

    @Test func everySequenceOfAllowedChangesKeepsExactlyOneOwner() throws {
        var generator = SeededGenerator(seed: 42)
        var household = try smiths()
        let users = ["ada", "bo", "cy", "di", "eve"]
        var succeeded: [Int: Int] = [:]
        for step in 0..<2000 {
            // Mostly act as a current member, so that many attempts are allowed.
            let members = household.members.map(\.userId)
            let actor =
                Int.random(in: 0..<5, using: &generator) == 0
                ? users.randomElement(using: &generator)! : members.randomElement(using: &generator)!
            let target = users.randomElement(using: &generator)!
            let role = MemberRole.allCases.randomElement(using: &generator)!
            let at = now.addingTimeInterval(Double(step))
            let operation = Int.random(in: 0..<5, using: &generator)
            let attempt: () throws -> Household =
                switch operation {
                case 0:
                    {
                        try HouseholdRules.addMember(
                            target, role: role, to: household, by: actor, memberId: "m\(step)", at: at)
                    }
                case 1: { try HouseholdRules.changeRole(of: target, to: role, in: household, by: actor, at: at) }
                case 2: { try HouseholdRules.removeMember(target, from: household, by: actor, at: at) }
                case 3: { try HouseholdRules.transferOwnership(of: household, to: target, by: actor, at: at) }
                default: { try HouseholdRules.leave(household, userId: actor, at: at) }
                }
            if let next = try? attempt() {
                household = next
                succeeded[operation, default: 0] += 1
            }
            #expect(HouseholdRules.problems(in: household).isEmpty)
            #expect(household.memberCount == household.members.count)
        }
        // Every kind of change happened many times.
        #expect(succeeded.keys.sorted() == [0, 1, 2, 3, 4])
        #expect(succeeded.values.allSatisfy { $0 >= 10 }, "\(succeeded)")
    }

    @Test func problemsNameWhatIsWrong() throws {
        let household = try smiths()
        let twoOwners = Household(
            id: "h1", name: "The Smiths", createdBy: "ada", createdAt: now, updatedAt: now,
            members: household.members.map { $0.with(role: .owner) })
        #expect(
            HouseholdRules.problems(in: twoOwners) == ["A household must have exactly one owner; The Smiths has 3."])
        let stray = Household(
            id: "h1", name: "The Smiths", createdBy: "ada", createdAt: now, updatedAt: now,
            members: household.members + [
                HouseholdMember(id: "x", userId: "bo", householdId: "h9", role: .member, joinedAt: now)
            ])
        #expect(
            HouseholdRules.problems(in: stray) == [
                "A user appears more than once among the members of The Smiths.",
                "A membership of another household is listed among the members of The Smiths.",
            ])
    }
}
