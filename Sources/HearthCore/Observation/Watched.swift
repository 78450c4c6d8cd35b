import Synchronization
/// A stream of a value over time: the current value at once, then every change.
///
/// Each `for try await` loop is its own subscriber, so any number of loops can watch one source. A loop
/// ends when the source finishes, when it fails (the error is thrown), or when its task is cancelled.
///
/// ```swift
/// for try await households in service.watchHouseholds() {
///     render(households)
/// }
/// ```
public struct Watched<Value: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Value

    private let subscribe: @Sendable () -> AsyncThrowingStream<Value, any Error>

    /// A stream whose subscribers each get a fresh stream from `subscribe`.
    public init(subscribe: @escaping @Sendable () -> AsyncThrowingStream<Value, any Error>) {
        self.subscribe = subscribe
    }

    /// A stream that iterates `sequence` anew for each subscriber.
    public init<S: AsyncSequence & Sendable>(_ sequence: S) where S.Element == Value {
        self.subscribe = {
            AsyncThrowingStream { continuation in
                let task = Task {
                    do {
                        for try await value in sequence { continuation.yield(value) }
                        continuation.finish()
                    } catch is CancellationError {
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
    }

    /// A stream that yields `value` once and finishes.
    public static func just(_ value: Value) -> Watched<Value> {
        Watched {
            AsyncThrowingStream { continuation in
                continuation.yield(value)
                continuation.finish()
            }
        }
    }

    /// A stream of `transform` applied to every value.
    public func map<T: Sendable>(_ transform: @escaping @Sendable (Value) throws -> T) -> Watched<T> {
        let upstream = self
        return Watched<T> {
            AsyncThrowingStream<T, any Error> { continuation in
                let task = Task {
                    do {
                        for try await value in upstream { continuation.yield(try transform(value)) }
                        continuation.finish()
                    } catch is CancellationError {
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
    }

    /// Iterates a ``Watched`` stream.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Value, any Error>.AsyncIterator

        public mutating func next() async throws -> Value? {
            try await base.next()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: subscribe().makeAsyncIterator())
    }
}

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
