import Foundation
import HearthCloud
import Logging
import Testing

@Suite("Rate limiter")
struct RateLimiterTests {
    @Test("a burst is allowed, then callers wait; each key has its own bucket")
    func buckets() {
        let clock = TestSeconds()
        let limiter = RateLimiter(rate: 2, burst: 3, now: { clock.value })
        #expect((0..<3).map { _ in limiter.acquire("a") } == [nil, nil, nil])
        #expect(limiter.acquire("a") == 1)
        #expect(limiter.acquire("b") == nil)
        clock.value += 0.5
        #expect(limiter.acquire("a") == nil)
        #expect(limiter.acquire("a") != nil)
    }

    @Test("keys whose buckets have refilled are forgotten, so memory does not grow with every key ever seen")
    func idleKeysAreForgotten() {
        let clock = TestSeconds()
        let limiter = RateLimiter(rate: 1, burst: 5, now: { clock.value })
        for index in 0..<5_000 { _ = limiter.acquire("key-\(index)") }
        #expect(limiter.keyCount > 1_000, "recent keys are still spending their burst")
        // One second refills the single token each spent: every one of them is now a fresh bucket.
        clock.value += 1
        for _ in 0..<RateLimiter.sweepInterval { _ = limiter.acquire("busy") }
        #expect(limiter.keyCount == 1)
    }

    @Test("past the key limit the fullest buckets go first: a flood of new keys does not reset a throttled one")
    func aFloodDoesNotResetAThrottledKey() {
        let clock = TestSeconds()
        let limiter = RateLimiter(rate: 0.01, burst: 3, maximumKeys: 50, now: { clock.value })
        for _ in 0..<3 { #expect(limiter.acquire("victim") == nil) }
        #expect(limiter.acquire("victim") != nil)
        for index in 0..<2_000 {
            _ = limiter.acquire("flood-\(index)")
            #expect(limiter.keyCount <= 50)
        }
        #expect(limiter.acquire("victim") != nil, "still throttled")
    }
}

@Suite("Rate limits shared through PostgreSQL")
struct SharedRateLimitTests {
    @Test("two server processes on one database spend one bucket per key")
    func sharedBuckets() async throws {
        guard let url = ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"], !url.isEmpty else {
            try Test.cancel("HEARTH_TEST_POSTGRES_URL is not set, so the PostgreSQL run is skipped; start one with eval \"$(scripts/test-postgres.sh start)\".")
        }
        var logger = Logger(label: "hearth.cloud.test")
        logger.logLevel = .error
        let schema = "t_" + String(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))
        // Two stores on one schema stand for two `hearth serve` processes.
        let first = try PostgresRecordStore(url: url, schema: schema, maximumConnections: 2, leaseTimeout: .seconds(30), logger: logger)
        let second = try PostgresRecordStore(url: url, schema: schema, maximumConnections: 2, leaseTimeout: .seconds(30), logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await first.run() }
            group.addTask { try await second.run() }
            defer { group.cancelAll() }
            try await first.migrate()
            do {
                let a = first.makeRateLimiter(name: "requests", rate: 0.001, burst: 3)
                let b = second.makeRateLimiter(name: "requests", rate: 0.001, burst: 3)
                #expect(try await a.acquire("alice") == nil)
                #expect(try await b.acquire("alice") == nil)
                #expect(try await a.acquire("alice") == nil)
                // Three requests through two processes spent the burst of three: both now say wait.
                let wait = try await b.acquire("alice")
                #expect(wait.map { (900...1000).contains($0) } == true, "\(String(describing: wait))")
                #expect(try await a.acquire("alice") != nil)
                // Other keys and other limits have buckets of their own.
                #expect(try await b.acquire("bob") == nil)
                #expect(try await second.makeRateLimiter(name: "signin", rate: 0.001, burst: 3).acquire("alice") == nil)
                // Compaction keeps a bucket that is still spent.
                _ = try await first.compact(now: Date())
                #expect(try await b.acquire("alice") != nil)
                try await first.dropSchema()
            } catch {
                try? await first.dropSchema()
                throw error
            }
        }
    }
}

final class TestSeconds: @unchecked Sendable {
    var value: Double = 100
}
