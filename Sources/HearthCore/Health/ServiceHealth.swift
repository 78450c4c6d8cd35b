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
/// operation that ignores cancellation. An operation that finishes in time stops the timer, so nothing is
/// left asleep on `clock`.
package func withTimeout<T: Sendable>(
    _ timeout: Duration, clock: any Clock<Duration> = ContinuousClock(), _ operation: @escaping @Sendable () async -> T
) async -> T? {
    let outcome = Locked<(continuation: CheckedContinuation<T?, Never>?, timer: Task<Void, Never>?, done: Bool)>((nil, nil, false))
    @Sendable func finish(_ value: T?) -> Bool {
        let (continuation, timer): (CheckedContinuation<T?, Never>?, Task<Void, Never>?) = outcome.withLock { state in
            guard !state.done else { return (nil, nil) }
            state.done = true
            defer { state.continuation = nil; state.timer = nil }
            return (state.continuation, state.timer)
        }
        timer?.cancel()
        continuation?.resume(returning: value)
        return continuation != nil
    }
    return await withCheckedContinuation { continuation in
        outcome.withLock { $0.continuation = continuation }
        let work = Task { _ = finish(await operation()) }
        let timer = Task {
            guard (try? await clock.sleep(for: timeout)) != nil else { return }
            if finish(nil) { work.cancel() }
        }
        let finished = outcome.withLock { state -> Bool in
            if state.done { return true }
            state.timer = timer
            return false
        }
        if finished { timer.cancel() }
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
