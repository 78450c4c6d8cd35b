import DequeModule
public import HearthCloudModel
import NIOPosix
import Synchronization

/// Where bcrypt runs: on the thread pool, at most ``running`` at once, with at most ``waiting`` more queued for a
/// turn. A request past that is refused at once with `THROTTLED` and a `retryAfter`, so no client can queue
/// unbounded password work on the pool that also serves sign-ins and name look-ups.
public final class PasswordWork: Sendable {
    /// bcrypt runs at once.
    public let running: Int
    /// Requests that may wait for a turn.
    public let waiting: Int
    private let state = Mutex(State())

    private struct State {
        var busy = 0
        var queue = Deque<CheckedContinuation<Void, Never>>()
    }

    public init(running: Int, waiting: Int) {
        self.running = max(1, running)
        self.waiting = max(0, waiting)
    }

    /// Requests waiting for a turn now.
    package var queued: Int { state.withLock { $0.queue.count } }

    /// `work`'s result, run on the thread pool when a turn comes; `THROTTLED` when the queue is full.
    package func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await enter()
        defer { leave() }
        return try await NIOThreadPool.singleton.runIfActive(work)
    }

    private enum Entry {
        case go
        case wait
        case refuse
    }

    private func enter() async throws {
        let entry = state.withLock { state -> Entry in
            if state.busy < running {
                state.busy += 1
                return .go
            }
            return state.queue.count < waiting ? .wait : .refuse
        }
        switch entry {
        case .go:
            return
        case .refuse:
            throw CloudError(
                .throttled, "The server is busy checking passwords; try again in a few seconds.", retryAfter: 2)
        case .wait:
            await withCheckedContinuation { continuation in
                let queued = state.withLock { state -> Bool in
                    // A turn may have freed up between the two locks.
                    if state.busy < running {
                        state.busy += 1
                        return false
                    }
                    state.queue.append(continuation)
                    return true
                }
                if !queued { continuation.resume() }
            }
        }
    }

    /// Hands the turn to the next waiting request, or frees it.
    private func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if let next = state.queue.popFirst() { return next }
            state.busy -= 1
            return nil
        }
        next?.resume()
    }
}
