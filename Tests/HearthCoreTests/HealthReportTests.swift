import Foundation
import HearthCore
import Testing

private struct FixedHealth: ServiceHealth {
    let serviceName: String
    let healthy: Bool
    func checkHealth() async -> HealthStatus {
        HealthStatus(isHealthy: healthy, lastChecked: Date(), errors: healthy ? [] : ["\(serviceName) is down"])
    }
}

/// A check that stays suspended, ignoring cancellation, until the test opens `release`: the report must
/// come back without it. (A detached task is not cancelled with its caller; a loop of `try? await
/// Task.sleep` would spin once cancelled, holding a thread of the pool and starving every other test.)
private struct HangingHealth: ServiceHealth {
    let serviceName = "hanging"
    let release: WatchedValue<Bool>
    func checkHealth() async -> HealthStatus {
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
        let report = await HealthReport.check([FixedHealth(serviceName: "a", healthy: true), FixedHealth(serviceName: "b", healthy: true)])
        #expect(report.isHealthy)
        #expect(report.status == "healthy")
        #expect(Set(report.services.keys) == ["a", "b"])
    }

    @Test func oneFailingServiceMakesTheReportUnhealthy() async {
        let report = await HealthReport.check([FixedHealth(serviceName: "db", healthy: true), FixedHealth(serviceName: "cache", healthy: false)])
        #expect(!report.isHealthy)
        #expect(report.status == "unhealthy")
        #expect(report.services["cache"]?.errors == ["cache is down"])
    }

    @Test func aCheckThatHangsTimesOutWithoutHoldingUpTheReport() async {
        // The hanging check ends only after the report is back: a report that waited for it would never
        // return, and the suite's time limit would fail the test.
        let release = WatchedValue(false)
        let report = await HealthReport.check(
            [HangingHealth(release: release), FixedHealth(serviceName: "fast", healthy: true)],
            timeout: .milliseconds(200)
        )
        release.send(true)
        #expect(report.services["fast"]?.isHealthy == true)
        let hanging = report.services["hanging"]
        #expect(hanging?.isHealthy == false)
        #expect(hanging?.errors.first?.contains("did not finish within") == true)
    }

    @Test func reportsEncodeAsJSON() throws {
        let report = HealthReport(checkedAt: Date(timeIntervalSince1970: 0), services: ["a": HealthStatus(isHealthy: true, lastChecked: Date(timeIntervalSince1970: 0))])
        let data = try JSONEncoder.hearth.encode(report)
        let decoded = try JSONDecoder.hearth.decode(HealthReport.self, from: data)
        #expect(decoded == report)
        #expect(String(decoding: data, as: UTF8.self).contains("\"status\":\"healthy\""))
    }
}
