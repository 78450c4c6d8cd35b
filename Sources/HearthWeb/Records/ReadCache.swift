/// The last figures computed for each user, with the key they were computed for (the copy's
/// ``ReplicaGeneration``, the moment, the settings): a read with the same key gets them again without the
/// work. The least recently used users are dropped beyond ``limit``.
actor ReadCache<Key: Hashable & Sendable, Value: Sendable> {
    let limit: Int
    private var entries: [String: (key: Key, value: Value)] = [:]
    private var order: [String] = []

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// What was computed for `userID` under `key`, or nil.
    func value(for userID: String, key: Key) -> Value? {
        guard let entry = entries[userID], entry.key == key else { return nil }
        if let index = order.firstIndex(of: userID) { order.remove(at: index) }
        order.append(userID)
        return entry.value
    }

    /// Remembers `value`, computed for `userID` under `key`.
    func store(_ value: Value, for userID: String, key: Key) {
        if entries[userID] == nil { order.append(userID) }
        entries[userID] = (key, value)
        while order.count > limit { entries[order.removeFirst()] = nil }
    }
}
