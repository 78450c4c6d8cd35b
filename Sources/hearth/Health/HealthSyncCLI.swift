import ArgumentParser
import Foundation
import HearthHealth
import HearthSync
import Logging

/// Health's part in the shared sync commands: `hearth health sync [run]` (with `--watch`) keeps the
/// cloud-enabled records in step with a Hearth server, fetching the records other people shared with you,
/// and `hearth health sync status` says where sync stands.
enum HealthSyncCLI: SyncStatusApp {
    typealias Options = HealthOptions
    typealias Watch = SyncWatchFlag

    static let name = "health"
    static let abstract =
        "Sync the cloud-enabled health records with a Hearth server (hearth serve), or show where sync stands."
    static let discussion =
        "The first time, sign in: hearth health sync --server URL --email EMAIL --password PASSWORD (add --sign-up to create the account). Afterwards: hearth health sync --server URL. Only records with the cloud on sync (hearth health record update NAME --cloud on). Where sync stands, without the server: hearth health sync status."
    static let runConfiguration = CommandConfiguration(
        commandName: "run",
        abstract:
            "Send the changes of cloud-enabled records to the server and fetch what changed elsewhere, shared records included.",
        discussion:
            "Sign in once with --email and --password (add --sign-up to create the account); the sign-in is kept, readable only by you, in the data directory's credentials folder, and later runs need only --server. The first sync uploads every cloud-enabled record once; after that each run sends the changes made since by any hearth health command, and fetches your other devices' changes and the records shared with you. Progress is shown on a terminal, not when the output is piped. --watch keeps syncing until interrupted (Ctrl-C or SIGTERM), fetching as soon as the server reports a change and sending shortly after any hearth health command changes a cloud-enabled record; it prints each change of status and each batch sent and received."
    )
    static let reportsStatus = true

    static func databaseURL(_ options: HealthOptions) -> URL { options.databaseURL }
    static func json(_ options: HealthOptions) -> Bool { options.json }
    static func printJSON<T: Encodable>(_ value: T, _ options: HealthOptions) throws { try options.print(json: value) }
    static func describe(_ error: any Error) -> String { "\(error)" }

    /// The records sealed end to end, with the keys handed out around each round.
    static func connect(_ options: HealthOptions, session: SyncSession, logger: Logger) throws -> SyncService {
        let health = try options.openHealth()
        return HealthSync.connect(health, client: session.client, server: session.server, logger: logger).sync
    }

    static func status(_ options: HealthOptions) async throws -> SyncStatusReport {
        try await HealthSync.status(of: options.openHealth().database)
    }
}
