import Foundation
import HearthCore
import HearthTestSupport
import Testing

@Suite struct TTLCacheTests {
    @Test func entriesExpireAfterTheirTTLOnTheInjectedClock() async {
        let clock = ManualClock()
        let cache = TTLCache<String, Int>(clock: clock)
        await cache.set(1, forKey: "a")
        await cache.set(2, forKey: "b", ttl: .seconds(10))
        clock.advance(by: .seconds(9))
        #expect(await cache.value(forKey: "a") == 1)
        #expect(await cache.value(forKey: "b") == 2)
        clock.advance(by: .seconds(1))
        #expect(await cache.value(forKey: "b") == nil)
        #expect(await cache.value(forKey: "a") == 1)
        clock.advance(by: .seconds(290))
        #expect(await cache.value(forKey: "a") == nil, "the default TTL is 300 s")
        #expect(await cache.count == 0)
    }

    @Test func settingAgainRenewsTheExpiry() async {
        let clock = ManualClock()
        let cache = TTLCache<String, Int>(defaultTTL: .seconds(60), clock: clock)
        await cache.set(1, forKey: "a")
        clock.advance(by: .seconds(50))
        await cache.set(2, forKey: "a")
        clock.advance(by: .seconds(50))
        #expect(await cache.value(forKey: "a") == 2)
    }

    @Test func evictsTheLeastRecentlyUsedEntryWhenFull() async {
        let cache = TTLCache<String, Int>(maximumCount: 3, clock: ManualClock())
        await cache.set(1, forKey: "a")
        await cache.set(2, forKey: "b")
        await cache.set(3, forKey: "c")
        _ = await cache.value(forKey: "a")  // a is now the most recently used
        await cache.set(4, forKey: "d")  // evicts b
        #expect(await cache.value(forKey: "b") == nil)
        #expect(await cache.value(forKey: "a") == 1)
        #expect(await cache.value(forKey: "c") == 3)
        #expect(await cache.value(forKey: "d") == 4)
        #expect(await cache.count == 3)
    }

    @Test func expiredEntriesAreEvictedBeforeLiveOnes() async {
        let clock = ManualClock()
        let cache = TTLCache<String, Int>(maximumCount: 2, clock: clock)
        await cache.set(1, forKey: "live", ttl: .seconds(100))
        await cache.set(2, forKey: "short", ttl: .seconds(1))
        _ = await cache.value(forKey: "live")
        clock.advance(by: .seconds(2))
        await cache.set(3, forKey: "new")
        #expect(await cache.value(forKey: "live") == 1)
        #expect(await cache.value(forKey: "new") == 3)
    }

    @Test func concurrentMissesForOneKeyShareOneLoad() async throws {
        let cache = TTLCache<String, Int>(clock: ManualClock())
        let loads = Locked(0)
        let gate = WatchedValue(false)
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    try await cache.value(forKey: "k") {
                        loads.withLock { $0 += 1 }
                        for try await open in gate.stream where open { break }
                        return 42
                    }
                }
            }
            // Every other caller waits on the one running load before it is allowed to finish.
            try await waitUntil("49 callers wait on the first one's load") {
                await cache.waitingCount(forKey: "k") == 49
            }
            gate.send(true)
            var collected: [Int] = []
            for try await value in group { collected.append(value) }
            return collected
        }
        #expect(results.count == 50)
        #expect(results.allSatisfy { $0 == 42 })
        #expect(loads.current == 1)
        #expect(await cache.value(forKey: "k") == 42)
    }

    @Test func aFailedLoadIsSharedAndNotCached() async throws {
        struct Boom: Error {}
        let cache = TTLCache<String, Int>(clock: ManualClock())
        let loads = Locked(0)
        await #expect(throws: Boom.self) {
            try await cache.value(forKey: "k") {
                loads.withLock { $0 += 1 }
                throw Boom()
            }
        }
        let value = try await cache.value(forKey: "k") {
            loads.withLock { $0 += 1 }
            return 7
        }
        #expect(value == 7)
        #expect(loads.current == 2)
    }

    @Test func removingAKeyDuringItsLoadKeepsTheStaleResultOut() async throws {
        let cache = TTLCache<String, Int>(clock: ManualClock())
        let gate = WatchedValue(false)
        let started = WatchedValue(false)
        let load = Task {
            try await cache.value(forKey: "k") {
                started.send(true)
                for try await open in gate.stream where open { break }
                return 1
            }
        }
        for try await yes in started.stream where yes { break }
        await cache.remove("k")
        gate.send(true)
        #expect(try await load.value == 1, "the caller still gets its answer")
        #expect(await cache.value(forKey: "k") == nil, "but the removed key stays empty")
    }

    @Test func codableCacheRoundTripsValues() async throws {
        struct Household: Codable, Equatable, Sendable {
            var name: String
            var members: Int
        }
        let clock = ManualClock()
        let cache = CacheService(defaultTTL: .seconds(300), clock: clock)
        try await cache.set(Household(name: "Home", members: 3), forKey: "h1")
        #expect(await cache.get(Household.self, forKey: "h1") == Household(name: "Home", members: 3))
        #expect(await cache.get(Int.self, forKey: "h1") == nil, "another type does not decode")
        let loaded = try await cache.value(forKey: "h2") { Household(name: "Cabin", members: 1) }
        #expect(loaded.name == "Cabin")
        clock.advance(by: .seconds(301))
        #expect(await cache.get(Household.self, forKey: "h1") == nil)
        try await cache.set(Household(name: "Flat", members: 2), forKey: "h3")
        await cache.clear()
        #expect(await cache.get(Household.self, forKey: "h3") == nil)
    }
}
