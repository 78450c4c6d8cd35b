import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel

/// A stand-in for the pantry server's subscriptions: remembers every operation subscribed and every
/// reconnection, answers each subscription with the events given for its field (JSON, as the server sends
/// them), and keeps it open until the consumer stops; a reconnection tells every open one it reconnected.
final class StandInSubscriptions: GraphQLSubscribing {
    /// An operation subscribed: its top-level field and its variables.
    struct Subscribed: Hashable, Sendable {
        var field: String
        var variables: [String: AnyJSON]
    }

    private let events: [String: [String]]
    private let state = Locked<
        (subscribed: [Subscribed], reconnections: Int, open: [UUID: @Sendable (Int) async -> Void])
    >(([], 0, [:]))

    /// - Parameter events: the events each subscription gets, by the operation's field.
    init(events: [String: [String]]) {
        self.events = events
    }

    var subscribed: [Subscribed] { state.withLock { $0.subscribed } }
    var reconnections: Int { state.withLock { $0.reconnections } }
    /// How many subscriptions are open now.
    var open: Int { state.withLock { $0.open.count } }

    func subscribe<Operation: PantryOperation>(
        _ operation: Operation, onConnect: @escaping @Sendable (Int) async -> Void
    ) -> AsyncThrowingStream<Operation.Answer, any Error> {
        let id = UUID()
        state.withLock {
            $0.subscribed.append(Subscribed(field: Operation.field, variables: operation.variables))
            $0.open[id] = onConnect
        }
        let answers = events[Operation.field] ?? []
        return AsyncThrowingStream { continuation in
            let task = Task {
                await onConnect(0)
                do {
                    for answer in answers {
                        continuation.yield(try JSONDecoder().decode(Operation.Answer.self, from: Data(answer.utf8)))
                    }
                } catch {
                    continuation.finish(throwing: error)
                    return
                }
                // Not finished: open until the consumer stops, as a live subscription is.
            }
            continuation.onTermination = { [state] _ in
                task.cancel()
                _ = state.withLock { $0.open.removeValue(forKey: id) }
            }
        }
    }

    func reconnect() async {
        let open = state.withLock { state in
            state.reconnections += 1
            return Array(state.open.values)
        }
        for onConnect in open { await onConnect(1) }
    }
}
