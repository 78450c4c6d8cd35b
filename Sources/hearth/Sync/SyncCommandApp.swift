import ArgumentParser
import Foundation
import HearthSync
import Logging

/// One app's part in the shared sync commands (``SyncRunCommand``, ``SyncStatusCommand``, ``SyncCommand``):
/// how it opens its database and connects its ``SyncService``, and how it prints. Everything else — the
/// sign-in, progress, the summary, watch mode, failures — is the same for every app.
protocol SyncCommandApp {
    /// The app's options (`--db`, `--json`, …).
    associatedtype Options: ParsableArguments
    /// `--watch`, or nothing for an app without watch mode.
    associatedtype Watch: SyncWatchOption

    /// The app's word in commands and messages: `hearth garage sync`, the "hearth.garage.sync" logger.
    static var name: String { get }
    /// The round's command: its name, abstract and discussion.
    static var runConfiguration: CommandConfiguration { get }
    /// Whether a round prints the status after it ("Status: synced", `status` in the JSON).
    static var reportsStatus: Bool { get }

    static func databaseURL(_ options: Options) -> URL
    static func json(_ options: Options) -> Bool
    /// Prints `value` as the app's JSON.
    static func printJSON<T: Encodable>(_ value: T, _ options: Options) throws
    /// Opens the database `options` name and returns its sync service, talking to the server of `session`.
    static func connect(_ options: Options, session: SyncSession, logger: Logger) throws -> SyncService
    /// An error that is not the server's, for a person.
    static func describe(_ error: any Error) -> String
    /// A failed round, for a person.
    static func failureMessage(_ error: any Error, server: String) -> String
}

extension SyncCommandApp {
    static func failureMessage(_ error: any Error, server: String) -> String { describe(error) }
}
