/// A condition that did not come true in time.
public struct WaitTimedOut: Error, CustomStringConvertible {
    public let description: String
}

/// Checks `condition` every `interval` until it holds, and throws ``WaitTimedOut`` naming `what` when
/// `timeout` passes first: the way tests wait for the other side to be ready, never by sleeping a fixed
/// time.
///
/// ```swift
/// try await waitUntil("both subscribers are listening") { source.subscriberCount == 2 }
/// ```
public func waitUntil(
    _ what: String, timeout: Duration = .seconds(30), interval: Duration = .milliseconds(5),
    _ condition: () async throws -> Bool
) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while try await !condition() {
        guard clock.now < deadline else {
            throw WaitTimedOut(description: "Timed out after \(timeout) waiting until \(what)")
        }
        try await Task.sleep(for: interval)
    }
}
