/// Values by key, bounded by their total cost and by their count: past either limit, the least recently used
/// are dropped first. The count limit also bounds the search for the oldest. Not thread-safe on its own; the
/// pantry's caches keep one behind a lock.
struct LeastRecentlyUsed<Key: Hashable, Value> {
    /// At most this much cost is kept, across all values.
    let costLimit: Int
    /// At most this many values are kept.
    let countLimit: Int
    /// What one value costs toward ``costLimit``.
    let cost: (Key, Value) -> Int
    private var entries: [Key: (value: Value, lastUse: UInt64)] = [:]
    private var totalCost = 0
    private var clock: UInt64 = 0

    init(costLimit: Int, countLimit: Int, cost: @escaping (Key, Value) -> Int) {
        self.costLimit = costLimit
        self.countLimit = countLimit
        self.cost = cost
    }

    /// The value under `key`, which counts as a use of it.
    mutating func use(_ key: Key) -> Value? {
        guard var entry = entries[key] else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[key] = entry
        return entry.value
    }

    /// The value under `key`, without counting as a use.
    func peek(_ key: Key) -> Value? { entries[key]?.value }

    /// Keeps `value` under `key` in place of what was there, then drops the least recently used while over a limit.
    mutating func set(_ key: Key, _ value: Value) {
        if let kept = entries[key] { totalCost -= cost(key, kept.value) }
        clock += 1
        entries[key] = (value, clock)
        totalCost += cost(key, value)
        while totalCost > costLimit || entries.count > countLimit, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
            totalCost -= cost(oldest.key, oldest.value.value)
        }
    }

    /// Changes the value under `key` in place, without counting as a use; its cost must stay the same.
    mutating func update(_ key: Key, _ change: (inout Value) -> Void) {
        guard var entry = entries[key] else { return }
        change(&entry.value)
        entries[key] = entry
    }

    /// How many values are kept.
    var count: Int { entries.count }

    /// Their total cost.
    var keptCost: Int { totalCost }
}
