import Foundation

/// A service that can say whether it is healthy.
public protocol ServiceHealth: Sendable {
    /// The name the service is listed under in a ``HealthReport``.
    var serviceName: String { get }
    /// Checks the service. Implementations should be quick; ``HealthReport`` applies a timeout anyway.
    func checkHealth() async -> HealthStatus
}

/// Runs `operation`, returning nil when it does not finish within `timeout` on `clock`.
///
/// The operation runs in its own task, which is cancelled on timeout; the caller is never held up by an
/// operation that ignores cancellation.
package func withTimeout<T: Sendable>(
    _ timeout: Duration, clock: any Clock<Duration> = ContinuousClock(), _ operation: @escaping @Sendable () async -> T
) async -> T? {
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
            try? await clock.sleep(for: timeout)
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
