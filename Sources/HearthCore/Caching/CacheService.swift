import Foundation

/// A cache of `Codable` values under string keys, on top of ``TTLCache``.
///
/// Values are stored encoded, so one cache can hold many types, and what comes out is always a fresh copy.
public actor CacheService {
    private let storage: TTLCache<String, Data>
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    /// Creates a cache whose entries live `defaultTTL` (five minutes unless given) on `clock`.
    public init<C: Clock>(defaultTTL: Duration = .seconds(300), maximumCount: Int = 1_000, clock: C)
    where C.Duration == Duration {
        storage = TTLCache(defaultTTL: defaultTTL, maximumCount: maximumCount, clock: clock)
    }

    /// Creates a cache on the continuous clock.
    public init(defaultTTL: Duration = .seconds(300), maximumCount: Int = 1_000) {
        self.init(defaultTTL: defaultTTL, maximumCount: maximumCount, clock: ContinuousClock())
    }

    /// The value stored under `key`, or nil when missing, expired, or stored as another type.
    public func get<T: Decodable>(_ type: T.Type, forKey key: String) async -> T? {
        guard let data = await storage.value(forKey: key) else { return nil }
        return try? decoder.decode(T.self, from: data)
    }

    /// Stores `value` under `key`.
    public func set<T: Encodable>(_ value: T, forKey key: String, ttl: Duration? = nil) async throws {
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw ServiceError(
                .operationFailed, "Could not cache a value for \"\(key)\": it cannot be encoded.", underlying: error)
        }
        await storage.set(data, forKey: key, ttl: ttl)
    }

    /// The value under `key`, or what `load` returns (stored before it is returned).
    public func value<T: Codable & Sendable>(
        forKey key: String,
        ttl: Duration? = nil,
        load: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        if let cached = await get(T.self, forKey: key) { return cached }
        let encoder = self.encoder
        let data = try await storage.value(forKey: key, ttl: ttl) { try encoder.encode(try await load()) }
        do {
            return try decoder.decode(T.self, from: data)
        } catch {
            throw ServiceError(
                .decodingFailed, "The cached value for \"\(key)\" is not a \(T.self).", underlying: error)
        }
    }

    /// Removes the value under `key`.
    public func remove(_ key: String) async { await storage.remove(key) }

    /// Removes every value.
    public func clear() async { await storage.removeAll() }
}
