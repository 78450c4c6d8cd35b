import ArgumentParser
import Foundation
import HearthCloudModel
import HearthCore
import HearthSync
import Logging

/// `hearth APP sync [run]`: signs in (or uses the kept sign-in), sends the database's changes and fetches
/// what changed elsewhere, and prints what happened — or, with `--watch`, keeps syncing until interrupted.
struct SyncRunCommand<App: SyncCommandApp>: AsyncParsableCommand {
    static var configuration: CommandConfiguration { App.runConfiguration }

    @OptionGroup var options: App.Options
    @OptionGroup var signIn: SyncSignInOptions
    @OptionGroup var watch: App.Watch

    func run() async throws {
        do {
            try await signIn.withSession(describeOther: { App.describe($0) }, { session in try await sync(session) })
        } catch let failure as SyncCommandFailure {
            throw failure.report()
        }
    }

    private func sync(_ session: SyncSession) async throws {
        var logger = Logger(label: "hearth.\(App.name).sync")
        logger.logLevel = .error
        let service: SyncService
        do {
            service = try App.connect(options, session: session, logger: logger)
        } catch {
            throw SyncCommandFailure(App.describe(error))
        }
        do {
            if watch.watch {
                try await SyncWatch(engine: service.engine, json: App.json(options), logger: logger).run(service)
            } else {
                try await round(service, server: session.server)
            }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            if let cloud = ((error as? ServiceError)?.underlying as? CloudError) ?? (error as? CloudError),
                let expired = session.expiredSignIn(cloud)
            {
                throw expired
            }
            throw SyncCommandFailure(App.failureMessage(error, server: session.server))
        }
    }

    /// One round, with progress on a terminal, then the summary (and the status, for an app that reports it).
    private func round(_ service: SyncService, server: String) async throws {
        let json = App.json(options)
        let progress = SyncProgress(enabled: !json && isatty(STDERR_FILENO) == 1)
        let events = service.engine.events()
        let watcher = Task { for await event in events { progress.note(event) } }
        let report: SyncReport
        do {
            report = try await service.sync()
        } catch {
            watcher.cancel()
            progress.finish()
            throw error
        }
        watcher.cancel()
        progress.finish()
        let url = App.databaseURL(options)
        let status: SyncStatusReport? = if App.reportsStatus { try await service.status() } else { nil }
        if json {
            try App.printJSON(
                SyncOutput(summary: SyncSummary(report, database: url.path, server: server), status: status), options)
        } else {
            print(SyncSummary.line(report, url: url, server: server, pending: status == nil))
            if let status { print("Status: \(status)") }
        }
        for problem in report.problems {
            FileHandle.standardError.write(Data("error: not synced: \(problem)\n".utf8))
        }
        if !report.problems.isEmpty { throw ExitCode(1) }
    }
}
