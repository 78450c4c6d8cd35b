import ArgumentParser
import Foundation
import HearthCloudModel
import HearthCore
import HearthExchange
import HearthHealth

/// `hearth health share …`: share records with other people through a Hearth server.
struct HealthShareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Share health records with other people through a Hearth server.",
        discussion: """
            Sign in as for hearth health sync (--server URL, and --email/--password the first time).
              hearth health share create Rex                 # prints the share link to give
              hearth health share accept LINK                # on the other person's side: Rex arrives as a shared record
              hearth health share participants Rex
              hearth health share remove Rex bob@example.com # their copy goes at their next sync
              hearth health share leave Rex                  # a record shared with you: your copy goes
            Every step is written to the debug log (hearth health debug-log).
            """,
        subcommands: [Create.self, Invite.self, Accept.self, Participants.self, Remove.self, Leave.self, Stop.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Share a cloud-enabled record (syncing it first when needed) and print the link to give.",
            discussion:
                "Anyone holding the link can join with the access --link gives (default read-write); --link none admits only people invited with hearth health share invite, who still need the link."
        )
        @OptionGroup var options: HealthOptions
        @OptionGroup var signIn: SyncSignInOptions
        @Argument(help: "The record: its name or the start of its id.") var record: String
        @Option(help: "What anyone with the link may do: read-write, read-only or none.") var link = "read-write"

        func run() async throws {
            let permission = try HealthShareCommand.permission(link, option: "--link", allowsNone: true)
            try await HealthCloud.run(options: options, signIn: signIn) { cloud in
                try await cloud.sharing.createShare(
                    try await cloud.record(record, options: options).uuid, linkPermission: permission)
            } output: { share, _ in
                if options.json { return try options.print(json: share) }
                print(
                    "Shared \(record). Share link (give it to the people you share with; they run hearth health share accept LINK):"
                )
                print(share.link)
            }
        }
    }

    struct Invite: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Invite someone by e-mail to a record's share (sharing it, invite-only, when it is not shared yet).")
        @OptionGroup var options: HealthOptions
        @OptionGroup var signIn: SyncSignInOptions
        @Argument(help: "The record.") var record: String
        @Argument(help: "Their e-mail: the account they sign in to the server with.") var email: String
        @Option(help: "read-write or read-only.") var permission = "read-write"

        func run() async throws {
            let access = try HealthShareCommand.permission(permission, option: "--permission", allowsNone: false)
            try await HealthCloud.run(options: options, signIn: signIn) { cloud in
                try await cloud.sharing.invite(
                    email, to: try await cloud.record(record, options: options).uuid, permission: access)
            } output: { share, _ in
                if options.json { return try options.print(json: share) }
                print("Invited \(email). Give them the share link:")
                print(share.link)
            }
        }
    }

    struct Accept: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Join a share with the link its owner gave you; the record arrives as a shared record.")
        @OptionGroup var options: HealthOptions
        @OptionGroup var signIn: SyncSignInOptions
        @Argument(help: "The share link.") var link: String

        func run() async throws {
            try await HealthCloud.run(options: options, signIn: signIn) { cloud in
                try await cloud.sharing.accept(link)
            } output: { acceptance, _ in
                if options.json { return try options.print(json: acceptance) }
                if let record = acceptance.record {
                    print(
                        "Joined the share: \(record.displayName) (\(record.uuid.prefix(8))) is here, shared with you.")
                } else {
                    print(
                        "Joined the share. Its record is end-to-end encrypted: \(acceptance.ownerName)'s device hands this device"
                    )
                    print("its key at their next sync; run `hearth health sync` after that and the record appears.")
                }
                if let fingerprint = acceptance.fingerprint {
                    print(
                        "Your key's fingerprint, for the owner to compare with what their device shows: \(fingerprint)")
                }
            }
        }
    }

    struct Participants: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the people in a record's share.")
        @OptionGroup var options: HealthOptions
        @OptionGroup var signIn: SyncSignInOptions
        @Argument(help: "The record.") var record: String

        func run() async throws {
            try await HealthCloud.run(options: options, signIn: signIn) { cloud in
                try await cloud.sharing.participants(of: try await cloud.record(record, options: options).uuid)
            } output: { participants, _ in
                if options.json { return try options.print(json: participants) }
                HealthShareCommand.printTable(participants)
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove someone from the share of a record you own; their copy goes at their next sync.")
        @OptionGroup var options: HealthOptions
        @OptionGroup var signIn: SyncSignInOptions
        @Argument(help: "The record.") var record: String
        @Argument(help: "The participant: their e-mail (or id, see share participants).") var participant: String

        func run() async throws {
            try await HealthCloud.run(options: options, signIn: signIn) { cloud in
                try await cloud.sharing.removeParticipant(
                    participant, from: try await cloud.record(record, options: options).uuid)
            } output: { participants, _ in
                if options.json { return try options.print(json: participants) }
                print("Removed \(participant) from the share of \(record).")
                HealthShareCommand.printTable(participants)
            }
        }
    }

    struct Leave: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Leave the share of a record someone shared with you; your copy is removed.")
        @OptionGroup var options: HealthOptions
        @OptionGroup var signIn: SyncSignInOptions
        @Argument(help: "The record.") var record: String

        func run() async throws {
            try await HealthCloud.run(options: options, signIn: signIn) { cloud in
                let found = try await cloud.record(record, options: options)
                try await cloud.sharing.leave(found.uuid)
                return found
            } output: { found, _ in
                if options.json { return try options.print(json: ["left": found.uuid]) }
                print("Left the share of \(found.displayName); it is no longer on this device.")
            }
        }
    }

    struct Stop: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Stop sharing a record you own; everyone in the share loses it at their next sync.")
        @OptionGroup var options: HealthOptions
        @OptionGroup var signIn: SyncSignInOptions
        @Argument(help: "The record.") var record: String

        func run() async throws {
            try await HealthCloud.run(options: options, signIn: signIn) { cloud in
                let found = try await cloud.record(record, options: options)
                try await cloud.sharing.stopSharing(found.uuid)
                return found
            } output: { found, _ in
                if options.json { return try options.print(json: ["stopped": found.uuid]) }
                print("Stopped sharing \(found.displayName); it stays in your cloud.")
            }
        }
    }

    /// The permission `text` names: read-write, read-only, or (when allowed) none.
    static func permission(_ text: String, option: String, allowsNone: Bool) throws -> CloudSharePermission {
        switch text.lowercased() {
        case "read-write", "readwrite", "rw": return .readWrite
        case "read-only", "readonly", "ro": return .readOnly
        case "none" where allowsNone: return CloudSharePermission.none
        default:
            throw ValidationError(
                "\(option) \"\(text)\" is not one of read-write, read-only\(allowsNone ? ", none" : "")")
        }
    }

    static func printTable(_ participants: [HealthShareParticipant]) {
        print(
            TextTable.render(
                ["WHO", "ROLE", "ACCESS", "STATUS", "ID"],
                participants.map {
                    [
                        $0.name, $0.role.rawValue.lowercased(), $0.permission.rawValue.lowercased(),
                        $0.acceptance.rawValue.lowercased(), $0.participantID,
                    ]
                }))
    }
}
