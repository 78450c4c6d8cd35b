import ArgumentParser
import Foundation
import HearthCloudModel
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
    @Option(help: "The server, such as http://127.0.0.1:8080 (default: HEARTH_SERVER_URL).") var server: String?
    @Option(help: "Sign in with this email (with --password, or HEARTH_PASSWORD).") var email: String?
    @Option(help: "The password for --email (default: HEARTH_PASSWORD).") var password: String?
    @Flag(name: .customLong("sign-up"), help: "Create the account for --email first.") var signUp = false

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        guard let serverText = server ?? environment["HEARTH_SERVER_URL"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            throw GarageSyncCLI.fail("Give the server to sync with: --server http://HOST:PORT (or set HEARTH_SERVER_URL).")
        }
        let serverConfiguration: CloudClientConfiguration
        do {
            serverConfiguration = try CloudClientConfiguration.server(serverText)
        } catch let error as CloudTransportError {
            throw GarageSyncCLI.fail("--server: \(error.message)")
        }
        let serverKey = "cloud " + serverConfiguration.serverURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let credentialsFolder = dataFolder().appendingPathComponent("credentials")
        let tokens = SecureTokenStore(files: ProtectedFileStore(directory: credentialsFolder))
        try await CloudClient.withHTTPClient { http in
            let client = CloudClient(configuration: serverConfiguration, httpClient: http)
            let usedStoredToken = try await signIn(client, server: serverText, serverKey: serverKey, tokens: tokens, credentialsFolder: credentialsFolder, environment: environment)
            try await sync(client, server: serverText, serverKey: serverKey, tokens: tokens, usedStoredToken: usedStoredToken)
        }
    }

    /// Signs in with --email and --password (keeping the sign-in), or uses the kept one; returns whether it was kept.
    private func signIn(
        _ client: CloudClient, server: String, serverKey: String, tokens: SecureTokenStore, credentialsFolder: URL, environment: [String: String]
    ) async throws -> Bool {
        if let email {
            guard let password = password ?? environment["HEARTH_PASSWORD"], !password.isEmpty else {
                throw GarageSyncCLI.fail("--email needs a password: give --password or set HEARTH_PASSWORD.")
            }
            do {
                if signUp {
                    try await client.signUp(email: email, password: password)
                } else {
                    try await client.signIn(email: email, password: password)
                }
                try tokens.save(client.token ?? "", for: serverKey)
            } catch {
                throw GarageSyncCLI.fail(GarageSyncCLI.describe(error, server: server))
            }
            return false
        }
        if signUp { throw GarageSyncCLI.fail("--sign-up needs --email and --password.") }
        let stored: String?
        do {
            stored = try tokens.token(for: serverKey)
        } catch {
            throw GarageSyncCLI.fail("The kept sign-in in \(credentialsFolder.path) cannot be read: \(error)")
        }
        guard let stored else {
            throw GarageSyncCLI.fail("Not signed in to \(server): run once with --email and --password (add --sign-up to create the account); the sign-in is then kept in \(credentialsFolder.path).")
        }
        client.setToken(stored)
        return true
    }

    private func sync(_ client: CloudClient, server: String, serverKey: String, tokens: SecureTokenStore, usedStoredToken: Bool) async throws {
        let url = options.databaseURL()
        let garage: GarageSync.Opened
        do {
            garage = try GarageSync.open(at: url)
        } catch {
            throw GarageSyncCLI.fail("\(error)")
        }
        var logger = Logger(label: "hearth.garage.sync")
        logger.logLevel = .error
        let engine = SyncEngine(database: garage.store.database, outbox: garage.outbox, cloud: client, logger: logger)
        let service = GarageSyncService(store: garage.store, engine: engine, server: server)

        let progress = SyncProgress(enabled: !options.json && isatty(STDERR_FILENO) == 1)
        let events = engine.events()
        let watcher = Task { for await event in events { progress.note(event) } }
        let report: SyncReport
        do {
            report = try await service.sync()
        } catch {
            watcher.cancel()
            progress.finish()
            if usedStoredToken, let cloud = (error as? ServiceError)?.underlying as? CloudError,
               cloud.serverErrorCode == .authenticationFailed || cloud.serverErrorCode == .authenticationRequired {
                try? tokens.remove(for: serverKey)
                throw GarageSyncCLI.fail("The kept sign-in for \(server) is no longer valid; sign in again with --email and --password.")
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
            garage = try GarageSync.open(at: options.databaseURL())
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

    static func describe(_ error: any Error, server: String) -> String {
        switch error {
        case let error as CloudTransportError:
            "Cannot reach the server \(server): \(error.message)"
        case let error as CloudError:
            switch error.serverErrorCode {
            case .authenticationFailed: "The server refused the sign-in: \(error.reason)"
            case .exists: "An account with that email already exists on \(server); leave out --sign-up to sign in."
            default: "The server answered \(error.serverErrorCode): \(error.reason)"
            }
        default:
            "\(error)"
        }
    }

    static func summaryLine(_ report: SyncReport, url: URL, server: String) -> String {
        func count(_ n: Int, _ noun: String, _ plural: String? = nil) -> String { "\(n) \(n == 1 ? noun : plural ?? noun + "s")" }
        var line = "Synced \(url.lastPathComponent) with \(server): sent \(count(report.sentSaves + report.sentDeletions, "change")) "
        line += "(\(report.sentSaves) saved, \(report.sentDeletions) deleted) in \(count(report.sentBatches, "batch", "batches")); "
        line += "received \(count(report.receivedSaves + report.receivedDeletions, "change")) (\(report.receivedSaves) saved, \(report.receivedDeletions) deleted)"
        if report.conflictsResolved > 0 { line += "; settled \(count(report.conflictsResolved, "conflict"))" }
        if report.refetchedZones > 0 { line += "; fetched everything again (the server had forgotten this device's place)" }
        return line + "."
    }
}
