// A finance app process for the crash test: it syncs a finance database continuously, makes one local
// write, says so, and waits — to be killed with SIGKILL before its debounced send goes out.
//
// Usage: FinanceSyncProbe DATABASE SERVER_URL TOKEN
import Foundation
import HearthCloudModel
import HearthCore
import HearthFinance
import HearthSync
import Logging

let arguments = CommandLine.arguments
guard arguments.count == 4, let server = URL(string: arguments[2]) else {
    FileHandle.standardError.write(Data("usage: FinanceSyncProbe DATABASE SERVER_URL TOKEN\n".utf8))
    exit(2)
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let finance = try FinanceSync.open(
    at: URL(fileURLWithPath: arguments[1]), configuration: FinanceSync.configuration(sendDebounce: .seconds(5)))
let http = CloudClient.makeHTTPClient()
let client = CloudClient(
    configuration: CloudClientConfiguration(serverURL: server), httpClient: http, token: arguments[3])
var logger = Logger(label: "probe")
logger.logLevel = .critical
let engine = SyncEngine(database: finance.store.database, outbox: finance.outbox, cloud: client, logger: logger)
let running = Task { try await engine.run() }

// Wait until the engine has caught up, so the write below is the only thing left to send.
for try await status in engine.status where status == .synced { break }
say("READY")
let transaction = try await finance.store.save(
    Transaction(title: "Written just before the crash", amount: -42.5, category: .shopping))
say("COMMITTED \(transaction.id.uuidString.lowercased())")
try await running.value
