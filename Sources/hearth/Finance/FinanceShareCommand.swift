import ArgumentParser
import Foundation
import HearthCloudModel
import HearthCore
import HearthFinance
import HearthSync
import Logging

/// `hearth finance share add|list|remove|stop|invitations|accept|leave`: the money book shared with other
/// people, and the books they share with this user.
struct FinanceShareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Share your money book with other people, or take up a book shared with you.",
        discussion:
            "A shared book is the whole book: people, subscriptions, transactions, groups and budgets. The people it is shared with accept the invitation (hearth finance share invitations, then accept, or from their money page); each shared book is kept in a database of its own on their devices: hearth finance sync --book ACCOUNT brings it, and every finance command takes --book ACCOUNT to work in it. Read-only members cannot change it. Every command here talks to the server: sign in as for hearth finance sync.",
        subcommands: [Add.self, List.self, Remove.self, Stop.self, Invitations.self, Accept.self, Leave.self],
        defaultSubcommand: List.self)

    /// Runs `body` with the sharing of the book `options` name, signed in; the sync round it runs is that
    /// book's own.
    static func withSharing<T: Sendable>(
        _ options: FinanceOptions, _ signIn: SyncSignInOptions, _ body: (FinanceSharing) async throws -> T
    ) async throws -> T {
        do {
            let describe: @Sendable (any Error) -> String = { FinanceCLI.message(for: $0) }
            return try await signIn.withSession(describeOther: describe) { session in
                let finance = try FinanceSyncCLI.open(options)
                let service = FinanceSyncCLI.connect(
                    finance, book: options.bookOwner, session: session, logger: Logger(label: "hearth.finance.share"))
                let sharing = FinanceSharing(store: finance.store, cloud: session.client, book: options.bookOwner) {
                    let report = try await service.sync()
                    if let problem = report.problems.first {
                        throw ServiceError(.operationFailed, "The sync before sharing did not finish: \(problem)")
                    }
                }
                return try await body(sharing)
            }
        } catch let failure as SyncCommandFailure {
            throw ServiceError(.operationFailed, failure.message)
        }
    }

    /// Runs a share command, its failure printed as finance's other commands print theirs.
    static func running<T: Sendable>(
        _ options: FinanceOptions, _ signIn: SyncSignInOptions, _ body: (FinanceSharing) async throws -> T
    ) async throws -> T {
        do {
            return try await withSharing(options, signIn, body)
        } catch {
            FinanceCLI.fail(FinanceCLI.message(for: error))
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Share your money book with someone by their address.",
            discussion: "They accept from their money page or with hearth finance share accept.")
        @OptionGroup var options: FinanceOptions
        @OptionGroup var signIn: SyncSignInOptions
        @Argument(help: "The address of the person to share with.") var address: String
        @Flag(name: .customLong("read-only"), help: "Let them see the book but not change it.") var readOnly = false

        func run() async throws {
            let share = try await FinanceShareCommand.running(options, signIn) {
                try await $0.share(with: address, permission: readOnly ? .readOnly : .readWrite)
            }
            if options.json { return try FinanceCLI.printJSON(share) }
            print(
                "Shared your money book with \(address) (\(readOnly ? "read-only" : "read-write")); they accept it from their money page or with hearth finance share accept \(share.token)"
            )
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Who has your money book, and the books shared with you.")
        @OptionGroup var options: FinanceOptions
        @OptionGroup var signIn: SyncSignInOptions

        func run() async throws {
            struct Listing: Encodable {
                var shared: BookShare?
                var sharedWithMe: [MoneyBook]
            }
            let listing = try await FinanceShareCommand.running(options, signIn) { sharing in
                Listing(shared: try await sharing.share(), sharedWithMe: try await sharing.books())
            }
            if options.json { return try FinanceCLI.printJSON(listing) }
            var rows: [[String]] = (listing.shared?.current ?? []).map {
                ["your book", "shared by you"] + ShareRow.cells($0)
            }
            for book in listing.sharedWithMe {
                rows.append([
                    book.ownerName, "shared with you", "--book \(book.owner)",
                    book.isWritable ? "read-write" : "read-only", "accepted",
                ])
            }
            if rows.isEmpty {
                return print("No money book is shared. Share yours: hearth finance share add ADDRESS")
            }
            FinanceCLI.table(["BOOK", "SHARE", "WHO", "RIGHTS", "STATUS"], rows)
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Take someone out of your money book's share; their devices drop it at their next sync.")
        @OptionGroup var options: FinanceOptions
        @OptionGroup var signIn: SyncSignInOptions
        @Argument(help: "Their address.") var address: String

        func run() async throws {
            let share = try await FinanceShareCommand.running(options, signIn) { try await $0.remove(address) }
            if options.json { return try FinanceCLI.printJSON(share) }
            print("\(address) no longer has your money book.")
        }
    }

    struct Stop: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Stop sharing your money book with everyone; it stays yours.")
        @OptionGroup var options: FinanceOptions
        @OptionGroup var signIn: SyncSignInOptions

        func run() async throws {
            try await FinanceShareCommand.running(options, signIn) { try await $0.stopSharing() }
            if options.json { return try FinanceCLI.printJSON(["stopped": true]) }
            print("Your money book is no longer shared.")
        }
    }

    struct Invitations: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Money books offered to you, waiting to be accepted.")
        @OptionGroup var options: FinanceOptions
        @OptionGroup var signIn: SyncSignInOptions

        func run() async throws {
            let invitations = try await FinanceShareCommand.running(options, signIn) { try await $0.invitations() }
            if options.json { return try FinanceCLI.printJSON(invitations) }
            if invitations.isEmpty { return print("No money book waits for you.") }
            FinanceCLI.table(
                ["FROM", "ACCEPT WITH"],
                invitations.map { invitation in
                    let owner = invitation.participants.first { $0.role == .owner }
                    return [
                        owner?.emailAddress ?? invitation.zoneID.ownerRecordName ?? "?",
                        "hearth finance share accept \(invitation.shareToken)",
                    ]
                })
        }
    }

    struct Accept: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Accept a money book shared with you (the token hearth finance share invitations names).")
        @OptionGroup var options: FinanceOptions
        @OptionGroup var signIn: SyncSignInOptions
        @Argument(help: "The share's token.") var token: String

        func run() async throws {
            let book = try await FinanceShareCommand.running(options, signIn) { try await $0.accept(token) }
            // The book's database on this device, named by its owner's address from now on.
            do {
                let copy = FinanceOptions.database(ofBook: book.owner)
                try FileManager.default.createDirectory(
                    at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
                try await book.keep(
                    in: FinanceSync.open(
                        at: copy, configuration: FinanceSync.configuration(book: book.owner),
                        calendar: FinanceCLI.calendar
                    ).store)
            } catch {
                FinanceCLI.fail(
                    "The book is accepted, but its database here could not be made: \(FinanceCLI.message(for: error))")
            }
            if options.json { return try FinanceCLI.printJSON(book) }
            print(
                "You have \(book.ownerName)'s money book (\(book.isWritable ? "read-write" : "read-only")). Bring it here with hearth finance sync --book \(book.ownerAddress ?? book.owner)"
            )
        }
    }

    struct Leave: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give back a money book shared with you; its database on this device is removed.")
        @OptionGroup var options: FinanceOptions
        @OptionGroup var signIn: SyncSignInOptions
        @Argument(help: "The book's owner: the account hearth finance share list names, or their address.")
        var owner: String

        func run() async throws {
            let left = try await FinanceShareCommand.running(options, signIn) { try await $0.leave(owner) }
            let copy = FinanceOptions.database(ofBook: left.owner)
            let kept = FileManager.default.fileExists(atPath: copy.path)
            FinanceCLI.removeDatabase(at: copy)
            if options.json {
                return try FinanceCLI.printJSON(["left": left.owner, "removed": kept ? copy.path : nil])
            }
            print(
                "You left the money book of \(left.ownerName)."
                    + (kept ? " Its copy on this device (\(copy.path)) is removed." : ""))
        }
    }
}
