import Synchronization

/// Deadlines that one loop checks, instead of a sleeping task for each: every PostgreSQL request has two (its
/// wait for a connection, and its transaction's run), and nearly all of them are met and removed again, so a
/// deadline costs a dictionary entry rather than a task and a system timer. A deadline fires at most
/// ``tick`` late.
final class Deadlines: Sendable {
    /// How often ``run()`` looks for deadlines that have passed.
    static let tick = Duration.milliseconds(50)

    private struct Entry {
        let due: ContinuousClock.Instant
        let action: @Sendable () -> Void
    }

    private struct State {
        var next: UInt64 = 0
        var entries: [UInt64: Entry] = [:]
    }

    private let state = Mutex(State())

    /// Runs `action` once `delay` has passed, unless ``cancel(_:)`` is called with the returned key first.
    func add(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> UInt64 {
        let due = ContinuousClock.now + delay
        return state.withLock { state in
            state.next += 1
            state.entries[state.next] = Entry(due: due, action: action)
            return state.next
        }
    }

    /// Forgets a deadline that was met; nothing happens when it has already fired.
    func cancel(_ key: UInt64) {
        _ = state.withLock { $0.entries.removeValue(forKey: key) }
    }

    /// Fires the deadlines that have passed, every ``tick``, until cancelled.
    func run() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: Self.tick)
            fireDue()
        }
    }

    /// Fires (and forgets) the deadlines that have passed.
    func fireDue(now: ContinuousClock.Instant = .now) {
        let due = state.withLock { state -> [Entry] in
            let keys = state.entries.compactMap { $0.value.due <= now ? $0.key : nil }
            return keys.compactMap { state.entries.removeValue(forKey: $0) }
        }
        for entry in due { entry.action() }
    }
}
