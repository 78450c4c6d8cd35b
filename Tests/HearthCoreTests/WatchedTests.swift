import Foundation
import HearthCore
import HearthTestSupport
import Testing

@Suite struct WatchedTests {
    @Test func yieldsTheCurrentValueAtOnceThenEveryChange() async throws {
        let source = WatchedValue(0)
        var iterator = source.stream.makeAsyncIterator()
        #expect(try await iterator.next() == 0)
        source.send(1)
        source.send(2)
        #expect(try await iterator.next() == 1)
        #expect(try await iterator.next() == 2)
    }

    @Test func everySubscriberSeesEveryChange() async throws {
        let source = WatchedValue("a")
        let first = Task { try await source.stream.prefix(3).reduce(into: [String]()) { $0.append($1) } }
        let second = Task { try await source.stream.prefix(3).reduce(into: [String]()) { $0.append($1) } }
        try await waitUntil("both subscribers listen") { source.subscriberCount == 2 }
        source.send("b")
        source.send("c")
        #expect(try await first.value == ["a", "b", "c"])
        #expect(try await second.value == ["a", "b", "c"])
    }

    @Test func cancellingASubscriberEndsItsLoopAndUnsubscribes() async throws {
        let source = WatchedValue(0)
        let received = Locked<[Int]>([])
        let task = Task {
            for try await value in source.stream { received.withLock { $0.append(value) } }
            return "ended"
        }
        try await waitUntil("the subscriber listens") { source.subscriberCount == 1 }
        task.cancel()
        #expect(try await task.value == "ended")
        try await waitUntil("the cancelled subscriber has gone") { source.subscriberCount == 0 }
        source.send(5)
        #expect(received.current == [0])
    }

    @Test func finishingTheSourceEndsEverySubscriber() async throws {
        let source = WatchedValue(1)
        let task = Task { try await source.stream.reduce(into: [Int]()) { $0.append($1) } }
        try await waitUntil("the subscriber listens") { source.subscriberCount == 1 }
        source.send(2)
        source.finish()
        #expect(try await task.value == [1, 2])
        let late = try await source.stream.reduce(into: [Int]()) { $0.append($1) }
        #expect(late == [2], "a late subscriber gets the last value and the end")
    }

    @Test func mapTransformsAndWrapsAnyAsyncSequence() async throws {
        let numbers = Watched(
            AsyncStream<Int> { continuation in
                for n in 1...3 { continuation.yield(n) }
                continuation.finish()
            })
        let doubled = try await numbers.map { $0 * 2 }.reduce(into: [Int]()) { $0.append($1) }
        #expect(doubled == [2, 4, 6])
        #expect(try await Watched.just("x").reduce("") { $0 + $1 } == "x")
    }

    @Test func errorsFromTheSourceReachTheSubscriber() async {
        struct Broken: Error {}
        let failing = Watched<Int> {
            AsyncThrowingStream { continuation in
                continuation.yield(1)
                continuation.finish(throwing: Broken())
            }
        }
        await #expect(throws: Broken.self) {
            for try await _ in failing {}
        }
    }
}
