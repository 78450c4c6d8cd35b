import AsyncHTTPClient
import Foundation
import HearthCore
import HearthHealth
import HearthStore
import HearthSync
import Logging

/// One measured sync, in a process of its own: `--child-upload MODE URL EMAIL COUNT DB` makes COUNT
/// cloud-enabled records and times the sync that sends them; `--child-download MODE URL EMAIL RECOVERY DB`
/// times a new device's first sync (restoring the user's key from RECOVERY when encrypted). Prints a ``Result``.
enum SyncChild {
    static let password = "benchmark password"

    struct Result: Codable {
        var records: Int
        var seconds: Double
        var peakMB: Double
        var recoveryCode: String?
    }

    static func main(_ arguments: [String]) async throws {
        let encrypted = arguments[2] == "encrypted"
        let http = CloudClient.makeHTTPClient()
        let client = CloudClient(
            configuration: CloudClientConfiguration(serverURL: URL(string: arguments[3])!), httpClient: http)
        try await client.signIn(email: arguments[4], password: password)
        let health = try HealthSync.open(at: URL(fileURLWithPath: arguments[6]))
        var logger = Logger(label: "hearth.health.benchmark")
        logger.logLevel = .critical
        let connection = HealthSync.connect(health, client: client, encrypted: encrypted, logger: logger)
        var result: Result
        switch arguments[1] {
        case "--child-upload":
            let count = Int(arguments[5])!
            for index in 0..<count { _ = try await Sample.make(index, on: health.records, cloud: true) }
            let start = ContinuousClock.now
            let report = try await connection.sync.sync()
            result = Result(
                records: report.sentSaves, seconds: seconds(ContinuousClock.now - start), peakMB: peakMegabytes())
            if encrypted {
                result.recoveryCode = try await health.database.read { db in try HealthKeyring.identity(db).recoveryCode
                }
            }
        default:
            if encrypted {
                let identity = try HealthIdentity(recoveryCode: arguments[5])
                try await health.database.write { db in try HealthKeyring.restore(identity, db) }
            }
            let start = ContinuousClock.now
            _ = try await connection.sync.sync()
            let elapsed = seconds(ContinuousClock.now - start)
            result = Result(
                records: try await health.records.records().count, seconds: elapsed, peakMB: peakMegabytes())
        }
        try await http.shutdown()
        FileHandle.standardOutput.write(try JSONEncoder().encode(result))
    }
}
