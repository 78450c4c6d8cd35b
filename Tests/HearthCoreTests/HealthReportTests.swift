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

private struct HangingHealth: ServiceHealth {
    let serviceName = "hanging"
    func checkHealth() async -> HealthStatus {
        // Ignores cancellation on purpose: the report must not wait for it. A detached task is not
        // cancelled with its caller, so this stays suspended for the whole 30 s. (A loop of `try? await
        // Task.sleep` would spin once cancelled, holding a thread of the pool for 30 s and starving
        // every other test; on one core the report itself.)
        await Task.detached { try? await Task.sleep(for: .seconds(30)) }.value
        return HealthStatus(isHealthy: true, lastChecked: Date())
    }
}

@Suite struct HealthReportTests {
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
        let started = ContinuousClock.now
        let report = await HealthReport.check(
            [HangingHealth(), FixedHealth(serviceName: "fast", healthy: true)],
            timeout: .milliseconds(200)
        )
        let elapsed = started.duration(to: .now)
        #expect(elapsed < .seconds(5))
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
