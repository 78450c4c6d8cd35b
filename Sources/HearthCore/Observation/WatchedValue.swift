import Synchronization

/// The source of a ``Watched`` stream: a current value that notifies every subscriber when it changes.
///
/// ```swift
/// let status = WatchedValue(SyncStatus.synced)
/// let stream = status.stream          // hand this to observers
/// status.send(.syncing)              // every subscriber receives .syncing
/// ```
public final class WatchedValue<Value: Sendable>: Sendable {
    private struct State {
        var value: Value
        var finished = false
        var nextID = 0
        var subscribers: [Int: AsyncThrowingStream<Value, any Error>.Continuation] = [:]
    }

    private let state: Mutex<State>

    public init(_ initial: Value) {
        state = Mutex(State(value: initial))
    }

    /// The current value.
    public var value: Value { state.withLock { $0.value } }

    /// How many subscribers are listening.
    public var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Replaces the value and notifies every subscriber.
    public func send(_ newValue: Value) {
        update { $0 = newValue }
    }

    /// Changes the value in place and notifies every subscriber with the result.
    public func update(_ change: (inout Value) -> Void) {
        // Yield inside the lock so that every subscriber sees changes in the order they were made.
        state.withLock { state in
            guard !state.finished else { return }
            change(&state.value)
            for continuation in state.subscribers.values { continuation.yield(state.value) }
        }
    }

    /// Ends every subscriber's stream; later subscribers get the last value and then the end.
    public func finish() {
        let subscribers = state.withLock { state in
            state.finished = true
            defer { state.subscribers.removeAll() }
            return Array(state.subscribers.values)
        }
        for continuation in subscribers { continuation.finish() }
    }

    /// The value and its changes, as a stream any number of subscribers can iterate.
    public var stream: Watched<Value> {
        Watched { [self] in
            AsyncThrowingStream<Value, any Error> { continuation in
                let id: Int? = self.state.withLock { state in
                    continuation.yield(state.value)
                    guard !state.finished else { return nil }
                    state.nextID += 1
                    state.subscribers[state.nextID] = continuation
                    return state.nextID
                }
                guard let id else { return continuation.finish() }
                continuation.onTermination = { [weak self] _ in
                    self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
                }
            }
        }
    }
}
