import ArgumentParser
import Foundation
import HearthCloudModel
import HearthCore
import HearthFinance
import HearthStore
import HearthSync
import Logging

/// `hearth finance sync`: keeps the finance database in step with a Hearth server.
struct FinanceSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync the finance database with a Hearth server (hearth serve).",
        discussion: "Sign in once with --email and --password (add --sign-up to create the account); the sign-in is kept, readable only by you, in the data directory's credentials folder, and later runs need only --server. The first sync of a database uploads everything in it; after that, each run sends the changes made since (by any hearth finance command) and fetches what other devices changed. --watch keeps syncing until interrupted, fetching as soon as the server reports a change."
    )

    @OptionGroup var options: FinanceOptions
    @OptionGroup var signIn: SyncSignInOptions
    @Flag(help: "Keep syncing until interrupted.") var watch = false

    func run() async throws {
        do {
            try await signIn.withSession(describeOther: FinanceCLI.message(for:)) { session in try await sync(session) }
        } catch let failure as SyncCommandFailure {
            FinanceCLI.fail(failure.message)
        }
    }

    private func sync(_ session: SyncSession) async throws {
        let client = session.client
        let serverText = session.server
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
                try await SyncWatch(engine: engine, json: options.json, logger: logger).run(engine)
            } else {
                try await syncOnce(engine, url: url, server: serverText)
            }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            if let cloud = error as? CloudError, let expired = session.expiredSignIn(cloud) { FinanceCLI.fail(expired.message) }
            FinanceCLI.fail(SyncSession.describe(error, server: serverText, other: FinanceCLI.message(for:)))
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
}
