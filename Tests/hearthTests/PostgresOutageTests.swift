import AsyncHTTPClient
import Foundation
import HearthCloudModel
import HearthCore
import HearthTestSupport
import NIOCore
import NIOHTTP1
import Testing

/// `hearth serve` on a PostgreSQL of its own that is restarted, then stopped for a while, under a steady write
/// load: every answer is a success or a clean `TRY_AGAIN_LATER`, none hangs, and writes succeed again once
/// the database is back.
@Suite("hearth serve while PostgreSQL restarts", .serialized, .timeLimit(.minutes(10)))
struct PostgresOutageTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("scripts/test-postgres.sh")
    static var available: Bool {
        ProcessInfo.processInfo.environment["CI"] == "true"
            || FileManager.default.fileExists(atPath: "/usr/lib/postgresql")
    }

    /// Runs scripts/test-postgres.sh with `arguments` and returns what it printed.
    static func cluster(_ arguments: String...) async throws -> String {
        let result = try await ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), [script.path] + arguments)
        guard result.status == 0 else {
            throw CloudError(
                .internalError, "test-postgres.sh \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        }
        return result.stdout
    }

    /// One answer to a write: its status, whether it said when to retry, and how long it took.
    struct Answer: Sendable {
        var status: Int
        var retryAfter: Bool
        var seconds: Double
        var code: String
    }

    @Test(
        "a restart and an outage of several lease timeouts under load: answers are 200 or 503 TRY_AGAIN_LATER, none hangs, writes succeed again",
        .enabled(if: available, "needs PostgreSQL (apt-get install postgresql; .ci/run installs it)"))
    func restartAndOutage() async throws {
        let exports = try await Self.cluster("start")
        guard let url = exports.firstMatch(of: /HEARTH_TEST_POSTGRES_URL=(\S+)/)?.1,
            let dir = exports.firstMatch(of: /HEARTH_TEST_POSTGRES_DIR=(\S+)/)?.1
        else {
            Issue.record("test-postgres.sh start printed \(exports)")
            return
        }
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try await ServerProcess.running(
                dataDirectory: folder, database: String(url),
                arguments: ["--rate-limit", "100000", "--rate-burst", "100000"]
            ) { server in
                let session = try await server.signUpAndIn("outage@example.com")
                let answers = Locked<[Answer]>([])
                let acknowledged = Locked<[String]>([])
                let stop = Locked(false)
                let writers = (0..<4).map { writer in
                    Task {
                        var batch = 0
                        while !stop.withLock({ $0 }) {
                            batch += 1
                            let name = "w\(writer)b\(batch)"
                            let answer = try await Self.write(name, server: server, token: session.token)
                            answers.withLock { $0.append(answer) }
                            if answer.status == 200 { acknowledged.withLock { $0.append(name) } }
                            if answer.status != 200 { try await Task.sleep(for: .milliseconds(200)) }
                        }
                    }
                }
                try await waitUntil(
                    "the writers have writes acknowledged", timeout: .seconds(60), interval: .milliseconds(50)
                ) {
                    acknowledged.withLock { $0.count >= 8 }
                }
                _ = try await Self.cluster("restart", String(dir))
                let restarted = acknowledged.withLock { $0.count }
                try await waitUntil(
                    "writes are acknowledged again after the restart", timeout: .seconds(90),
                    interval: .milliseconds(50)
                ) {
                    acknowledged.withLock { $0.count >= restarted + 8 }
                }
                let beforeHalt = answers.withLock { $0.count }
                _ = try await Self.cluster("halt", String(dir))
                // The outage lasts until the writers have been turned away again and again, each refusal waiting out
                // the pool's lease timeout, so no request can hang through it unseen.
                try await waitUntil(
                    "the writers have been refused twelve times during the outage", timeout: .seconds(180),
                    interval: .milliseconds(100)
                ) {
                    answers.withLock { $0.dropFirst(beforeHalt).filter { $0.status != 200 }.count >= 12 }
                }
                let downAnswers = answers.withLock { $0.count }
                _ = try await Self.cluster("resume", String(dir))
                let back = ContinuousClock.now
                // Writes succeed again once the database is back (the pool retries with a backoff).
                try await waitUntil(
                    "a write succeeds after PostgreSQL is back", timeout: .seconds(90), interval: .milliseconds(100)
                ) {
                    answers.withLock { $0.dropFirst(downAnswers).contains { $0.status == 200 } }
                }
                let recovery = back.duration(to: .now)
                stop.withLock { $0 = true }
                for writer in writers { try await writer.value }

                let all = answers.withLock { $0 }
                let refused = all.filter { $0.status != 200 }
                #expect(!refused.isEmpty, "the outage was never seen: \(all.count) answers, all 200")
                for answer in refused {
                    #expect(
                        answer.status == 503 && answer.code == "TRY_AGAIN_LATER" && answer.retryAfter,
                        "answer \(answer)")
                }
                // Every acknowledged write is there.
                let names = acknowledged.withLock { $0 }
                for chunk in stride(from: 0, to: names.count, by: 200).map({
                    Array(names[$0..<min($0 + 200, names.count)])
                }) {
                    let found = try await server.decoded(
                        CloudRecordsLookupResponse.self, "/cloud/v1/private/records/lookup",
                        CloudRecordsLookupRequest(records: chunk.map { CloudRecordLookup(recordName: $0) }),
                        token: session.token)
                    #expect(found.records.allSatisfy { $0.item != nil }, "acknowledged writes missing after the outage")
                }
                print(
                    "PostgreSQL outage: \(all.count) answers, \(refused.count) TRY_AGAIN_LATER, slowest \(all.map(\.seconds).max() ?? 0) s, writes back \(recovery) after the database"
                )
                // A connection lost mid-statement can keep its pool lease, which a graceful stop would wait for.
                await server.killHard()
            }
        } catch {
            _ = try? await Self.cluster("stop", String(dir))
            throw error
        }
        _ = try await Self.cluster("stop", String(dir))
    }

    static func write(_ name: String, server: ServerProcess, token: String) async throws -> Answer {
        var request = HTTPClientRequest(url: server.base + "/cloud/v1/private/records/modify")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        let body = CloudRecordsModifyRequest(operations: [
            CloudRecordOperation(
                operationType: .create,
                record: CloudRecord(recordName: name, recordType: "Note", fields: ["n": .string(name)]))
        ])
        request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(body)))
        let started = ContinuousClock.now
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(90))
        let data = try await response.body.collect(upTo: 1_000_000)
        let code =
            (try? JSONDecoder().decode(CloudError.self, from: Data(data.readableBytesView)))?.serverErrorCode.rawValue
            ?? ""
        return Answer(
            status: Int(response.status.code), retryAfter: response.headers["Retry-After"].first != nil,
            seconds: started.duration(to: .now).seconds, code: code)
    }
}
