import HearthCore

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

/// Runs `operation` and returns what it returns (or throws what it throws); throws ``WaitTimedOut`` naming
/// `what`, and cancels it, when it has not finished within `timeout`. The wait is
/// ``waitUntil(_:timeout:interval:_:)``'s.
///
/// ```swift
/// let notification = try await finishing("the notification on the other server") { try await tablet.nextNotification() }
/// ```
public func finishing<T: Sendable>(
    _ what: String, timeout: Duration = .seconds(30), _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let outcome = Locked<Result<T, any Error>?>(nil)
    let work = Task {
        let result: Result<T, any Error>
        do {
            result = .success(try await operation())
        } catch {
            result = .failure(error)
        }
        outcome.withLock { $0 = result }
    }
    defer { work.cancel() }
    try await waitUntil(what, timeout: timeout) { outcome.current != nil }
    guard let result = outcome.current else { throw WaitTimedOut(description: "\(what) gave no result") }
    return try result.get()
}

/// Reads `sequence` until `pick` finds what the test waits for in an element and returns it, or returns nil
/// when the sequence ends first; throws ``WaitTimedOut`` naming `what` when `timeout` passes before either.
/// Elements `pick` passes over are consumed.
///
/// ```swift
/// let sent = try await firstElement("a sent event", of: engine.events) { if case .sent = $0 { $0 } else { nil } }
/// ```
public func firstElement<S: AsyncSequence & Sendable, T: Sendable>(
    _ what: String, of sequence: S, timeout: Duration = .seconds(30),
    where pick: @escaping @Sendable (S.Element) throws -> T?
) async throws -> T? where S.Element: Sendable {
    try await finishing(what, timeout: timeout) {
        for try await element in sequence {
            if let found = try pick(element) { return found }
        }
        return nil
    }
}
