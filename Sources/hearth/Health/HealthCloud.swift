import ArgumentParser
import Foundation
import HearthCloudModel
import HearthCore
import HearthHealth
import HearthStore
import HearthSync
import Logging

/// A health database signed in to a server: the records, the sync engine and service, and sharing.
struct HealthCloud {
    let url: URL
    let server: String
    let health: HealthSync.Opened
    let engine: SyncEngine
    let sync: SyncService
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
                let connection = HealthSync.connect(
                    health, client: session.client, server: session.server, logger: logger)
                let cloud = HealthCloud(
                    url: options.databaseURL, server: session.server, health: health, engine: connection.engine,
                    sync: connection.sync, sharing: connection.sharing)
                let result: T
                do {
                    result = try await body(cloud)
                } catch {
                    if let cloudError = (error as? ServiceError)?.underlying as? CloudError,
                        let expired = session.expiredSignIn(cloudError)
                    {
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
