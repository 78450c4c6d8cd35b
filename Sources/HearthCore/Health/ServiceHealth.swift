public import Foundation

/// The result of one health check.
public struct HealthStatus: Codable, Equatable, Sendable {
    /// Whether the service can do its job right now.
    public var isHealthy: Bool
    /// When the check ran.
    public var lastChecked: Date
    /// What is wrong, when anything is.
    public var errors: [String]
    /// How long the check took, in seconds.
    public var responseTime: TimeInterval

    public init(isHealthy: Bool, lastChecked: Date, errors: [String] = [], responseTime: TimeInterval = 0) {
        self.isHealthy = isHealthy
        self.lastChecked = lastChecked
        self.errors = errors
        self.responseTime = responseTime
    }
}

/// A service that can say whether it is healthy.
public protocol ServiceHealth: Sendable {
    /// The name the service is listed under in a ``HealthReport``.
    var serviceName: String { get }
    /// Checks the service. Implementations should be quick; ``HealthReport`` applies a timeout anyway.
    func checkHealth() async -> HealthStatus
}

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
    ///   - now: the wall clock, for the report's timestamps.
    public static func check(
        _ services: [any ServiceHealth],
        timeout: Duration = .seconds(5),
        now: @escaping @Sendable () -> Date = Date.init
    ) async -> HealthReport {
        let results = await withTaskGroup(of: (String, HealthStatus).self) { group in
            for service in services {
                group.addTask {
                    let started = ContinuousClock.now
                    let status = await withTimeout(timeout) { await service.checkHealth() }
                    if let status { return (service.serviceName, status) }
                    let elapsed = started.duration(to: .now)
                    return (
                        service.serviceName,
                        HealthStatus(
                            isHealthy: false,
                            lastChecked: now(),
                            errors: ["Health check did not finish within \(timeout.formattedSeconds)"],
                            responseTime: elapsed.seconds
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

/// Runs `operation`, returning nil when it does not finish within `timeout`.
///
/// The operation runs in its own task, which is cancelled on timeout; the caller is never held up by an
/// operation that ignores cancellation.
func withTimeout<T: Sendable>(_ timeout: Duration, _ operation: @escaping @Sendable () async -> T) async -> T? {
    let outcome = Locked<(continuation: CheckedContinuation<T?, Never>?, done: Bool)>((nil, false))
    @Sendable func finish(_ value: T?) -> Bool {
        let continuation: CheckedContinuation<T?, Never>? = outcome.withLock { state in
            guard !state.done else { return nil }
            state.done = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: value)
        return continuation != nil
    }
    return await withCheckedContinuation { continuation in
        outcome.withLock { $0.continuation = continuation }
        let work = Task { _ = finish(await operation()) }
        Task {
            try? await Task.sleep(for: timeout)
            if finish(nil) { work.cancel() }
        }
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    public var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }

    var formattedSeconds: String {
        let value = seconds
        return value == value.rounded() ? "\(Int(value)) s" : String(format: "%.2f s", value)
    }
}
