/// The last figures computed for each user, with the key they were computed for (the copy's
/// ``ReplicaGeneration``, the moment, the settings): a read with the same key gets them again without the
/// work. The least recently used users are dropped beyond ``limit``. Reads that miss while the same figures
/// are being computed wait for that computation instead of starting their own (``value(for:key:make:)``).
actor ReadCache<Key: Hashable & Sendable, Value: Sendable> {
    let limit: Int
    private var entries: [String: (key: Key, value: Value)] = [:]
    private var order: [String] = []
    private var running: [String: (key: Key, task: Task<Value, any Error>)] = [:]

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

    /// What was computed for `userID` under `key`; else what `make` computes, once for every read that asks
    /// meanwhile, remembered when it succeeds.
    func value(for userID: String, key: Key, make: @escaping @Sendable () async throws -> Value) async throws -> Value {
        if let known = value(for: userID, key: key) { return known }
        if let current = running[userID], current.key == key { return try await current.task.value }
        let task = Task { try await make() }
        running[userID] = (key, task)
        defer { if running[userID]?.key == key { running[userID] = nil } }
        let made = try await task.value
        store(made, for: userID, key: key)
        return made
    }
}
