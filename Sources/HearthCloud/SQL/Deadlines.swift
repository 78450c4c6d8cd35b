import Synchronization

/// Deadlines that one loop checks, instead of a sleeping task for each: every PostgreSQL request has two (its
/// wait for a connection, and its transaction's run), and nearly all of them are met and removed again, so a
/// deadline costs a dictionary entry rather than a task and a system timer. A deadline fires at most
/// ``tick`` late, as measured on the clock the deadlines were made with.
final class Deadlines: Sendable {
    /// How often ``run()`` looks for deadlines that have passed.
    static let tick = Duration.milliseconds(50)

    private struct Entry {
        /// When it falls due, as time since the clock's origin.
        let due: Duration
        let action: @Sendable () -> Void
    }

    private struct State {
        var next: UInt64 = 0
        var entries: [UInt64: Entry] = [:]
    }

    private let state = Mutex(State())
    /// Time passed on the clock since these deadlines were made.
    private let elapsed: @Sendable () -> Duration
    private let sleep: @Sendable (Duration) async throws -> Void

    /// Deadlines measured on `clock` (a `ManualClock` in tests).
    init<C: Clock<Duration>>(clock: C) {
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        sleep = { try await clock.sleep(for: $0) }
    }

    /// Deadlines measured on the continuous clock.
    convenience init() {
        self.init(clock: ContinuousClock())
    }

    /// Runs `action` once `delay` has passed, unless ``cancel(_:)`` is called with the returned key first.
    func add(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> UInt64 {
        let due = elapsed() + delay
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
            try? await sleep(Self.tick)
            fireDue()
        }
    }

    /// Fires (and forgets) the deadlines that have passed.
    func fireDue() {
        let now = elapsed()
        let due = state.withLock { state -> [Entry] in
            let keys = state.entries.compactMap { $0.value.due <= now ? $0.key : nil }
            return keys.compactMap { state.entries.removeValue(forKey: $0) }
        }
        for entry in due { entry.action() }
    }
}
