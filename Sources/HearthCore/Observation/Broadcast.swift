import Synchronization

/// Hands each published value to every current subscriber, each through its own buffered `AsyncStream`:
/// the one fan-out primitive of Hearth (sync events, committed changes, push-channel connections).
///
/// A subscriber may carry a `Tag` (who it is, what it wants) that ``publish(_:)-(Tag)->[Element]`` reads to
/// choose what each one receives. A subscription ends when its consumer stops iterating, or for everyone at ``finishAll()``.
///
/// ```swift
/// let events = Broadcast<SyncEvent>()
/// let stream = events.subscribe()
/// events.publish(.throttled(retryAfter: 2))
/// ```
public final class Broadcast<Element: Sendable, Tag: Sendable>: Sendable {
    private struct Subscriber {
        let tag: Tag
        let continuation: AsyncStream<Element>.Continuation
    }

    private struct State {
        var nextID = 0
        var subscribers: [Int: Subscriber] = [:]
    }

    private let state = Mutex(State())
    private let buffer: Int

    /// A broadcast whose subscribers each buffer the newest `buffer` values they have not read yet.
    public init(buffer: Int) {
        self.buffer = buffer
    }

    /// How many subscribers are listening.
    public var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// The values published from now on, until the consumer stops iterating.
    public func subscribe(_ tag: Tag) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .bufferingNewest(buffer))
        let id = state.withLock { state in
            state.nextID += 1
            state.subscribers[state.nextID] = Subscriber(tag: tag, continuation: continuation)
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// The tags of the current subscribers. (A closure rather than a key path: the push hub asks for every
    /// change it delivers, and a key path into this generic type is looked up at run time each time.)
    public var tags: [Tag] { state.withLock { $0.subscribers.values.map { $0.tag } } }

    /// Delivers `value` to every subscriber.
    public func publish(_ value: Element) {
        for subscriber in state.withLock({ Array($0.subscribers.values) }) { subscriber.continuation.yield(value) }
    }

    /// Delivers to each subscriber the values `messages` chooses from its tag (none, one or several).
    public func publish(_ messages: (Tag) -> [Element]) {
        for subscriber in state.withLock({ Array($0.subscribers.values) }) {
            for value in messages(subscriber.tag) { subscriber.continuation.yield(value) }
        }
    }

    /// Ends every subscription.
    public func finishAll() {
        for subscriber in state.withLock({ Array($0.subscribers.values) }) { subscriber.continuation.finish() }
    }
}

extension Broadcast where Tag == Void {
    /// A broadcast whose subscribers carry nothing.
    public convenience init(bufferingNewest buffer: Int) {
        self.init(buffer: buffer)
    }

    /// The values published from now on, until the consumer stops iterating.
    public func subscribe() -> AsyncStream<Element> { subscribe(()) }
}
