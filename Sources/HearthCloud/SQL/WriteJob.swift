import Foundation
import HearthCloudModel
import Synchronization

/// One write transaction waiting for, or running in, a batch.
final class WriteJob: Sendable {
    let id: UInt64
    let run: @Sendable (SQLiteTransaction) async throws -> SQLiteCommitted
    let committed: @Sendable (SQLiteCommitted) -> Void
    private let continuation: Mutex<CheckedContinuation<Void, any Error>?>

    init(
        id: UInt64, continuation: CheckedContinuation<Void, any Error>,
        run: @escaping @Sendable (SQLiteTransaction) async throws -> SQLiteCommitted,
        committed: @escaping @Sendable (SQLiteCommitted) -> Void
    ) {
        self.id = id
        self.run = run
        self.committed = committed
        self.continuation = Mutex(continuation)
    }

    /// Tells the waiting caller how its transaction ended; only the first call counts.
    func finish(_ result: Result<Void, any Error>) {
        continuation.withLock { continuation in
            defer { continuation = nil }
            return continuation
        }?.resume(with: result)
    }
}
