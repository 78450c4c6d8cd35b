/// Where a query's answer comes from: the normalized cache, the server, or both.
public enum GraphQLCachePolicy: String, Sendable, CaseIterable {
    /// The cache when it holds every object the query reads; otherwise the server.
    case cacheFirst = "cache-first"
    /// The server; the cache only when the server cannot be reached.
    case networkFirst = "network-first"
    /// Always the server (the answer still goes into the cache).
    case networkOnly = "network-only"
    /// Only the cache; a query it cannot answer fails with `notFound`.
    case cacheOnly = "cache-only"
    /// The cache at once when it can answer, and the server's answer after it (``GraphQLServing/watch(_:variables:policy:)``
    /// yields both; ``GraphQLServing/query(_:variables:policy:)`` returns the cached one and refreshes behind it).
    case cacheAndNetwork = "cache-and-network"
}
