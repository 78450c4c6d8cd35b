import Foundation
import Synchronization

/// Token buckets kept in the record database, so every server process on it enforces one limit per key.
///
/// A statement takes tokens or says how long to wait; the database's clock is the time every process
/// shares, and concurrent requests for one key queue on its row. Buckets that have filled up again are
/// removed by compaction.
///
/// When the limit is loose, a statement takes a few tokens at once and the process spends the rest
/// itself: at most what the key refills in ``leaseWindow``, a tenth of its burst, and ``maximumLease``. With
/// the default limits (50 a second, bursts of 200) that is two tokens, so every other request asks the
/// database; with tight limits (a sign-in's one a second) it is one, and every request asks. Tokens a
/// process holds are already gone from the shared bucket, so the processes together never spend more than
/// the limit allows; what one holds unspent is withheld from the others (at most ``leaseWindow`` of
/// refill) and dropped after ``leaseLifetime``.
final class SharedRateLimiter: RateLimiting {
    /// The most tokens one statement takes.
    static let maximumLease = 64
    /// A lease holds at most what the key refills in this many seconds.
    static let leaseWindow = 0.05
    /// Seconds after which tokens taken but not spent are dropped.
    static let leaseLifetime = 1.0
    /// The most keys this process holds tokens for; past it the oldest leases are dropped.
    static let maximumLeasedKeys = 10_000

    private let store: SQLRecordStore
    private let name: String
    private let rate: Double
    private let burst: Double
    /// Tokens one statement takes.
    let leaseSize: Int
    private let now: @Sendable () -> Double
    private let leases = Mutex<[String: Lease]>([:])

    private struct Lease {
        var tokens: Int
        var expires: Double
    }

    /// The slowest refill kept: a token every eleven days or so. Caps per day (ten codes a day: 0.000116 a second)
    /// must not be rounded up to something faster.
    static let slowestRate = 1e-6

    init(
        store: SQLRecordStore, name: String, rate: Double, burst: Double,
        now: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }
    ) {
        self.store = store
        self.name = name
        self.rate = max(rate, Self.slowestRate)
        self.burst = max(burst, 1)
        self.now = now
        let refill = (self.rate * Self.leaseWindow).rounded(.down)
        let share = (self.burst / 10).rounded(.down)
        leaseSize = max(1, Int(min(Double(Self.maximumLease), refill, share)))
    }

    func acquire(_ key: String) async throws -> Int? {
        let time = now()
        if spendLeased(key, at: time) { return nil }
        let rows = try await store.single(
            Self.take,
            [
                .text(name + ":" + key), .double(burst), .int(Int64(leaseSize)), .int(Int64(leaseSize)), .double(rate),
                .double(burst),
            ])
        guard let row = rows.first else { return nil }
        let granted = Int(row.int("allowed"))
        guard granted < 1 else {
            if granted > 1 { keepLeased(key, granted - 1, at: time) }
            return nil
        }
        return max(1, Int(((1 - row.double("tokens")) / rate).rounded(.up)))
    }

    /// Spends one of the tokens this process holds for `key`, if it holds one that has not expired.
    private func spendLeased(_ key: String, at time: Double) -> Bool {
        guard leaseSize > 1 else { return false }
        return leases.withLock { leases in
            guard var lease = leases[key] else { return false }
            guard lease.expires > time, lease.tokens > 0 else {
                leases.removeValue(forKey: key)
                return false
            }
            lease.tokens -= 1
            if lease.tokens == 0 { leases.removeValue(forKey: key) } else { leases[key] = lease }
            return true
        }
    }

    /// Keeps `tokens` taken for `key`; past ``maximumLeasedKeys`` expired leases go, then the oldest until a
    /// tenth of the room is free again, so a stream of new keys sweeps once per thousand keys, not on each one.
    private func keepLeased(_ key: String, _ tokens: Int, at time: Double) {
        leases.withLock { leases in
            let held = leases[key].map { $0.expires > time ? $0.tokens : 0 } ?? 0
            leases[key] = Lease(tokens: held + tokens, expires: time + Self.leaseLifetime)
            guard leases.count > Self.maximumLeasedKeys else { return }
            leases = leases.filter { $0.value.expires > time }
            let kept = Self.maximumLeasedKeys - Self.maximumLeasedKeys / 10
            guard leases.count > kept else { return }
            let oldest = leases.sorted { $0.value.expires < $1.value.expires }.prefix(leases.count - kept)
            for entry in oldest { leases.removeValue(forKey: entry.key) }
        }
    }

    /// How many keys this process holds tokens for.
    var leasedKeyCount: Int { leases.withLock { $0.count } }

    /// Refills the bucket for the time since its last use, then takes up to the lease's size in whole tokens
    /// (`allowed` is how many, 0 when there is not one). A new bucket is inserted full, less the lease; the
    /// values it is inserted with (`EXCLUDED`) carry this request's time, lease size, rate and burst.
    private static let take = """
        INSERT INTO rate_buckets AS b (key, tokens, updated, allowed, rate, burst)
        VALUES (?, CAST(? AS DOUBLE PRECISION) - ?, EXTRACT(EPOCH FROM clock_timestamp())::DOUBLE PRECISION, ?, ?, ?)
        ON CONFLICT (key) DO UPDATE SET
            tokens = LEAST(EXCLUDED.burst, b.tokens + (EXCLUDED.updated - b.updated) * EXCLUDED.rate)
                - LEAST(EXCLUDED.allowed, FLOOR(LEAST(EXCLUDED.burst, b.tokens + (EXCLUDED.updated - b.updated) * EXCLUDED.rate))),
            allowed = CAST(LEAST(EXCLUDED.allowed, FLOOR(LEAST(EXCLUDED.burst, b.tokens + (EXCLUDED.updated - b.updated) * EXCLUDED.rate))) AS BIGINT),
            updated = EXCLUDED.updated, rate = EXCLUDED.rate, burst = EXCLUDED.burst
        RETURNING tokens, allowed
        """

    /// Removes buckets that are full again: they hold nothing a new bucket would not.
    static let prune = """
        DELETE FROM rate_buckets WHERE tokens + (EXTRACT(EPOCH FROM clock_timestamp())::DOUBLE PRECISION - updated) * rate >= burst
        """
}
