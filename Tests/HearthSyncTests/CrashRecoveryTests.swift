import Foundation
import HearthCloudModel
import HearthSync
import Testing

/// A client process killed with SIGKILL right after a local write sends that write after restart.
@Suite(.serialized) struct CrashRecoveryTests {
    @Test func aWriteMadeJustBeforeKill9IsSentAfterRestart() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("finance.sqlite").path
        let environment = ["HEARTH_DATA_DIR": folder.path]
        let email = freshEmail("crash")

        // The database syncs: `hearth finance sync` signs up, turns sync on and keeps the sign-in.
        let setup = try await ChildProcess.run(ChildProcess.product("hearth"), ["finance", "sync", "--server", server.url.absoluteString, "--email", email, "--password", "long enough password", "--sign-up", "--db", database], environment: environment)
        #expect(setup.status == 0, "\(setup.stderr)")

        // A running finance app writes a transaction and is killed before its debounced send.
        let client = CloudClient(configuration: CloudClientConfiguration(serverURL: server.url))
        try await client.signIn(email: email, password: "long enough password")
        let probe = try ChildProcess.start(ChildProcess.product("FinanceSyncProbe"), [database, server.url.absoluteString, client.token ?? ""])
        let line = try await probe.waitForLine(prefix: "COMMITTED ", timeout: .seconds(30))
        probe.kill9()
        let id = try #require(line?.dropFirst("COMMITTED ".count)).description
        #expect(await probe.exit() == SIGKILL)

        // The server does not have it: the process died with the change only in its outbox.
        let zone = CloudZoneID(zoneName: "finance")
        let before = try await client.privateDatabase.lookupRecords(CloudRecordsLookupRequest(zoneID: zone, records: [CloudRecordLookup(recordName: id)]))
        #expect(before.records.first?.error?.serverErrorCode == .notFound)

        // After restart, the next sync sends it.
        let restart = try await ChildProcess.run(ChildProcess.product("hearth"), ["finance", "sync", "--server", server.url.absoluteString, "--db", database], environment: environment)
        #expect(restart.status == 0, "\(restart.stderr)")
        #expect(restart.stdout.contains("sent 1 change (1 saved, 0 deleted)"), "\(restart.stdout)")
        let after = try await client.privateDatabase.lookupRecords(CloudRecordsLookupRequest(zoneID: zone, records: [CloudRecordLookup(recordName: id)]))
        let record = try #require(after.records.first?.item)
        #expect(record.fields["title"] == .string("Written just before the crash"))
        #expect(record.fields["amount"] == .int64(-4250))

        // And a second device of the same user receives it.
        let other = folder.appendingPathComponent("other.sqlite").path
        let second = try await ChildProcess.run(ChildProcess.product("hearth"), ["finance", "sync", "--server", server.url.absoluteString, "--db", other], environment: environment)
        #expect(second.status == 0, "\(second.stderr)")
        let list = try await ChildProcess.run(ChildProcess.product("hearth"), ["finance", "transactions", "list", "--db", other], environment: environment)
        #expect(list.stdout.contains("Written just before the crash"))
    }
}

/// Runs the package's executables as child processes, without blocking the concurrency pool (the
/// in-process server answering the child runs on it).
final class ChildProcess: @unchecked Sendable {
    let process: Process
    private let lock = NSLock()
    private var output = ""
    private var errors = ""
    private var exitStatus: Int32?
    private var exitWaiters: [CheckedContinuation<Int32, Never>] = []

    /// A built product next to the test bundle.
    static func product(_ name: String) throws -> URL {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [products, products.deletingLastPathComponent()].map { $0.appendingPathComponent(name) }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw CancellationError()
        }
        return found
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs to completion.
    static func run(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) async throws -> Result {
        let child = try start(executable, arguments, environment: environment)
        let status = await child.exit()
        return Result(status: status, stdout: child.stdout, stderr: child.stderr)
    }

    /// Starts without waiting.
    static func start(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> ChildProcess {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let child = ChildProcess(process)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        out.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            child.lock.withLock { child.output += String(decoding: data, as: UTF8.self) }
        }
        err.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            child.lock.withLock { child.errors += String(decoding: data, as: UTF8.self) }
        }
        process.terminationHandler = { process in
            // Drain what is left in the pipes before reporting the exit.
            let restOut = out.fileHandleForReading.readDataToEndOfFile()
            let restErr = err.fileHandleForReading.readDataToEndOfFile()
            out.fileHandleForReading.readabilityHandler = nil
            err.fileHandleForReading.readabilityHandler = nil
            let waiters = child.lock.withLock { () -> [CheckedContinuation<Int32, Never>] in
                child.output += String(decoding: restOut, as: UTF8.self)
                child.errors += String(decoding: restErr, as: UTF8.self)
                child.exitStatus = process.terminationStatus
                defer { child.exitWaiters.removeAll() }
                return child.exitWaiters
            }
            for waiter in waiters { waiter.resume(returning: process.terminationStatus) }
        }
        try process.run()
        return child
    }

    private init(_ process: Process) {
        self.process = process
    }

    var stdout: String { lock.withLock { output } }
    var stderr: String { lock.withLock { errors } }

    /// The first output line starting with `prefix`, or nil when none comes in time or the process ends.
    func waitForLine(prefix: String, timeout: Duration) async throws -> String? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let line = stdout.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) { return String(line) }
            if lock.withLock({ exitStatus }) != nil { return nil }
            try await Task.sleep(for: .milliseconds(5))
        }
        return nil
    }

    func kill9() {
        kill(process.processIdentifier, SIGKILL)
    }

    /// Waits for the process to end; returns its exit status, or the signal that ended it.
    func exit() async -> Int32 {
        await withCheckedContinuation { continuation in
            let status: Int32? = lock.withLock {
                if let exitStatus { return exitStatus }
                exitWaiters.append(continuation)
                return nil
            }
            if let status { continuation.resume(returning: status) }
        }
    }
}
