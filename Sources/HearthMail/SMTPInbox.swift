import HearthCore
import Synchronization

/// The answers a connection has received and not yet read, handed from the channel's event loop to the task
/// that holds the conversation: ``next()`` waits for one, the channel ``deliver(_:)``s them or ``fail(_:)``s.
final class SMTPInbox: Sendable {
    private struct State {
        var replies: [SMTPReply] = []
        var failure: (any Error)?
        var waiter: CheckedContinuation<SMTPReply, any Error>?
        /// Replies received since the last ``drain()``: a server may not send ahead of STARTTLS.
        var unread: Int { replies.count }
    }

    private let state = Mutex(State())

    func deliver(_ reply: SMTPReply) {
        let waiter: CheckedContinuation<SMTPReply, any Error>? = state.withLock { state in
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.replies.append(reply)
            return nil
        }
        waiter?.resume(returning: reply)
    }

    /// Ends the conversation: the waiting read and every later one throw `error` (the first failure wins).
    func fail(_ error: any Error) {
        let waiter: CheckedContinuation<SMTPReply, any Error>? = state.withLock { state in
            if state.failure == nil { state.failure = error }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(throwing: error)
    }

    /// How many answers arrived that nobody read yet.
    var unread: Int { state.withLock { $0.unread } }

    /// The next answer, waiting for it; throws the connection's failure, or `CancellationError` when the task
    /// is cancelled (a timeout).
    func next() async throws -> SMTPReply {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<SMTPReply, any Error>) in
                enum Outcome { case reply(SMTPReply), failure(any Error), wait }
                let outcome: Outcome = state.withLock { state in
                    if !state.replies.isEmpty { return .reply(state.replies.removeFirst()) }
                    if let failure = state.failure { return .failure(failure) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    state.waiter = continuation
                    return .wait
                }
                switch outcome {
                case .reply(let reply): continuation.resume(returning: reply)
                case .failure(let error): continuation.resume(throwing: error)
                case .wait: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }
}
