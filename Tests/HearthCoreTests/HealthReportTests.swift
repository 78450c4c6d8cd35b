import Foundation
import HearthCore
import HearthTestSupport
import Testing

private struct FixedHealth: ServiceHealth {
    let serviceName: String
    let healthy: Bool
    var answered: Locked<Bool>? = nil
    func checkHealth() async -> HealthStatus {
        answered?.withLock { $0 = true }
        return HealthStatus(isHealthy: healthy, lastChecked: Date(), errors: healthy ? [] : ["\(serviceName) is down"])
    }
}

/// A check that stays suspended, ignoring cancellation, until the test opens `release`: the report must
/// come back without it. (A detached task is not cancelled with its caller; a loop of `try? await
/// Task.sleep` would spin once cancelled, holding a thread of the pool and starving every other test.)
private struct HangingHealth: ServiceHealth {
    let serviceName = "hanging"
    let release: WatchedValue<Bool>
    var started: Locked<Bool>? = nil
    func checkHealth() async -> HealthStatus {
        started?.withLock { $0 = true }
        let release = self.release
        await Task.detached {
            do {
                for try await open in release.stream where open { break }
            } catch {
                Issue.record("the release stream failed: \(error)")
            }
        }.value
        return HealthStatus(isHealthy: true, lastChecked: Date())
    }
}

@Suite(.timeLimit(.minutes(10))) struct HealthReportTests {
    @Test func healthyWhenEveryServiceIs() async {
        let report = await HealthReport.check([
            FixedHealth(serviceName: "a", healthy: true), FixedHealth(serviceName: "b", healthy: true),
        ])
        #expect(report.isHealthy)
        #expect(report.status == "healthy")
        #expect(Set(report.services.keys) == ["a", "b"])
    }

    @Test func oneFailingServiceMakesTheReportUnhealthy() async {
        let report = await HealthReport.check([
            FixedHealth(serviceName: "db", healthy: true), FixedHealth(serviceName: "cache", healthy: false),
        ])
        #expect(!report.isHealthy)
        #expect(report.status == "unhealthy")
        #expect(report.services["cache"]?.errors == ["cache is down"])
    }

    @Test func aCheckThatHangsTimesOutWithoutHoldingUpTheReport() async throws {
        // The hanging check ends only after the report is back: a report that waited for it would never
        // return, and the suite's time limit would fail the test.
        let release = WatchedValue(false)
        let clock = ManualClock()
        let started = Locked(false)
        let answered = Locked(false)
        async let checked = HealthReport.check(
            [
                HangingHealth(release: release, started: started),
                FixedHealth(serviceName: "fast", healthy: true, answered: answered),
            ],
            timeout: .seconds(5), clock: clock
        )
        // Both checks' timers are set and the fast check has answered; the hanging one waits out its timeout.
        try await waitUntil("the fast check answered and the hanging one waits out its timeout") {
            answered.current && started.current && clock.sleeperCount == 2
        }
        clock.advance(by: .seconds(5))
        let report = await checked
        release.send(true)
        #expect(report.services["fast"]?.isHealthy == true)
        let hanging = report.services["hanging"]
        #expect(hanging?.isHealthy == false)
        #expect(hanging?.errors.first?.contains("did not finish within") == true)
    }

    @Test func reportsEncodeAsJSON() throws {
        let report = HealthReport(
            checkedAt: Date(timeIntervalSince1970: 0),
            services: ["a": HealthStatus(isHealthy: true, lastChecked: Date(timeIntervalSince1970: 0))])
        let data = try JSONEncoder.hearth.encode(report)
        let decoded = try JSONDecoder.hearth.decode(HealthReport.self, from: data)
        #expect(decoded == report)
        #expect(String(decoding: data, as: UTF8.self).contains("\"status\":\"healthy\""))
    }
}
