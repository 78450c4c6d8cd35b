import ArgumentParser
import Foundation
import HearthAnalytics
import HearthGarage
import HearthSync
import Logging

/// The garage's part in the shared sync commands: `hearth garage sync [run]` and `hearth garage sync status`.
enum GarageSyncCLI: SyncStatusApp {
    typealias Options = GarageOptions
    typealias Watch = NoSyncWatch

    static let name = "garage"
    static let abstract = "Sync the garage database with a Hearth server (hearth serve), or show where sync stands."
    static let discussion =
        "The first time, sign in: hearth garage sync --server URL --email EMAIL --password PASSWORD (add --sign-up to create the account). Afterwards: hearth garage sync --server URL. Where sync stands, without the server: hearth garage sync status."
    static let runConfiguration = CommandConfiguration(
        commandName: "run",
        abstract: "Send this database's changes to the server and fetch other devices' changes.",
        discussion:
            "Sign in once with --email and --password (add --sign-up to create the account); the sign-in is kept, readable only by you, in the data directory's credentials folder, and later runs need only --server. The first sync of a database uploads everything in it once (records imported from the same file on two devices are the same records, so nothing is doubled); after that, each run sends the changes made since by any hearth garage command and fetches what other devices changed. Progress is shown on a terminal, not when the output is piped."
    )
    static let reportsStatus = true

    static func databaseURL(_ options: GarageOptions) -> URL { options.databaseURL() }
    static func json(_ options: GarageOptions) -> Bool { options.json }
    static func printJSON<T: Encodable>(_ value: T, _ options: GarageOptions) throws { try GarageOutput.json(value) }
    static func describe(_ error: any Error) -> String { "\(error)" }

    static func connect(_ options: GarageOptions, session: SyncSession, logger: Logger) throws -> SyncService {
        connect(try open(options), session: session, logger: logger)
    }

    /// The sync service of the opened `garage`: its files move and its shared vehicles' rights are read
    /// around each round.
    static func connect(_ garage: GarageSync.Opened, session: SyncSession, logger: Logger) -> SyncService {
        let engine = SyncEngine(
            database: garage.store.database, outbox: garage.outbox, cloud: session.client, logger: logger)
        let store = garage.store.tracked()
        return GarageSync.service(
            store: store, engine: engine, server: session.server,
            files: GarageFileTransfer(store: store, assets: session.client), shares: session.client)
    }

    static func status(_ options: GarageOptions) async throws -> SyncStatusReport {
        try await GarageSync.status(of: open(options).store)
    }

    /// The garage database with the sync tables and the analytics queue.
    static func open(_ options: GarageOptions) throws -> GarageSync.Opened {
        try GarageSync.open(at: options.databaseURL(), extraSchemas: [AnalyticsSchema.self])
    }
}
