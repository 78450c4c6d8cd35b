public import Foundation
import HearthCore
import Synchronization

/// Token buckets per key: each key may make `rate` requests per second on average, `burst` at once.
public protocol RateLimiting: Sendable {
    /// nil when `key` may go ahead (and spends one token); otherwise how many seconds to wait.
    func acquire(_ key: String) async throws -> Int?
}

/// Token buckets in this process's memory: each key may make `rate` requests per second on average,
/// `burst` at once.
///
/// Time comes from the injected clock (seconds), so tests step it. State is per process; the PostgreSQL
/// store keeps its buckets in the database instead (``RecordStore/makeRateLimiter(name:rate:burst:)``), so
/// several server processes enforce one limit.
public final class RateLimiter: RateLimiting {
    private struct Bucket { var tokens: Double; var updated: Double }
    private let buckets = Mutex<[String: Bucket]>([:])
    private let rate: Double
    private let burst: Double
    private let now: @Sendable () -> Double

    public init(rate: Double, burst: Double, now: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }) {
        self.rate = max(rate, 0.001)
        self.burst = max(burst, 1)
        self.now = now
    }

    /// nil when `key` may go ahead (and spends one token); otherwise how many seconds to wait.
    public func acquire(_ key: String) -> Int? {
        let time = now()
        return buckets.withLock { buckets in
            var bucket = buckets[key] ?? Bucket(tokens: burst, updated: time)
            bucket.tokens = min(burst, bucket.tokens + (time - bucket.updated) * rate)
            bucket.updated = time
            defer {
                buckets[key] = bucket
                if buckets.count > 100_000 { buckets = buckets.filter { $0.value.tokens < burst } }
            }
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                return nil
            }
            return max(1, Int(((1 - bucket.tokens) / rate).rounded(.up)))
        }
    }
}
