public import ArgumentParser
import Foundation
import HearthCloud
import HearthServer
import Logging

/// `serve`: the application `hearth serve` runs, in a process of its own, printing its port on stdout.
///
/// Per-user rate limits are off (the load is the point) and passwords are hashed cheaply (signing the
/// benchmark's users in is not measured); everything else is `hearth serve`'s defaults.
public struct ServeChild: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run hearth serve's application for the load (used by the benchmark itself).",
        shouldDisplay: false)

    @Option(name: .customLong("data-dir")) var dataDirectory: String
    @Option var database: String?
    @Option(name: .customLong("database-connections")) var databaseConnections: Int?

    public init() {}

    public func run() async throws {
        var configuration = try ServerConfiguration.resolve(
            host: "127.0.0.1", port: 0, dataDirectory: dataDirectory, logLevel: "error", database: database,
            rateLimit: 1_000_000, rateBurst: 1_000_000, maxRequestBytes: nil, maxAssetBytes: nil,
            databaseConnections: databaseConnections
        )
        configuration.cloud.bcryptCost = 4
        configuration.cloud.signInRate = 1e9
        configuration.cloud.signInBurst = 1e9
        configuration.cloud.addressRate = 1e9
        configuration.cloud.addressBurst = 1e9
        // As `hearth serve` logs.
        LoggingSystem.bootstrap { label in ServerLogHandler(label: label, level: .error) }
        let app = try await buildApplication(
            configuration,
            onListening: { port in
                FileHandle.standardOutput.write(Data("listening on \(port)\n".utf8))
            })
        try await runServer(app, configuration: configuration)
    }
}
