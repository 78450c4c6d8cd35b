import HearthCore
import HearthTestSupport
import Synchronization
import Testing

@testable import HearthWeb

/// The pieces of the pantry pages' live updates that need no browser: the heartbeat on an injected clock, the
/// streams an account may hold, and the event names a stream writes.
@Suite struct LiveUpdatesTests {
    @Test func theHeartbeatBeatsOnceEachIntervalOfTheClockItIsGiven() async throws {
        let clock = ManualClock()
        let beats = Atomic(0)
        let beating = Task {
            try await WebSite.beat(every: .seconds(15), on: clock) { beats.add(1, ordering: .relaxed) }
        }
        defer { beating.cancel() }
        try await waitUntil("the heartbeat waits on the clock") { clock.sleeperCount == 1 }
        #expect(beats.load(ordering: .relaxed) == 0)
        clock.advance(by: .seconds(14))
        #expect(beats.load(ordering: .relaxed) == 0)
        clock.advance(by: .seconds(1))
        try await waitUntil("one beat after 15 s") { beats.load(ordering: .relaxed) == 1 && clock.sleeperCount == 1 }
        clock.advance(by: .seconds(15))
        try await waitUntil("a second beat after 30 s") { beats.load(ordering: .relaxed) == 2 }
    }

    @Test func anAccountHoldsAtMostItsLimitOfStreams() {
        let streams = OpenStreams(limit: 2)
        let first = streams.begin("ana")
        let second = streams.begin("ana")
        #expect(first != nil && second != nil)
        #expect(streams.begin("ana") == nil)
        let ben = streams.begin("ben")
        #expect(ben != nil, "another account has its own limit")
        first?.end()
        first?.end()
        #expect(streams.count("ana") == 1, "a ticket gives its place back once, however often it is ended")
        #expect(streams.begin("ana") != nil, "a closed stream frees its place")
        _ = second
    }

    @Test func aStreamThatNeverBeganGivesItsPlaceBack() {
        let streams = OpenStreams(limit: 1)
        do {
            // What a handler holds when the browser leaves before the answer is written: a ticket captured by a
            // body that never runs, then dropped.
            let ticket = streams.begin("ana")
            let body: @Sendable () -> Void = { ticket?.end() }
            #expect(streams.count("ana") == 1)
            _ = body
        }
        #expect(streams.count("ana") == 0)
        #expect(streams.begin("ana") != nil)
    }
}
