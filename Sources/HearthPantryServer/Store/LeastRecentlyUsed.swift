/// Values by key, bounded by their total cost and by their count: past either limit, the least recently used
/// are dropped first. The count limit also bounds the search for the oldest. Not thread-safe on its own; the
/// pantry's caches keep one behind a lock.
///
/// Each value may be charged to an owner (``owner``), who may hold at most ``shareLimit`` of the cost: a value
/// that takes an owner past their share drops that owner's own least recently used values first, so one owner
/// filling the cache with values nobody asks for again evicts only their own.
struct LeastRecentlyUsed<Key: Hashable, Value> {
    /// At most this much cost is kept, across all values.
    let costLimit: Int
    /// At most this many values are kept.
    let countLimit: Int
    /// At most this much cost is kept for any one owner.
    let shareLimit: Int
    /// What one value costs toward ``costLimit``.
    let cost: (Key, Value) -> Int
    /// Who a value is charged to.
    let owner: (Key, Value) -> String
    private var entries: [Key: (value: Value, lastUse: UInt64)] = [:]
    private var totalCost = 0
    private var ownerCosts: [String: Int] = [:]
    private var clock: UInt64 = 0

    init(
        costLimit: Int, countLimit: Int, shareLimit: Int = .max,
        owner: @escaping (Key, Value) -> String = { _, _ in "" },
        cost: @escaping (Key, Value) -> Int
    ) {
        self.costLimit = costLimit
        self.countLimit = countLimit
        self.shareLimit = shareLimit
        self.owner = owner
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

    /// Keeps `value` under `key` in place of what was there, then drops the least recently used while over a
    /// limit: first the owner's own while they are over their share, then anyone's.
    mutating func set(_ key: Key, _ value: Value) {
        remove(key)
        clock += 1
        entries[key] = (value, clock)
        let charged = cost(key, value)
        let holder = owner(key, value)
        totalCost += charged
        ownerCosts[holder, default: 0] += charged
        while ownerCosts[holder, default: 0] > shareLimit, let oldest = oldest(ownedBy: holder) {
            remove(oldest)
        }
        while totalCost > costLimit || entries.count > countLimit,
            let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })
        {
            remove(oldest.key)
        }
    }

    /// The key of `holder`'s least recently used value.
    private func oldest(ownedBy holder: String) -> Key? {
        var found: (key: Key, lastUse: UInt64)?
        for (key, entry) in entries where owner(key, entry.value) == holder && entry.lastUse < (found?.lastUse ?? .max)
        {
            found = (key, entry.lastUse)
        }
        return found?.key
    }

    /// Drops the value under `key`, if any.
    private mutating func remove(_ key: Key) {
        guard let kept = entries.removeValue(forKey: key) else { return }
        let charged = cost(key, kept.value)
        let holder = owner(key, kept.value)
        totalCost -= charged
        let left = ownerCosts[holder, default: 0] - charged
        ownerCosts[holder] = left > 0 ? left : nil
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

    /// The cost kept for `owner`.
    func cost(of owner: String) -> Int { ownerCosts[owner, default: 0] }
}
