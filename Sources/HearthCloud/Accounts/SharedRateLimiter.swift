import Foundation

/// Token buckets kept in the record database, so every server process on it enforces one limit per key.
///
/// One statement per request takes a token or says how long to wait; the database's clock is the time
/// every process shares, and concurrent requests for one key queue on its row. Buckets that have filled
/// up again are removed by compaction.
final class SharedRateLimiter: RateLimiting {
    private let store: SQLRecordStore
    private let name: String
    private let rate: Double
    private let burst: Double

    init(store: SQLRecordStore, name: String, rate: Double, burst: Double) {
        self.store = store
        self.name = name
        self.rate = max(rate, 0.001)
        self.burst = max(burst, 1)
    }

    func acquire(_ key: String) async throws -> Int? {
        let rows = try await store.single(Self.take, [.text(name + ":" + key), .double(burst), .double(rate), .double(burst)])
        guard let row = rows.first, !row.bool("allowed") else { return nil }
        return max(1, Int(((1 - row.double("tokens")) / rate).rounded(.up)))
    }

    /// Refills the bucket for the time since its last use, then spends a token when there is a whole one.
    /// The values a new bucket is inserted with (`EXCLUDED`) carry this request's time, rate and burst.
    private static let take = """
        INSERT INTO rate_buckets AS b (key, tokens, updated, allowed, rate, burst)
        VALUES (?, CAST(? AS DOUBLE PRECISION) - 1, EXTRACT(EPOCH FROM clock_timestamp())::DOUBLE PRECISION, 1, ?, ?)
        ON CONFLICT (key) DO UPDATE SET
            tokens = LEAST(EXCLUDED.burst, b.tokens + (EXCLUDED.updated - b.updated) * EXCLUDED.rate)
                - CASE WHEN LEAST(EXCLUDED.burst, b.tokens + (EXCLUDED.updated - b.updated) * EXCLUDED.rate) >= 1 THEN 1 ELSE 0 END,
            allowed = CASE WHEN LEAST(EXCLUDED.burst, b.tokens + (EXCLUDED.updated - b.updated) * EXCLUDED.rate) >= 1 THEN 1 ELSE 0 END,
            updated = EXCLUDED.updated, rate = EXCLUDED.rate, burst = EXCLUDED.burst
        RETURNING tokens, allowed
        """

    /// Removes buckets that are full again: they hold nothing a new bucket would not.
    static let prune = """
        DELETE FROM rate_buckets WHERE tokens + (EXTRACT(EPOCH FROM clock_timestamp())::DOUBLE PRECISION - updated) * rate >= burst
        """
}
