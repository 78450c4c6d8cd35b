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
