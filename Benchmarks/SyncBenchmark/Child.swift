import Foundation
import HearthCloudModel
import HearthCore
import HearthFinance
import HearthSync
import Logging

/// The measured work, each run in a process of its own: prints one line, "records seconds peakMB".
enum Child {
    static func main(_ arguments: [String]) async throws {
        guard arguments.count >= 4, let server = URL(string: arguments[2]) else {
            FileHandle.standardError.write(Data("usage: SyncBenchmark --child-first-sync|--child-raw-fetch SERVER TOKEN [DATABASE]\n".utf8))
            exit(2)
        }
        let client = CloudClient(configuration: CloudClientConfiguration(serverURL: server), token: arguments[3])
        let start = ContinuousClock.now
        let count: Int
        switch arguments[1] {
        case "--child-first-sync":
            let finance = try FinanceSync.open(at: URL(fileURLWithPath: arguments[4]))
            var logger = Logger(label: "benchmark")
            logger.logLevel = .critical
            let engine = SyncEngine(database: finance.store.database, outbox: finance.outbox, cloud: client, logger: logger)
            let report = try await engine.sync()
            guard report.problems.isEmpty else {
                FileHandle.standardError.write(Data("first sync reported problems: \(report.problems.prefix(3))\n".utf8))
                exit(1)
            }
            count = report.receivedSaves
            let stored = try await finance.store.countTransactions(matching: TransactionQuery())
            guard stored == count else {
                FileHandle.standardError.write(Data("received \(count) but stored \(stored)\n".utf8))
                exit(1)
            }
        case "--child-raw-fetch":
            var token: CloudSyncToken?
            var total = 0
            let zone = CloudZoneID(zoneName: FinanceSync.zoneName)
            while true {
                let page = try await client.privateDatabase.recordChanges(CloudRecordChangesRequest(zoneID: zone, syncToken: token, resultsLimit: 500))
                total += page.records.count
                token = page.syncToken
                if !page.moreComing { break }
            }
            count = total
        default:
            exit(2)
        }
        let seconds = Double((ContinuousClock.now - start).components.attoseconds) / 1e18 + Double((ContinuousClock.now - start).components.seconds)
        print("\(count) \(String(format: "%.3f", seconds)) \(String(format: "%.1f", peakMegabytes()))")
    }

    /// VmHWM from /proc/self/status: the most memory this process has held.
    static func peakMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return 0 }
        return kilobytes / 1024
    }
}
