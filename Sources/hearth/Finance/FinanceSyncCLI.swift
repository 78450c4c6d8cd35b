import ArgumentParser
import Foundation
import HearthCloudModel
import HearthCore
import HearthFinance
import HearthSync
import Logging

/// Finance's part in the shared sync commands: `hearth finance sync` is the round itself (no `status`).
enum FinanceSyncCLI: SyncCommandApp {
    typealias Options = FinanceOptions
    typealias Watch = SyncWatchFlag

    static let name = "finance"
    static let runConfiguration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync the finance database with a Hearth server (hearth serve).",
        discussion:
            "Sign in once with --email and --password (add --sign-up to create the account); the sign-in is kept, readable only by you, in the data directory's credentials folder, and later runs need only --server. The first sync of a database uploads everything in it; after that, each run sends the changes made since (by any hearth finance command) and fetches what other devices changed. --watch keeps syncing until interrupted, fetching as soon as the server reports a change."
    )
    static let reportsStatus = false

    static func databaseURL(_ options: FinanceOptions) -> URL { options.databaseURL }
    static func json(_ options: FinanceOptions) -> Bool { options.json }
    static func printJSON<T: Encodable>(_ value: T, _ options: FinanceOptions) throws {
        try FinanceCLI.printJSON(value)
    }
    static func describe(_ error: any Error) -> String { FinanceCLI.message(for: error) }

    /// The server's refusals in finance's words ("Cannot reach the server URL: …"); other failures as the
    /// sync service explains them.
    static func failureMessage(_ error: any Error, server: String) -> String {
        let cause = (error as? ServiceError)?.underlying
        if let cause, cause is CloudTransportError || cause is CloudError {
            return SyncSession.describe(cause, server: server, other: describe)
        }
        return SyncSession.describe(error, server: server, other: describe)
    }

    /// The sync service of the database `options` name: the user's own book, or (with `--book`) the book
    /// another account shared, whose rights are asked after every round.
    static func connect(_ options: FinanceOptions, session: SyncSession, logger: Logger) throws -> SyncService {
        connect(try open(options), book: options.bookOwner, session: session, logger: logger)
    }

    /// Opens the database `options` name with the sync tables, making the books folder for a shared book.
    static func open(_ options: FinanceOptions) throws -> FinanceSync.Opened {
        let url = options.databaseURL
        if options.bookOwner != nil {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        return try FinanceSync.open(at: url, configuration: options.syncConfiguration, calendar: FinanceCLI.calendar)
    }

    /// The sync service of `finance`, which holds the user's own book or the one account `book` shared.
    static func connect(_ finance: FinanceSync.Opened, book: String?, session: SyncSession, logger: Logger)
        -> SyncService
    {
        let engine = SyncEngine(
            database: finance.store.database, outbox: finance.outbox, cloud: session.client, logger: logger)
        let shares = book.map { owner in FinanceSharing(store: finance.store, cloud: session.client, book: owner) {} }
        return FinanceSync.service(store: finance.store, engine: engine, server: session.server, shares: shares)
    }
}
