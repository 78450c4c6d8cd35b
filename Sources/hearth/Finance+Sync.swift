import ArgumentParser
import Foundation
import HearthCloudModel
import HearthCore
import HearthFinance
import HearthStore
import HearthSync
import Logging
import ServiceLifecycle
import UnixSignals
import Synchronization

/// `hearth finance sync`: keeps the finance database in step with a Hearth server.
struct FinanceSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync the finance database with a Hearth server (hearth serve).",
        discussion: "Sign in once with --email and --password (add --sign-up to create the account); the sign-in is kept, readable only by you, in the data directory's credentials folder, and later runs need only --server. The first sync of a database uploads everything in it; after that, each run sends the changes made since (by any hearth finance command) and fetches what other devices changed. --watch keeps syncing until interrupted, fetching as soon as the server reports a change."
    )

    @OptionGroup var options: FinanceOptions
    @Option(help: "The server, such as http://127.0.0.1:8080 (default: HEARTH_SERVER_URL).") var server: String?
    @Option(help: "Sign in with this email (with --password, or HEARTH_PASSWORD).") var email: String?
    @Option(help: "The password for --email (default: HEARTH_PASSWORD).") var password: String?
    @Flag(name: .customLong("sign-up"), help: "Create the account for --email first.") var signUp = false
    @Flag(help: "Keep syncing until interrupted.") var watch = false

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        guard let serverText = server ?? environment["HEARTH_SERVER_URL"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            FinanceCLI.fail("Give the server to sync with: --server http://HOST:PORT (or set HEARTH_SERVER_URL).")
        }
        let serverConfiguration: CloudClientConfiguration
        do {
            serverConfiguration = try CloudClientConfiguration.server(serverText)
        } catch let error as CloudTransportError {
            FinanceCLI.fail("--server: \(error.message)")
        }
        let serverKey = "cloud " + serverConfiguration.serverURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let credentialsFolder = dataFolder().appendingPathComponent("credentials")
        let tokens = SecureTokenStore(files: ProtectedFileStore(directory: credentialsFolder))
        try await CloudClient.withHTTPClient { http in
            try await sync(CloudClient(configuration: serverConfiguration, httpClient: http), server: serverText, serverKey: serverKey,
                           tokens: tokens, credentialsFolder: credentialsFolder, environment: environment)
        }
    }

    private func sync(
        _ client: CloudClient, server serverText: String, serverKey: String, tokens: SecureTokenStore, credentialsFolder: URL,
        environment: [String: String]
    ) async throws {

        // Sign in, or use the kept sign-in.
        var usedStoredToken = false
        if let email {
            guard let password = password ?? environment["HEARTH_PASSWORD"], !password.isEmpty else {
                FinanceCLI.fail("--email needs a password: give --password or set HEARTH_PASSWORD.")
            }
            do {
                if signUp {
                    try await client.signUp(email: email, password: password)
                } else {
                    try await client.signIn(email: email, password: password)
                }
                try tokens.save(client.token ?? "", for: serverKey)
            } catch {
                FinanceCLI.fail(describe(error, server: serverText))
            }
        } else {
            if signUp { FinanceCLI.fail("--sign-up needs --email and --password.") }
            let stored: String?
            do {
                stored = try tokens.token(for: serverKey)
            } catch {
                FinanceCLI.fail("The kept sign-in in \(credentialsFolder.path) cannot be read: \(FinanceCLI.message(for: error))")
            }
            guard let stored else {
                FinanceCLI.fail("Not signed in to \(serverText): run once with --email and --password (add --sign-up to create the account); the sign-in is then kept in \(credentialsFolder.path).")
            }
            client.setToken(stored)
            usedStoredToken = true
        }

        let url = options.databaseURL
        let finance: FinanceSync.Opened
        do {
            finance = try FinanceSync.open(at: url, calendar: FinanceCLI.calendar)
        } catch {
            FinanceCLI.fail(FinanceCLI.message(for: error))
        }
        var logger = Logger(label: "hearth.finance.sync")
        logger.logLevel = .error
        let engine = SyncEngine(database: finance.store.database, outbox: finance.outbox, cloud: client, logger: logger)

        do {
            if watch {
                try await keepSyncing(engine, logger: logger)
            } else {
                try await syncOnce(engine, url: url, server: serverText)
            }
        } catch let exit as ExitCode {
            throw exit
        } catch let error as CloudError where usedStoredToken && (error.serverErrorCode == .authenticationFailed || error.serverErrorCode == .authenticationRequired) {
            try? tokens.remove(for: serverKey)
            FinanceCLI.fail("The kept sign-in for \(serverText) is no longer valid; sign in again with --email and --password.")
        } catch {
            FinanceCLI.fail(describe(error, server: serverText))
        }
    }

    /// One round: fetch, send, and print what happened.
    private func syncOnce(_ engine: SyncEngine, url: URL, server: String) async throws {
        let progress = SyncProgress(enabled: FinanceCLI.showsProgress(options))
        let events = engine.events()
        let watcher = Task { for await event in events { progress.note(event) } }
        let report: SyncReport
        do {
            report = try await engine.sync()
        } catch {
            watcher.cancel()
            progress.finish()
            throw error
        }
        watcher.cancel()
        progress.finish()
        if options.json {
            try FinanceCLI.printJSON(SyncSummary(report, database: url.path, server: server))
        } else {
            print(summaryLine(report, url: url, server: server))
        }
        for problem in report.problems {
            FileHandle.standardError.write(Data("error: not synced: \(problem)\n".utf8))
        }
        if !report.problems.isEmpty { throw ExitCode(1) }
    }

    private func summaryLine(_ report: SyncReport, url: URL, server: String) -> String {
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        var line = "Synced \(url.lastPathComponent) with \(server): sent \(count(report.sentSaves + report.sentDeletions, "change")) "
        line += "(\(report.sentSaves) saved, \(report.sentDeletions) deleted) in \(count(report.sentBatches, "batch").replacingOccurrences(of: "batchs", with: "batches")); "
        line += "received \(count(report.receivedSaves + report.receivedDeletions, "change")) (\(report.receivedSaves) saved, \(report.receivedDeletions) deleted)"
        if report.conflictsResolved > 0 { line += "; settled \(count(report.conflictsResolved, "conflict"))" }
        if report.refetchedZones > 0 { line += "; fetched everything again (the server had forgotten this device's place)" }
        if report.pending > 0 { line += ". \(count(report.pending, "change")) wait\(report.pending == 1 ? "s" : "") to be sent" }
        return line + "."
    }

    /// Runs the engine until SIGINT or SIGTERM, printing each change of status and each batch.
    private func keepSyncing(_ engine: SyncEngine, logger: Logger) async throws {
        let json = options.json
        let events = engine.events()
        let printer = Task {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    do {
                        for try await status in engine.status {
                            Self.emit(json ? "{\"status\":\"\(status)\"}" : "status: \(status)")
                        }
                    } catch {}
                }
                group.addTask {
                    for await event in events {
                        switch event {
                        case .sent(let zone, let batch, let saved, let deleted):
                            Self.emit(json ? "{\"sent\":{\"zone\":\"\(zone.zoneName)\",\"batch\":\(batch),\"saved\":\(saved.count),\"deleted\":\(deleted.count)}}" : "sent batch \(batch): \(saved.count) saved, \(deleted.count) deleted")
                        case .fetched(let zone, let saved, let deleted):
                            Self.emit(json ? "{\"received\":{\"zone\":\"\(zone.zoneName)\",\"saved\":\(saved.count),\"deleted\":\(deleted.count)}}" : "received: \(saved.count) saved, \(deleted.count) deleted")
                        case .failed(let id, let reason):
                            FileHandle.standardError.write(Data("error: not synced: \(id): \(reason)\n".utf8))
                        default:
                            break
                        }
                    }
                }
            }
        }
        defer { printer.cancel() }
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [engine], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }

    private static func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    private func describe(_ error: any Error, server: String) -> String {
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
            FinanceCLI.message(for: error)
        }
    }
}
