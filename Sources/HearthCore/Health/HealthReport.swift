public import Foundation

/// The health of many services, checked concurrently, each with a timeout.
public struct HealthReport: Codable, Equatable, Sendable {
    /// `"healthy"` when every service is healthy, else `"unhealthy"`.
    public var status: String
    /// When the report was made.
    public var checkedAt: Date
    /// Each service's status, by name.
    public var services: [String: HealthStatus]

    /// Whether every service is healthy.
    public var isHealthy: Bool { services.values.allSatisfy(\.isHealthy) }

    public init(checkedAt: Date, services: [String: HealthStatus]) {
        self.checkedAt = checkedAt
        self.services = services
        self.status = services.values.allSatisfy(\.isHealthy) ? "healthy" : "unhealthy"
    }

    /// Checks every service at once; one that does not answer within `timeout` is reported unhealthy.
    /// - Parameters:
    ///   - services: the services to check.
    ///   - timeout: how long each check may take.
    ///   - clock: what the timeout is measured on.
    ///   - now: the wall clock, for the report's timestamps.
    public static func check(
        _ services: [any ServiceHealth],
        timeout: Duration = .seconds(5),
        clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = Date.init
    ) async -> HealthReport {
        let results = await withTaskGroup(of: (String, HealthStatus).self) { group in
            for service in services {
                group.addTask {
                    let elapsed = clock.stopwatch()
                    let status = await withTimeout(timeout, clock: clock) { await service.checkHealth() }
                    if let status { return (service.serviceName, status) }
                    return (
                        service.serviceName,
                        HealthStatus(
                            isHealthy: false,
                            lastChecked: now(),
                            errors: ["Health check did not finish within \(timeout.formattedSeconds)"],
                            responseTime: elapsed().seconds
                        )
                    )
                }
            }
            var collected: [String: HealthStatus] = [:]
            for await (name, status) in group { collected[name] = status }
            return collected
        }
        return HealthReport(checkedAt: now(), services: results)
    }
}
