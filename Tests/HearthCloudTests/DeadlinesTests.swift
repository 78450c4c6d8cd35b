import HearthCore
import HearthTestSupport
import Testing

@testable import HearthCloud

@Suite("Deadlines checked by one loop")
struct DeadlinesTests {
    @Test("a deadline fires once when it has passed, and not at all when cancelled first")
    func firesOnceUnlessCancelled() async throws {
        let clock = ManualClock()
        let deadlines = Deadlines(clock: clock)
        let fired = Locked<[String]>([])
        _ = deadlines.add(after: .seconds(1)) { fired.withLock { $0.append("one second") } }
        let met = deadlines.add(after: .seconds(1)) { fired.withLock { $0.append("met") } }
        _ = deadlines.add(after: .seconds(60)) { fired.withLock { $0.append("a minute") } }
        deadlines.cancel(met)

        deadlines.fireDue()
        #expect(fired.current.isEmpty)
        clock.advance(by: .seconds(2))
        deadlines.fireDue()
        #expect(fired.current == ["one second"])
        clock.advance(by: .seconds(1))
        deadlines.fireDue()
        #expect(fired.current == ["one second"])
        deadlines.cancel(met)  // already gone: nothing happens

        // The loop fires a deadline by itself on its next tick once the clock has passed it.
        let loop = Task { await deadlines.run() }
        defer { loop.cancel() }
        let soon = Locked(false)
        _ = deadlines.add(after: .milliseconds(10)) { soon.withLock { $0 = true } }
        try await waitUntil("the loop sleeps on the clock") { clock.sleeperCount == 1 }
        #expect(!soon.current, "the loop fired a deadline the clock had not reached")
        clock.advance(by: Deadlines.tick)
        try await waitUntil("the loop fires a deadline 10 ms away") { soon.current }
        #expect(!fired.current.contains("a minute"))
    }
}
