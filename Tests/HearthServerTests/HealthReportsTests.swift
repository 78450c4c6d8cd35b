import Foundation
import HearthCore
import Testing

@testable import HearthServer

/// The `/health` report kept between probes: probes share one run of the checks while it is fresh, a
/// failed run is not kept, and an old report is made again.
@Suite("Health reports between probes")
struct HealthReportsTests {
    static func report(_ healthy: Bool) throws -> EncodedHealthReport {
        try EncodedHealthReport(
            HealthReport(checkedAt: Date(), services: ["store": HealthStatus(isHealthy: healthy, lastChecked: Date())]))
    }

    @Test("concurrent probes share one run of the checks, and later probes reuse its report while it is fresh")
    func probesShareOneRun() async throws {
        // The clock stands still, so the report stays fresh however long the probes take.
        let reports = HealthReports(maximumAge: .seconds(30), clock: ManualClock())
        let runs = Locked(0)
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await reports.current {
                        runs.withLock { $0 += 1 }
                        return try Self.report(true)
                    }.isHealthy
                }
            }
            for try await healthy in group { #expect(healthy) }
        }
        #expect(runs.current == 1)
        _ = try await reports.current {
            runs.withLock { $0 += 1 }
            return try Self.report(false)
        }
        #expect(runs.current == 1, "a fresh report is reused")
    }

    @Test("a failed run is not kept, and an old report is made again")
    func failuresAndAge() async throws {
        struct CheckFailed: Error {}
        let clock = ManualClock()
        let reports = HealthReports(maximumAge: .milliseconds(100), clock: clock)
        await #expect(throws: CheckFailed.self) { _ = try await reports.current { throw CheckFailed() } }
        #expect(try await reports.current { try Self.report(false) }.isHealthy == false)
        clock.advance(by: .milliseconds(99))
        #expect(try await reports.current { try Self.report(true) }.isHealthy == false, "still fresh")
        clock.advance(by: .milliseconds(1))
        #expect(try await reports.current { try Self.report(true) }.isHealthy == true)
    }
}
