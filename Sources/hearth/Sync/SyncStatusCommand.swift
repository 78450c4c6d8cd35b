import ArgumentParser
import Foundation
import HearthSync

/// `hearth APP sync status`: where sync stands, from the database alone.
struct SyncStatusCommand<App: SyncStatusApp>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "status",
            abstract:
                "Show where sync stands: synced, syncing, error (with the cause) or offline, and the changes waiting to be sent."
        )
    }

    @OptionGroup var options: App.Options

    func run() async throws {
        let status: SyncStatusReport
        do {
            status = try await App.status(options)
        } catch {
            throw SyncCommandFailure(App.describe(error)).report()
        }
        if App.json(options) { return try App.printJSON(status, options) }
        print("Status: \(status)")
        if let server = status.server { print("Server: \(server)") }
        if let last = status.lastSyncedAt { print("Last synced: \(last.formatted(.iso8601))") }
        if let tried = status.lastAttemptAt, tried != status.lastSyncedAt {
            print("Last tried: \(tried.formatted(.iso8601))")
        }
        if !status.isEnabled {
            print("Run hearth \(App.name) sync --server URL --email EMAIL --password PASSWORD to start.")
        }
    }
}
