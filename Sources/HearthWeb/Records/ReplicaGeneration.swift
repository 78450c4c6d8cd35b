import Synchronization

/// Counts the changes to one user's copy: a fetch that brought records, or a write made from a page. Figures
/// computed at one generation stay right until the next.
final class ReplicaGeneration: Sendable {
    private let value = Mutex(0)

    /// The current generation.
    var current: Int { value.withLock { $0 } }

    /// Notes a change.
    func bump() {
        value.withLock { $0 += 1 }
    }
}
