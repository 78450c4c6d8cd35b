import ArgumentParser
import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel

/// `hearth pantry household create|list|invite|join|members|role|remove|leave|transfer`.
struct PantryHouseholdCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "household", abstract: "Create households, invite people, and manage members.",
        subcommands: [
            Create.self, List.self, Invite.self, Join.self, Members.self, Role.self, Remove.self, Leave.self,
            Transfer.self,
        ]
    )

    static func line(_ household: Household) -> String {
        "\(household.id)\t\(household.name)\t\(household.memberCount) member\(household.memberCount == 1 ? "" : "s")"
    }

    static func line(_ member: HouseholdMember) -> String {
        "\(member.id)\t\(member.role.rawValue)\tuser \(member.userId)"
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "create", abstract: "Create a household you own.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The household's name.") var name: String
        @Option(help: "A description.") var description: String?

        func run() async throws {
            let household = try await options.withServices { services, _ in
                try await services.households().createHousehold(name: name, description: description)
            }
            try options.output(household) { "Created \(household.name) (\(household.id))." }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "The households you belong to.")
        @OptionGroup var options: PantryOptions

        func run() async throws {
            let households = try await options.withServices { services, _ in
                try await services.households().households()
            }
            try options.output(households) {
                households.isEmpty
                    ? "No households; create one with `hearth pantry household create NAME` or join one with an invite code."
                    : households.map(PantryHouseholdCommand.line).joined(separator: "\n")
            }
        }
    }

    struct Invite: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "invite", abstract: "A new invite code to a household (owner or admin).")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The household's id.") var household: String

        func run() async throws {
            let invite = try await options.withServices { services, _ in
                try await services.households().createInvite(householdId: household)
            }
            try options.output(invite) {
                "Invite code \(invite.code), valid until \(invite.expiresAt.formatted(Date.ISO8601FormatStyle())). Join with `hearth pantry household join \(invite.code)`."
            }
        }
    }

    struct Join: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "join", abstract: "Join a household with an invite code.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The invite code.") var code: String

        func run() async throws {
            let household = try await options.withServices { services, _ in
                try await services.households().joinHousehold(inviteCode: code)
            }
            try options.output(household) { "Joined \(household.name) (\(household.id))." }
        }
    }

    struct Members: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "members", abstract: "A household's members: the owner, then admins, then members.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The household's id.") var household: String

        func run() async throws {
            let members = try await options.withServices { services, _ in
                try await services.households().members(of: household)
            }
            try options.output(members) { members.map(PantryHouseholdCommand.line).joined(separator: "\n") }
        }
    }

    struct Role: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "role", abstract: "Give a member another role (owner or admin only).")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The membership's id (see `hearth pantry household members`).") var member: String
        @Argument(help: "admin or member.") var role: String

        func run() async throws {
            guard let newRole = MemberRole(rawValue: role.trimmingCharacters(in: .whitespaces).lowercased()) else {
                throw ServiceError.validationFailed(
                    "Role \"\(role)\" is not one of: \(MemberRole.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            let changed = try await options.withServices { services, _ in
                try await services.households().updateMemberRole(memberId: member, role: newRole)
            }
            try options.output(changed) { "Member \(changed.id) is now \(changed.role.rawValue)." }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a member from their household.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The membership's id (see `hearth pantry household members`).") var member: String

        func run() async throws {
            try await options.withServices { services, _ in
                try await services.households().removeMember(memberId: member)
            }
            struct Answer: Encodable { let removed: String }
            try options.output(Answer(removed: member)) { "Removed member \(member)." }
        }
    }

    struct Leave: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "leave", abstract: "Leave a household.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The household's id.") var household: String

        func run() async throws {
            try await options.withServices { services, _ in
                try await services.households().leaveHousehold(householdId: household)
            }
            struct Answer: Encodable { let left: String }
            try options.output(Answer(left: household)) { "Left household \(household)." }
        }
    }

    struct Transfer: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "transfer", abstract: "Make another member the owner; you become an admin.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The household's id.") var household: String
        @Argument(help: "The new owner's member id (see `hearth pantry household members`).") var member: String

        func run() async throws {
            let updated = try await options.withServices { services, _ in
                try await services.households().transferOwnership(householdId: household, to: member)
            }
            try options.output(updated) { "\(updated.name) now belongs to member \(member)." }
        }
    }
}
