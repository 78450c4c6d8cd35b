import Foundation
import HearthCloud
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
}

final class TestSeconds: @unchecked Sendable {
    var value: Double = 100
}
