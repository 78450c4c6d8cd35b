import ArgumentParser
import Foundation
import HearthCloudModel
import HearthCore
import HearthHealth
import HearthStore
import HearthSync
import Logging

/// `hearth health sync`: keeps the cloud-enabled records of the health database in step with a Hearth
/// server, fetching the records other people shared with you, and says where sync stands.
struct HealthSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync the cloud-enabled health records with a Hearth server (hearth serve), or show where sync stands.",
        discussion: "The first time, sign in: hearth health sync --server URL --email EMAIL --password PASSWORD (add --sign-up to create the account). Afterwards: hearth health sync --server URL. Only records with the cloud on sync (hearth health record update NAME --cloud on). Where sync stands, without the server: hearth health sync status.",
        subcommands: [HealthSyncRun.self, HealthSyncStatusCommand.self],
        defaultSubcommand: HealthSyncRun.self
    )
}

/// `hearth health sync [run]`: one round of sync.
struct HealthSyncRun: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Send the changes of cloud-enabled records to the server and fetch what changed elsewhere, shared records included.",
        discussion: "Sign in once with --email and --password (add --sign-up to create the account); the sign-in is kept, readable only by you, in the data directory's credentials folder, and later runs need only --server. The first sync uploads every cloud-enabled record once; after that each run sends the changes made since by any hearth health command, and fetches your other devices' changes and the records shared with you. Progress is shown on a terminal, not when the output is piped. --watch keeps syncing until interrupted (Ctrl-C or SIGTERM), fetching as soon as the server reports a change and sending shortly after any hearth health command changes a cloud-enabled record; it prints each change of status and each batch sent and received."
    )

    @OptionGroup var options: HealthOptions
    @OptionGroup var signIn: SyncSignInOptions
    @Flag(help: "Keep syncing until interrupted.") var watch = false

    func run() async throws {
        if watch {
            return try await HealthCloud.run(options: options, signIn: signIn) { cloud in
                var logger = Logger(label: "hearth.health.sync")
                logger.logLevel = .error
                try await SyncWatch(engine: cloud.engine, json: options.json, logger: logger).run(cloud.sync)
            } output: { (_: Void, _) in }
        }
        try await HealthCloud.run(options: options, signIn: signIn) { cloud in
            let progress = SyncProgress(enabled: !options.json && isatty(STDERR_FILENO) == 1)
            let events = cloud.engine.events()
            let watcher = Task { for await event in events { progress.note(event) } }
            defer {
                watcher.cancel()
                progress.finish()
            }
            let report = try await cloud.sync.sync()
            let status = try await cloud.sync.status()
            return (report, status)
        } output: { (result: (SyncReport, HealthSyncStatus), cloud) in
            let (report, status) = result
            if options.json {
                try options.print(json: HealthSyncOutput(summary: SyncSummary(report, database: cloud.url.path, server: cloud.server), status: status))
            } else {
                print(SyncSummary.line(report, url: cloud.url, server: cloud.server))
                print("Status: \(status)")
            }
            for problem in report.problems { HealthCloud.note("error: not synced: \(problem)") }
            if !report.problems.isEmpty { throw ExitCode(1) }
        }
    }
}

/// `hearth health sync status`: where sync stands, from this database alone.
struct HealthSyncStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show where sync stands: synced, syncing, error (with the cause) or offline, and the changes waiting to be sent."
    )

    @OptionGroup var options: HealthOptions

    func run() async throws {
        let health: HealthSync.Opened
        do {
            health = try options.openHealth()
        } catch {
            throw HealthCloud.fail("\(error)")
        }
        let status = try await HealthSyncService.status(of: health.database)
        if options.json { return try options.print(json: status) }
        print("Status: \(status)")
        if let server = status.server { print("Server: \(server)") }
        if let last = status.lastSyncedAt { print("Last synced: \(last.formatted(.iso8601))") }
        if let tried = status.lastAttemptAt, tried != status.lastSyncedAt { print("Last tried: \(tried.formatted(.iso8601))") }
        if !status.isEnabled { print("Run hearth health sync --server URL --email EMAIL --password PASSWORD to start.") }
    }
}

/// What `hearth health sync --json` prints: the round's counts and the status after it.
struct HealthSyncOutput: Encodable {
    var summary: SyncSummary
    var status: HealthSyncStatus

    private enum CodingKeys: String, CodingKey { case status }

    func encode(to encoder: any Encoder) throws {
        try summary.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
    }
}

/// A health database signed in to a server: the records, the sync engine and service, and sharing.
struct HealthCloud {
    let url: URL
    let server: String
    let health: HealthSync.Opened
    let engine: SyncEngine
    let sync: HealthSyncService
    let sharing: HealthShareService

    /// Signs in, opens the database named by `options`, runs `body` and prints its result with `output`;
    /// every failure is printed as "error: …" and ends the command with exit code 1.
    static func run<T: Sendable>(
        options: HealthOptions, signIn: SyncSignInOptions,
        _ body: (HealthCloud) async throws -> T,
        output: (T, HealthCloud) throws -> Void
    ) async throws {
        let describe: @Sendable (any Error) -> String = { "\($0)" }
        do {
            try await signIn.withSession(describeOther: describe) { session in
                let health: HealthSync.Opened
                do {
                    health = try options.openHealth()
                } catch {
                    throw SyncCommandFailure("\(error)")
                }
                var logger = Logger(label: "hearth.health.sync")
                logger.logLevel = .error
                let connection = HealthSync.connect(health, client: session.client, server: session.server, logger: logger)
                let cloud = HealthCloud(url: options.databaseURL, server: session.server, health: health, engine: connection.engine, sync: connection.sync, sharing: connection.sharing)
                let result: T
                do {
                    result = try await body(cloud)
                } catch {
                    if let cloudError = (error as? ServiceError)?.underlying as? CloudError, let expired = session.expiredSignIn(cloudError) {
                        throw expired
                    }
                    throw SyncCommandFailure("\(error)")
                }
                do {
                    try output(result, cloud)
                } catch let exit as ExitCode {
                    throw exit
                } catch {
                    throw SyncCommandFailure("\(error)")
                }
            }
        } catch let failure as SyncCommandFailure {
            throw fail(failure.message)
        }
    }

    /// The record `reference` names (see ``HealthOptions/record(_:in:)``).
    func record(_ reference: String, options: HealthOptions) async throws -> MedicalRecord {
        try await options.record(reference, in: health.records)
    }

    /// Prints `message` as an error on stderr and returns the exit that ends the command.
    static func fail(_ message: String) -> ExitCode {
        note("error: \(message)")
        return ExitCode(1)
    }

    /// Writes a line to stderr.
    static func note(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
