import Foundation
import HearthCore
import HearthHealth
import HearthTestSupport
import Synchronization
import Testing

/// The sharing debug log: bounded, timestamped, kept in the health database.
@Suite struct HealthDebugLogTests {
    func databaseFile() throws -> URL {
        let folder = scratchDirectory("hearth-health-log")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("health.sqlite")
    }

    @Test func keepsTheNewest200TimestampedLinesAndTheLastLinkAndErrorAcrossOpenings() async throws {
        let url = try databaseFile()
        let seconds = Mutex(0)
        let clock: @Sendable () -> Date = {
            Date(
                timeIntervalSince1970: 1_735_000_000
                    + Double(
                        seconds.withLock { value in
                            value += 1
                            return value
                        }))
        }
        let log = try HealthSync.open(at: url, now: clock).debugLog
        #expect(log.capacity == 200)
        for n in 1...230 { try await log.log("step \(n)\nsecond line") }
        try await log.rememberShareLink("link-1")
        try await log.recordError("Accept failed: no share")

        // Another opening of the same file (a later command) reads the same log.
        let reopened = try HealthSync.open(at: url).debugLog
        let lines = try await reopened.lines()
        #expect(lines.count == 200)
        #expect(lines.first == "[2024-12-24T00:27:12Z] step 32 second line")
        #expect(lines.dropLast().last?.hasSuffix("] step 230 second line") == true)
        #expect(lines.last?.hasSuffix("] ERROR: Accept failed: no share") == true)
        let shape = /^\[\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z\] [^\n]+$/
        #expect(lines.allSatisfy { $0.wholeMatch(of: shape) != nil })
        #expect(try await reopened.lastShareLink() == "link-1")
        #expect(try await reopened.lastError() == "Accept failed: no share")
        #expect(try await reopened.exportText() == lines.joined(separator: "\n") + "\n")

        // Clearing forgets the lines and the error, not the link.
        try await reopened.clear()
        #expect(try await log.lines().isEmpty)
        #expect(try await log.exportText() == "")
        #expect(try await log.lastError() == nil)
        #expect(try await log.lastShareLink() == "link-1")
        try await log.rememberShareLink("link-2")
        #expect(try await reopened.lastShareLink() == "link-2")
    }
}
