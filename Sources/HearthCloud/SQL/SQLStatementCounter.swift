import Synchronization

/// Counts the statements a database runs (reads and writes, not the `BEGIN` and `COMMIT` around them), so a
/// test can show that a request costs a bounded number of them.
package final class SQLStatementCounter: Sendable {
    private let count = Atomic<Int>(0)

    package init() {}

    /// The statements run so far.
    package var value: Int { count.load(ordering: .relaxed) }

    func increment() {
        count.add(1, ordering: .relaxed)
    }
}
