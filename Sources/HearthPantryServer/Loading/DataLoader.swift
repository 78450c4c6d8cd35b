/// Loads values by key in batches, for one GraphQL request: the keys asked for while the request's resolvers
/// run side by side go to one ``BatchLoad`` call, and each key is loaded at most once.
///
/// Resolvers of sibling objects run as concurrent tasks, so a batch stays open for a few scheduler turns
/// after its first key (``DataLoader/init(yields:_:)``). A parent that knows which keys its children will
/// ask for (the ids of the households it returns, say) says so with ``expect(_:)``: those keys join the
/// next batch however the children are scheduled, which keeps a request's statement count independent of
/// timing.
///
/// ```swift
/// let items = DataLoader<String, [ItemRow]> { householdIDs in try await store.items(inHouseholds: householdIDs) }
/// await items.expect(households.map(\.id))
/// let first = try await items.load(households[0].id)   // one query for every household
/// ```
public actor DataLoader<Key: Hashable & Sendable, Value: Sendable> {
    /// Loads the values of `keys` (no duplicates); a key missing from the answer has no value.
    public typealias BatchLoad = @Sendable (_ keys: [Key]) async throws -> [Key: Value]

    private let batchLoad: BatchLoad
    private let yields: Int
    /// The batch each key was (or will be) loaded in.
    private var batches: [Key: Task<[Key: Value], any Error>] = [:]
    /// The batch still taking keys, and its keys so far.
    private var open: (task: Task<[Key: Value], any Error>, keys: [Key])?
    /// Keys to load with the next batch.
    private var expected: [Key] = []

    /// How many batches have run.
    public private(set) var batchCount = 0

    /// - Parameters:
    ///   - yields: how many scheduler turns a batch waits for more keys after its first.
    ///   - batchLoad: loads the values of a batch of keys.
    public init(yields: Int = 8, _ batchLoad: @escaping BatchLoad) {
        self.batchLoad = batchLoad
        self.yields = yields
    }

    /// The value of `key`, or nil when it has none.
    public func load(_ key: Key) async throws -> Value? {
        try await batch(for: key).value[key]
    }

    /// The values of `keys`, in order, nil for keys with none.
    public func loadMany(_ keys: [Key]) async throws -> [Value?] {
        var tasks: [Task<[Key: Value], any Error>] = []
        for key in keys { tasks.append(batch(for: key)) }
        var values: [Value?] = []
        for (key, task) in zip(keys, tasks) { values.append(try await task.value[key]) }
        return values
    }

    /// Sets what `key` loads as, without asking the store: for a value the request already knows for certain,
    /// such as what it has just written.
    public func prime(_ key: Key, _ value: Value) {
        batches[key] = Task { [key: value] }
    }

    /// Keys the request will probably ask for: they are loaded with the next batch.
    public func expect(_ keys: some Sequence<Key>) {
        for key in keys where batches[key] == nil { expected.append(key) }
    }

    private func batch(for key: Key) -> Task<[Key: Value], any Error> {
        if let task = batches[key] { return task }
        if var open {
            open.keys.append(key)
            self.open = open
            batches[key] = open.task
            return open.task
        }
        let yields = self.yields
        let task = Task<[Key: Value], any Error> {
            for _ in 0..<yields { await Task.yield() }
            let keys = await self.close()
            return try await self.batchLoad(keys)
        }
        open = (task, [key])
        batches[key] = task
        return task
    }

    /// Ends the open batch: its keys and the expected ones not loaded yet.
    private func close() -> [Key] {
        guard let current = open else { return [] }
        open = nil
        var keys = current.keys
        for key in expected where batches[key] == nil {
            batches[key] = current.task
            keys.append(key)
        }
        expected = []
        batchCount += 1
        var seen = Set<Key>()
        return keys.filter { seen.insert($0).inserted }
    }
}
