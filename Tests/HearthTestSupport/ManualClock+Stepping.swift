public import HearthCore

extension ManualClock {
    /// Waits until something sleeps on this clock for exactly `duration` from now, then moves the clock on by
    /// it: how a test steps a timer (a retry's backoff, a timeout, an interval) once the code under test waits
    /// on it, and checks the wait's length on the way.
    ///
    /// ```swift
    /// async let item: Item = network.get("/flaky")
    /// try await clock.advance(pastWaitOf: .milliseconds(100))   // the first backoff
    /// ```
    public func advance(pastWaitOf duration: Duration, timeout: Duration = .seconds(30)) async throws {
        try await waitUntil("something waits \(duration) on the manual clock", timeout: timeout) {
            self.pendingWaits.contains(duration)
        }
        advance(by: duration)
    }

    /// Runs `body` while moving this clock past each wait as soon as something sleeps on it, so retries and
    /// backoffs pass at once, in order, without the test naming each one.
    public func passingEveryWait<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
        let mover = Task {
            while !Task.isCancelled {
                try? await waitUntil("something sleeps on the manual clock", timeout: .seconds(3_600)) {
                    self.sleeperCount > 0 || Task.isCancelled
                }
                if let next = self.pendingWaits.first { self.advance(by: next) }
            }
        }
        defer { mover.cancel() }
        return try await body()
    }
}
