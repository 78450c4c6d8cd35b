import Synchronization

/// A `Mutex` that several owners share: a reference to one lock-guarded value, for state captured by
/// closures or handed between values (a token two clients share, a test's collected results).
///
/// A type that owns its state outright keeps a `Mutex` of its own instead. Values must be `Sendable`, so
/// the compiler checks everything that crosses the lock; nothing here is `@unchecked`.
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) { mutex = Mutex(value) }

    /// Runs `body` with exclusive access to the value.
    @discardableResult
    public func withLock<T: Sendable, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
        try mutex.withLock { (value: inout sending Value) throws(E) -> sending T in try body(&value) }
    }

    /// A copy of the current value.
    public var current: Value { withLock { $0 } }
}
