import Foundation
import Logging
import Testing

@testable import HearthCloud

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
        try await Self.withTwoServers { first, second in
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
        }
    }

    @Test(
        "a loose limit is taken from the shared bucket a few tokens at a time; the processes together never spend more than it"
    )
    func leasedTokens() async throws {
        try await Self.withTwoServers { first, second in
            // A bucket's tokens, and when a statement last took from it.
            func bucket(_ key: String) async throws -> (tokens: Double, updated: Double)? {
                try await first.database.transaction(readOnly: true) { tx in
                    try await tx.query("SELECT tokens, updated FROM rate_buckets WHERE key = ?", [.text(key)])
                }.first.map { ($0.double("tokens"), $0.double("updated")) }
            }
            // 20 a second with a burst of 100: a lease is one token (a second's refill is 20, 50 ms of it is 1).
            #expect(SharedRateLimiter(store: first, name: "tight", rate: 20, burst: 100).leaseSize == 1)
            // The default limits: two tokens. A thousand a second and a burst of 1,000: 50 (50 ms of refill).
            #expect(SharedRateLimiter(store: first, name: "default", rate: 50, burst: 200).leaseSize == 2)
            // A slow refill: 50 ms of it is not one token, so every request asks the database.
            let slow = SharedRateLimiter(store: first, name: "slow", rate: 0.001, burst: 60)
            #expect(slow.leaseSize == 1)

            // The processes' clocks stand still, so a slow machine cannot let a lease expire mid-test.
            let still = TestSeconds()
            let a = SharedRateLimiter(store: first, name: "loose", rate: 1_000, burst: 1_000, now: { still.value })
            let b = SharedRateLimiter(store: second, name: "loose", rate: 1_000, burst: 1_000, now: { still.value })
            #expect(a.leaseSize == 50 && b.leaseSize == 50)
            // One request took 50 tokens from the shared bucket; the next 49 cost no statement.
            #expect(try await a.acquire("alice") == nil)
            let afterOne = try #require(try await bucket("loose:alice"))
            #expect(afterOne.tokens == 950)
            for _ in 1...49 { #expect(try await a.acquire("alice") == nil) }
            #expect(try await bucket("loose:alice")?.updated == afterOne.updated)
            // The 51st takes the next 50 (from the bucket refilled for the time since, up to its burst).
            #expect(try await a.acquire("alice") == nil)
            let afterTwo = try #require(try await bucket("loose:alice"))
            #expect(afterTwo.updated > afterOne.updated)
            #expect(afterTwo.tokens >= afterOne.tokens - 50 && afterTwo.tokens <= 950)
            // The other process takes a lease of its own from the same bucket.
            #expect(b.leasedKeyCount == 0)
            #expect(try await b.acquire("alice") == nil)
            #expect(a.leasedKeyCount == 1 && b.leasedKeyCount == 1)

            // A tight bucket shared by two processes still allows exactly its burst.
            let c = SharedRateLimiter(store: first, name: "burst", rate: 0.001, burst: 30)
            let d = SharedRateLimiter(store: second, name: "burst", rate: 0.001, burst: 30)
            #expect(c.leaseSize == 1)
            var allowed = 0
            for index in 0..<40 where try await (index.isMultiple(of: 2) ? c : d).acquire("bob") == nil { allowed += 1 }
            #expect(allowed == 30)

            // A lease is dropped after its lifetime: the tokens it held are not spent later.
            let clock = TestSeconds()
            let e = SharedRateLimiter(store: first, name: "expiring", rate: 1_000, burst: 1_000, now: { clock.value })
            #expect(try await e.acquire("carol") == nil)
            let held = try #require(try await bucket("expiring:carol"))
            clock.value += SharedRateLimiter.leaseLifetime / 2
            #expect(try await e.acquire("carol") == nil)
            #expect(
                try await bucket("expiring:carol")?.updated == held.updated, "a lease within its lifetime is spent here"
            )
            clock.value += SharedRateLimiter.leaseLifetime
            #expect(try await e.acquire("carol") == nil)
            let renewed = try #require(try await bucket("expiring:carol"))
            #expect(
                renewed.updated > held.updated,
                "an expired lease must not be spent: the request asks the database again")
        }
    }

    /// Runs `body` with two stores on one new schema, standing for two `hearth serve` processes, and drops the
    /// schema afterwards.
    static func withTwoServers(_ body: @Sendable (SQLRecordStore, SQLRecordStore) async throws -> Void) async throws {
        guard let url = ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"], !url.isEmpty else {
            try Test.cancel(
                "HEARTH_TEST_POSTGRES_URL is not set, so the PostgreSQL run is skipped; start one with eval \"$(scripts/test-postgres.sh start)\"."
            )
        }
        var logger = Logger(label: "hearth.cloud.test")
        logger.logLevel = .error
        let schema = "t_" + String(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))
        let first = try SQLRecordStore.postgres(
            url: url, schema: schema, maximumConnections: 2, leaseTimeout: .seconds(30), logger: logger)
        let second = try SQLRecordStore.postgres(
            url: url, schema: schema, maximumConnections: 2, leaseTimeout: .seconds(30), logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await first.run() }
            group.addTask { try await second.run() }
            defer { group.cancelAll() }
            try await first.migrate()
            do {
                try await body(first, second)
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
