/// The pages' copies of users' zones, one per user, the least recently used dropped beyond ``limit``.
///
/// A copy is made on a user's first read and brought up to date on each later one (it fetches only what
/// changed since its change token), so a warm read costs one "what changed?" question to the record store.
actor ReplicaCache<Replica: Sendable> {
    /// The most users kept at once.
    let limit: Int
    private var replicas: [String: Replica] = [:]
    private var order: [String] = []

    init(limit: Int) {
        precondition(limit > 0, "a replica cache keeps at least one user")
        self.limit = limit
    }

    /// The copy of `userID`'s zones, made with `make` when there is none.
    func replica(for userID: String, make: () throws -> Replica) rethrows -> Replica {
        if let known = replicas[userID] {
            touch(userID)
            return known
        }
        let made = try make()
        replicas[userID] = made
        order.append(userID)
        while order.count > limit {
            replicas[order.removeFirst()] = nil
        }
        return made
    }

    /// The copy of `userID`'s zones, if one is kept.
    func existing(_ userID: String) -> Replica? { replicas[userID] }

    /// Drops `userID`'s copy: the next read builds it afresh from the record store.
    func drop(_ userID: String) {
        replicas[userID] = nil
        order.removeAll { $0 == userID }
    }

    /// How many users have a copy.
    var count: Int { replicas.count }

    private func touch(_ userID: String) {
        if let index = order.firstIndex(of: userID) { order.remove(at: index) }
        order.append(userID)
    }
}

extension ReplicaCache where Replica == UserReplica {
    /// Makes `change` in `replica` and sends it; when the record store does not take it, the copy is dropped
    /// (the next read copies the zone afresh), so a page never shows a change that was not saved.
    nonisolated func saving<T: Sendable>(_ replica: UserReplica, _ change: () async throws -> T) async throws -> T {
        try await replica.prepareForWriting()
        let result = try await change()
        do {
            try await replica.send()
        } catch {
            await drop(replica.key)
            throw error
        }
        return result
    }
}
