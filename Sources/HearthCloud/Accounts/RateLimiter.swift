public import Foundation
import HearthCore
import Synchronization

/// Token buckets in this process's memory: each key may make `rate` requests per second on average,
/// `burst` at once.
///
/// Time comes from the injected clock (seconds), so tests step it. State is per process; the PostgreSQL
/// store keeps its buckets in the database instead (``RecordStore/makeRateLimiter(name:rate:burst:)``), so
/// several server processes enforce one limit.
///
/// Memory stays bounded: a key idle long enough for its bucket to refill is forgotten (a fresh bucket is the
/// same thing), swept every ``sweepInterval`` calls; past ``maximumKeys`` the fullest buckets go first, so a
/// flood of new keys cannot hand a throttled key a fresh burst.
public final class RateLimiter: RateLimiting {
    private struct Bucket {
        var tokens: Double
        var updated: Double
    }
    private struct State {
        var buckets: [String: Bucket] = [:]
        var callsSinceSweep = 0
    }

    private let state = Mutex(State())
    private let rate: Double
    private let burst: Double
    private let now: @Sendable () -> Double
    /// The most keys kept at once.
    public let maximumKeys: Int
    /// How many calls pass between sweeps of idle keys.
    public static let sweepInterval = 1_024

    /// The slowest refill kept: a token every eleven days or so. Caps per day (ten codes a day: 0.000116 a second)
    /// must not be rounded up to something faster.
    static let slowestRate = 1e-6

    public init(
        rate: Double, burst: Double, maximumKeys: Int = 100_000,
        now: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }
    ) {
        self.rate = max(rate, Self.slowestRate)
        self.burst = max(burst, 1)
        self.maximumKeys = max(maximumKeys, 1)
        self.now = now
    }

    /// How many keys the limiter holds.
    public var keyCount: Int { state.withLock { $0.buckets.count } }

    /// nil when `key` may go ahead (and spends one token); otherwise how many seconds to wait.
    public func acquire(_ key: String) -> Int? {
        let time = now()
        return state.withLock { state in
            var bucket = state.buckets[key] ?? Bucket(tokens: burst, updated: time)
            bucket.tokens = min(burst, bucket.tokens + (time - bucket.updated) * rate)
            bucket.updated = time
            let wait: Int?
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                wait = nil
            } else {
                wait = max(1, Int(((1 - bucket.tokens) / rate).rounded(.up)))
            }
            state.buckets[key] = bucket
            state.callsSinceSweep += 1
            if state.callsSinceSweep >= Self.sweepInterval || state.buckets.count > maximumKeys {
                sweep(&state, at: time)
            }
            return wait
        }
    }

    /// Forgets keys whose buckets have refilled; then, when there are too many, the fullest until a tenth of
    /// the room is free again, so a flood of new keys sweeps once per many keys, not on each one.
    private func sweep(_ state: inout State, at time: Double) {
        state.callsSinceSweep = 0
        state.buckets = state.buckets.filter { $0.value.tokens + (time - $0.value.updated) * rate < burst }
        guard state.buckets.count > maximumKeys else { return }
        let excess = state.buckets.count - max(1, maximumKeys - maximumKeys / 10)
        let fullest = state.buckets.map { (key: $0.key, tokens: $0.value.tokens + (time - $0.value.updated) * rate) }
            .sorted { $0.tokens > $1.tokens }.prefix(excess)
        for entry in fullest { state.buckets.removeValue(forKey: entry.key) }
    }
}
