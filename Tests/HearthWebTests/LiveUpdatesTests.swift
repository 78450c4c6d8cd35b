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
        let streams = LiveStreams(limit: 2)
        #expect(streams.begin("ana"))
        #expect(streams.begin("ana"))
        #expect(!streams.begin("ana"))
        #expect(streams.begin("ben"), "another account has its own limit")
        streams.end("ana")
        #expect(streams.begin("ana"), "a closed stream frees its place")
    }
}
