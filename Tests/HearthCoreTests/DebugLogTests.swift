import Foundation
import HearthCore
import HearthTestSupport
import Testing

@Suite struct DebugLogTests {
    private func fixedNow() -> @Sendable () -> Date {
        let tick = Locked(0.0)
        return {
            Date(
                timeIntervalSince1970: 1_700_000_000
                    + tick.withLock {
                        $0 += 1
                        return $0
                    })
        }
    }

    @Test func linesAreTimestampedAndBounded() async {
        let log = DebugLog(capacity: 3, now: fixedNow())
        for n in 1...5 { await log.log("line \(n)") }
        let lines = await log.lines
        #expect(lines.count == 3)
        #expect(lines.first == "[2023-11-14T22:13:23Z] line 3")
        #expect(lines.last == "[2023-11-14T22:13:25Z] line 5")
    }

    @Test func theDefaultCapacityIs200() async {
        let log = DebugLog(now: fixedNow())
        for n in 1...250 { await log.log("m\(n)") }
        #expect(await log.lines.count == 200)
        #expect(await log.lines.first?.hasSuffix("] m51") == true)
    }

    @Test func exportClearAndLastError() async {
        let log = DebugLog(now: fixedNow())
        #expect(await log.exportText() == "")
        await log.log("share created\nfor record A")
        await log.recordError("share failed")
        await log.remember("https://hearth.example/share/abc", for: "lastShareLink")
        #expect(
            await log.exportText()
                == "[2023-11-14T22:13:21Z] share created for record A\n[2023-11-14T22:13:22Z] ERROR: share failed\n")
        #expect(await log.lastError == "share failed")
        #expect(await log.recalled("lastShareLink") == "https://hearth.example/share/abc")
        await log.clear()
        #expect(await log.lines.isEmpty)
        #expect(await log.lastError == nil)
    }

    @Test func updatesStreamTheLines() async throws {
        let log = DebugLog(now: fixedNow())
        var updates = log.updates.makeAsyncIterator()
        #expect(try await updates.next() == [])
        await log.log("one")
        #expect(try await updates.next()?.count == 1)
        await log.clear()
        #expect(try await updates.next() == [])
    }
}

@Suite struct ManualClockTests {
    @Test func sleepersWakeWhenTheClockPassesTheirDeadline() async throws {
        let clock = ManualClock()
        let woke = Locked(false)
        let sleeper = Task {
            try await clock.sleep(for: .seconds(10))
            woke.withLock { $0 = true }
        }
        try await waitUntil("the task sleeps on the clock") { clock.sleeperCount == 1 }
        clock.advance(by: .seconds(9))
        // Advancing resumes due sleepers before it returns: one that is still registered was not woken.
        #expect(clock.sleeperCount == 1)
        #expect(!woke.current)
        clock.advance(by: .seconds(1))
        try await sleeper.value
        #expect(woke.current)
        #expect(clock.now == ManualClock.Instant(offset: .seconds(10)))
    }

    @Test func cancellingASleeperThrows() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        try await waitUntil("the task sleeps on the clock") { clock.sleeperCount == 1 }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }
}
