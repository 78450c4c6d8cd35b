import ArgumentParser
import Foundation
import HearthCloudModel
import HearthAnalytics
import HearthCore
import HearthGarage
import HearthStore
import HearthSync
import Logging

/// `hearth garage sync`: keeps the garage database in step with a Hearth server, and says where sync stands.
struct GarageSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync the garage database with a Hearth server (hearth serve), or show where sync stands.",
        discussion: "The first time, sign in: hearth garage sync --server URL --email EMAIL --password PASSWORD (add --sign-up to create the account). Afterwards: hearth garage sync --server URL. Where sync stands, without the server: hearth garage sync status.",
        subcommands: [GarageSyncRun.self, GarageSyncStatusCommand.self],
        defaultSubcommand: GarageSyncRun.self
    )
}

/// `hearth garage sync [run]`: one round of sync.
struct GarageSyncRun: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Send this database's changes to the server and fetch other devices' changes.",
        discussion: "Sign in once with --email and --password (add --sign-up to create the account); the sign-in is kept, readable only by you, in the data directory's credentials folder, and later runs need only --server. The first sync of a database uploads everything in it once (records imported from the same file on two devices are the same records, so nothing is doubled); after that, each run sends the changes made since by any hearth garage command and fetches what other devices changed. Progress is shown on a terminal, not when the output is piped."
    )

    @OptionGroup var options: GarageOptions
    @OptionGroup var signIn: SyncSignInOptions

    func run() async throws {
        do {
            try await signIn.withSession(describeOther: { "\($0)" }) { session in try await sync(session) }
        } catch let failure as SyncCommandFailure {
            throw GarageSyncCLI.fail(failure.message)
        }
    }

    private func sync(_ session: SyncSession) async throws {
        let (client, server) = (session.client, session.server)
        let url = options.databaseURL()
        let garage: GarageSync.Opened
        do {
            garage = try GarageSync.open(at: url, extraSchemas: [AnalyticsSchema.self])
        } catch {
            throw GarageSyncCLI.fail("\(error)")
        }
        var logger = Logger(label: "hearth.garage.sync")
        logger.logLevel = .error
        let engine = SyncEngine(database: garage.store.database, outbox: garage.outbox, cloud: client, logger: logger)
        let service = GarageSyncService(store: garage.store.tracked(), engine: engine, server: server)

        let progress = SyncProgress(enabled: !options.json && isatty(STDERR_FILENO) == 1)
        let events = engine.events()
        let watcher = Task { for await event in events { progress.note(event) } }
        let report: SyncReport
        do {
            report = try await service.sync()
        } catch {
            watcher.cancel()
            progress.finish()
            if let cloud = (error as? ServiceError)?.underlying as? CloudError, let expired = session.expiredSignIn(cloud) {
                throw GarageSyncCLI.fail(expired.message)
            }
            throw GarageSyncCLI.fail("\(error)")
        }
        watcher.cancel()
        progress.finish()
        let status = try await service.status()
        if options.json {
            try GarageOutput.json(GarageSyncOutput(summary: SyncSummary(report, database: url.path, server: server), status: status))
        } else {
            print(GarageSyncCLI.summaryLine(report, url: url, server: server))
            print("Status: \(status)")
        }
        for problem in report.problems {
            GarageOutput.note("error: not synced: \(problem)")
        }
        if !report.problems.isEmpty { throw ExitCode(1) }
    }
}

/// `hearth garage sync status`: where sync stands, from this database alone.
struct GarageSyncStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show where sync stands: synced, syncing, error (with the cause) or offline, and the changes waiting to be sent."
    )

    @OptionGroup var options: GarageOptions

    func run() async throws {
        let garage: GarageSync.Opened
        do {
            garage = try GarageSync.open(at: options.databaseURL(), extraSchemas: [AnalyticsSchema.self])
        } catch {
            throw GarageSyncCLI.fail("\(error)")
        }
        let status = try await GarageSyncService.status(of: garage.store)
        if options.json { return try GarageOutput.json(status) }
        print("Status: \(status)")
        if let server = status.server { print("Server: \(server)") }
        if let last = status.lastSyncedAt { print("Last synced: \(last.formatted(.iso8601))") }
        if let tried = status.lastAttemptAt, tried != status.lastSyncedAt { print("Last tried: \(tried.formatted(.iso8601))") }
        if !status.isEnabled { print("Run hearth garage sync --server URL --email EMAIL --password PASSWORD to start.") }
    }
}

/// What `hearth garage sync --json` prints: the round's counts and the status after it.
struct GarageSyncOutput: Encodable {
    var summary: SyncSummary
    var status: GarageSyncStatus

    private enum CodingKeys: String, CodingKey { case status }

    func encode(to encoder: any Encoder) throws {
        try summary.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
    }
}

/// Messages of the garage sync commands.
enum GarageSyncCLI {
    /// Prints `message` as an error and returns the exit that ends the command.
    static func fail(_ message: String) -> ExitCode {
        GarageOutput.note("error: \(message)")
        return ExitCode(1)
    }

    static func summaryLine(_ report: SyncReport, url: URL, server: String) -> String {
        SyncSummary.line(report, url: url, server: server)
    }
}
