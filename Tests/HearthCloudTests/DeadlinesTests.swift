import HearthCore
import HearthTestSupport
import Testing
@testable import HearthCloud

@Suite("Deadlines checked by one loop")
struct DeadlinesTests {
    @Test("a deadline fires once when it has passed, and not at all when cancelled first")
    func firesOnceUnlessCancelled() async throws {
        let deadlines = Deadlines()
        let fired = Locked<[String]>([])
        let start = ContinuousClock.now
        _ = deadlines.add(after: .seconds(1)) { fired.withLock { $0.append("one second") } }
        let met = deadlines.add(after: .seconds(1)) { fired.withLock { $0.append("met") } }
        _ = deadlines.add(after: .seconds(60)) { fired.withLock { $0.append("a minute") } }
        deadlines.cancel(met)

        deadlines.fireDue(now: start)
        #expect(fired.current.isEmpty)
        deadlines.fireDue(now: start + .seconds(2))
        #expect(fired.current == ["one second"])
        deadlines.fireDue(now: start + .seconds(3))
        #expect(fired.current == ["one second"])
        deadlines.cancel(met)  // already gone: nothing happens

        // The loop fires a short deadline by itself, within a few ticks.
        let loop = Task { await deadlines.run() }
        defer { loop.cancel() }
        let soon = Locked(false)
        _ = deadlines.add(after: .milliseconds(10)) { soon.withLock { $0 = true } }
        try await waitUntil("the loop fires a deadline 10 ms away") { soon.current }
        #expect(!fired.current.contains("a minute"))
    }
}
