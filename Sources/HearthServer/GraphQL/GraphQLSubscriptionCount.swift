import Synchronization

/// How many GraphQL subscriptions each user runs on this server, across all their WebSocket connections, so
/// one user cannot hold more than their share of the server's streams.
///
/// Counted per server process: behind a load balancer each process allows a user the limit.
final class GraphQLSubscriptionCount: Sendable {
    /// The most subscriptions one user may run at once.
    let limit: Int
    private let counts = Mutex<[String: Int]>([:])

    init(limit: Int) {
        self.limit = limit
    }

    /// One subscription taken from a user's count, given back by the first ``release()``: the subscription's
    /// end, the client's `complete` and the connection's close may each release it, and it counts once.
    final class Slot: Sendable {
        let user: String
        private let count: GraphQLSubscriptionCount
        private let held = Mutex(true)

        fileprivate init(user: String, count: GraphQLSubscriptionCount) {
            self.user = user
            self.count = count
        }

        func release() {
            guard
                held.withLock({ held in
                    defer { held = false }
                    return held
                })
            else { return }
            count.release(user)
        }
    }

    /// Takes one of `user`'s subscriptions; nil when they already run ``limit``.
    func acquire(_ user: String) -> Slot? {
        let taken = counts.withLock { counts in
            let running = counts[user, default: 0]
            guard running < limit else { return false }
            counts[user] = running + 1
            return true
        }
        return taken ? Slot(user: user, count: self) : nil
    }

    private func release(_ user: String) {
        counts.withLock { counts in
            let left = counts[user, default: 0] - 1
            counts[user] = left > 0 ? left : nil
        }
    }

    /// How many subscriptions `user` runs now.
    func running(_ user: String) -> Int { counts.withLock { $0[user, default: 0] } }
}
