import Foundation
import HearthCloudModel
import HearthCore
import HearthTestSupport
import Testing

@Suite("hearth serve killed during writes", .serialized, .timeLimit(.minutes(10)))
struct CrashConsistencyTests {
    /// The rate limit is raised so that only the kill stops the writers.
    static let unthrottled = ["--rate-limit", "1000000", "--rate-burst", "1000000"]

    @Test(
        "kill -9 at random moments during concurrent atomic batches, 20 times: every acknowledged batch is kept, none is half applied"
    )
    func killDuringConcurrentBatches() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = try await ServerProcess.running(dataDirectory: folder) {
            try await $0.signUpAndIn("crash@example.com")
        }
        var acknowledged = Set<String>()
        for run in 0..<20 {
            let target = Int.random(in: 1...12)
            let acked = try await ServerProcess.running(dataDirectory: folder, arguments: Self.unthrottled) { server in
                let count = Locked(0)
                let writers = (0..<4).map { writer in
                    Task { () -> [String] in
                        var done: [String] = []
                        for batch in 0..<10_000 {
                            let id = "r\(run)w\(writer)b\(batch)"
                            let operations = (0..<10).map { index in
                                CloudRecordOperation(
                                    operationType: .create,
                                    record: CloudRecord(
                                        recordName: "\(id)-\(index)", recordType: "Note", fields: ["batch": .string(id)]
                                    ))
                            }
                            // A batch counts as acknowledged only once its answer has arrived whole.
                            guard
                                let answer = try? await server.decoded(
                                    CloudRecordsModifyResponse.self, "/cloud/v1/private/records/modify",
                                    CloudRecordsModifyRequest(operations: operations), token: session.token)
                            else { break }
                            guard answer.records.allSatisfy({ $0.item != nil }) else { break }
                            done.append(id)
                            count.withLock { $0 += 1 }
                        }
                        return done
                    }
                }
                // The random moment: once a random number of batches is through, with the other writers' requests
                // in the middle of theirs.
                try await waitUntil(
                    "\(target) batches are acknowledged", timeout: .seconds(60), interval: .milliseconds(1)
                ) { count.current >= target }
                await server.killHard()
                var all: [String] = []
                for writer in writers { all += await writer.value }
                return all
            }
            acknowledged.formUnion(acked)
        }
        #expect(!acknowledged.isEmpty, "the writers got batches through before the kills")

        // After the last restart, read everything back through the changes feed.
        let stored = try await ServerProcess.running(dataDirectory: folder) { server in
            try await server.recordNames(token: session.token)
        }
        var perBatch: [String: Int] = [:]
        for name in stored {
            guard let dash = name.lastIndex(of: "-") else { continue }
            perBatch[String(name[..<dash]), default: 0] += 1
        }
        let missing = acknowledged.filter { perBatch[$0] != 10 }
        #expect(missing.isEmpty, "acknowledged batches lost or cut: \(missing.sorted().prefix(10))")
        let halves = perBatch.filter { $0.value != 10 }
        #expect(halves.isEmpty, "batches half applied: \(halves.sorted { $0.key < $1.key }.prefix(10))")
    }
}
