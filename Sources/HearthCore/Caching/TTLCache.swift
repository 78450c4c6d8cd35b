/// An in-memory cache whose entries expire, with a size bound and coalesced loading.
///
/// - Entries live for ``defaultTTL`` (five minutes unless configured) measured on an injected clock.
/// - When full, the least recently used entry is evicted.
/// - Concurrent misses for one key share one load: ``value(forKey:ttl:load:)`` runs `load` once and hands
///   the result (or the error) to every caller waiting for it. Errors are never cached.
///
/// ```swift
/// let cache = TTLCache<UUID, Household>(maximumCount: 100)
/// let household = try await cache.value(forKey: id) { try await api.household(id) }
/// ```
public actor TTLCache<Key: Hashable & Sendable, Value: Sendable> {
    private final class Node {
        let key: Key
        var value: Value
        var expiresAt: Duration
        var newer: Node?
        weak var older: Node?
        init(key: Key, value: Value, expiresAt: Duration) {
            self.key = key
            self.value = value
            self.expiresAt = expiresAt
        }
    }

    /// How long an entry lives unless a call says otherwise.
    public let defaultTTL: Duration
    /// The most entries kept; older ones are evicted first.
    public let maximumCount: Int

    private let elapsed: @Sendable () -> Duration
    private var nodes: [Key: Node] = [:]
    private var oldest: Node?
    private var newest: Node?
    private var loads: [Key: (generation: Int, task: Task<Value, any Error>)] = [:]
    private var generations: [Key: Int] = [:]
    private var waiting: [Key: Int] = [:]
    private var clearCount = 0

    /// Creates a cache.
    /// - Parameters:
    ///   - defaultTTL: how long entries live (default 300 s).
    ///   - maximumCount: the most entries kept (default 1,000).
    ///   - clock: the clock expiry is measured on.
    public init<C: Clock>(defaultTTL: Duration = .seconds(300), maximumCount: Int = 1_000, clock: C)
    where C.Duration == Duration {
        precondition(maximumCount > 0, "A cache must hold at least one entry")
        self.defaultTTL = defaultTTL
        self.maximumCount = maximumCount
        self.elapsed = clock.stopwatch()
    }

    /// Creates a cache that measures expiry on the continuous clock.
    public init(defaultTTL: Duration = .seconds(300), maximumCount: Int = 1_000) {
        self.init(defaultTTL: defaultTTL, maximumCount: maximumCount, clock: ContinuousClock())
    }

    /// The number of entries, expired ones included until they are next touched.
    public var count: Int { nodes.count }

    /// The value for `key`, or nil when it is missing or expired.
    public func value(forKey key: Key) -> Value? {
        guard let node = nodes[key] else { return nil }
        guard node.expiresAt > elapsed() else {
            unlink(node)
            nodes[key] = nil
            return nil
        }
        touch(node)
        return node.value
    }

    /// Stores `value` for `key`, to expire after `ttl` (or ``defaultTTL``).
    public func set(_ value: Value, forKey key: Key, ttl: Duration? = nil) {
        let expiresAt = elapsed() + (ttl ?? defaultTTL)
        if let node = nodes[key] {
            node.value = value
            node.expiresAt = expiresAt
            touch(node)
        } else {
            let node = Node(key: key, value: value, expiresAt: expiresAt)
            nodes[key] = node
            append(node)
            evictIfNeeded()
        }
    }

    /// Removes the entry for `key`; a load in flight for it will not be stored.
    public func remove(_ key: Key) {
        generations[key, default: 0] += 1
        if let node = nodes.removeValue(forKey: key) { unlink(node) }
    }

    /// Removes every entry; loads in flight will not be stored.
    public func removeAll() {
        clearCount += 1
        generations.removeAll()
        nodes.removeAll()
        oldest = nil
        newest = nil
    }

    /// Removes every expired entry now rather than when it is next touched.
    public func purgeExpired() {
        let now = elapsed()
        for (key, node) in nodes where node.expiresAt <= now {
            unlink(node)
            nodes[key] = nil
        }
    }

    /// The cached value for `key`, or the result of `load`, which is stored before it is returned.
    ///
    /// Callers that miss while a load for the same key is running wait for that load instead of starting
    /// another. A load that throws stores nothing, and every waiter receives the error.
    public func value(
        forKey key: Key,
        ttl: Duration? = nil,
        load: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        if let cached = value(forKey: key) { return cached }
        let generation = currentGeneration(of: key)
        if let running = loads[key], running.generation == generation {
            waiting[key, default: 0] += 1
            defer { waiting[key] = waiting[key].map { $0 > 1 ? $0 - 1 : nil } ?? nil }
            return try await running.task.value
        }
        let task = Task { try await load() }
        loads[key] = (generation, task)
        defer {
            if loads[key]?.generation == generation { loads[key] = nil }
        }
        let loaded = try await task.value
        if currentGeneration(of: key) == generation {
            set(loaded, forKey: key, ttl: ttl)
        }
        return loaded
    }

    /// How many callers are waiting on a running load for `key` instead of starting their own.
    public func waitingCount(forKey key: Key) -> Int { waiting[key] ?? 0 }

    private func currentGeneration(of key: Key) -> Int {
        // Combines per-key removals with whole-cache clears so either invalidates a running load.
        (generations[key] ?? 0) &+ clearCount &* 1_000_003
    }

    // MARK: Recency list (oldest ... newest)

    private func append(_ node: Node) {
        node.older = newest
        node.newer = nil
        newest?.newer = node
        newest = node
        if oldest == nil { oldest = node }
    }

    private func unlink(_ node: Node) {
        let older = node.older
        let newer = node.newer
        older?.newer = newer
        newer?.older = older
        if oldest === node { oldest = newer }
        if newest === node { newest = older }
        node.older = nil
        node.newer = nil
    }

    private func touch(_ node: Node) {
        guard newest !== node else { return }
        unlink(node)
        append(node)
    }

    private func evictIfNeeded() {
        // Expired entries go first; then the least recently used.
        if nodes.count > maximumCount { purgeExpired() }
        while nodes.count > maximumCount, let victim = oldest {
            unlink(victim)
            nodes[victim.key] = nil
        }
    }
}
