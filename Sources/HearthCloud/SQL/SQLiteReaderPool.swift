import Foundation
import Synchronization

/// Read-only connections to one database file, opened when first needed, up to a maximum; reads beyond it
/// wait their turn, and a cancelled wait ends at once.
final class SQLiteReaderPool: Sendable {
    private let path: String
    private let maximum: Int
    private let state = Mutex(State())

    private struct State {
        var idle: [SQLiteConnection] = []
        var opened = 0
        var waiters: [(id: UInt64, continuation: CheckedContinuation<SQLiteConnection, any Error>)] = []
        var nextWaiter: UInt64 = 0
    }

    init(path: String, maximum: Int) {
        self.path = path
        self.maximum = max(1, maximum)
    }

    /// Runs `body` with a connection of its own, given back afterwards.
    func withConnection<T: Sendable>(_ body: (SQLiteConnection) async throws -> T) async throws -> T {
        let connection = try await acquire()
        defer { release(connection) }
        return try await body(connection)
    }

    private enum Lease {
        case ready(SQLiteConnection)
        case open
        case wait
    }

    private func acquire() async throws -> SQLiteConnection {
        let lease: Lease = state.withLock { state in
            if let connection = state.idle.popLast() { return .ready(connection) }
            if state.opened < maximum {
                state.opened += 1
                return .open
            }
            return .wait
        }
        switch lease {
        case .ready(let connection):
            return connection
        case .open:
            do {
                return try SQLiteConnection(path: path, readOnly: true)
            } catch {
                state.withLock { $0.opened -= 1 }
                throw error
            }
        case .wait:
            let id = state.withLock { state in
                state.nextWaiter += 1
                return state.nextWaiter
            }
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    // Checked under the lock the cancellation handler takes: a task cancelled before it got
                    // here is not left waiting.
                    let handed: Result<SQLiteConnection, any Error>? = state.withLock { state in
                        if let connection = state.idle.popLast() { return .success(connection) }
                        if Task.isCancelled { return .failure(CancellationError()) }
                        state.waiters.append((id, continuation))
                        return nil
                    }
                    if let handed { continuation.resume(with: handed) }
                }
            } onCancel: {
                let waiter = state.withLock { state -> CheckedContinuation<SQLiteConnection, any Error>? in
                    guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.waiters.remove(at: index).continuation
                }
                waiter?.resume(throwing: CancellationError())
            }
        }
    }

    private func release(_ connection: SQLiteConnection) {
        let waiter = state.withLock { state -> CheckedContinuation<SQLiteConnection, any Error>? in
            if state.waiters.isEmpty {
                state.idle.append(connection)
                return nil
            }
            return state.waiters.removeFirst().continuation
        }
        waiter?.resume(returning: connection)
    }
}
