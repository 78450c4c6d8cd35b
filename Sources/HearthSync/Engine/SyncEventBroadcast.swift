import HearthCore

/// Hands each event to every current listener.
final class SyncEventBroadcast: Sendable {
    private let listeners = Locked<[Int: AsyncStream<SyncEvent>.Continuation]>([:])
    private let counter = Locked(0)

    func subscribe() -> AsyncStream<SyncEvent> {
        let id = counter.withLock { value -> Int in
            value += 1
            return value
        }
        let (stream, continuation) = AsyncStream.makeStream(of: SyncEvent.self, bufferingPolicy: .bufferingNewest(100_000))
        continuation.onTermination = { [listeners] _ in
            listeners.withLock { _ = $0.removeValue(forKey: id) }
        }
        listeners.withLock { $0[id] = continuation }
        return stream
    }

    func publish(_ event: SyncEvent) {
        for target in listeners.withLock({ Array($0.values) }) { target.yield(event) }
    }
}
