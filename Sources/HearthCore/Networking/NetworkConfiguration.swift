public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Settings for a ``NetworkService``.
public struct NetworkConfiguration: Sendable {
    /// Relative paths are resolved against this URL.
    public var baseURL: URL?
    /// The longest a request may take, retries excluded.
    public var timeout: Duration
    /// How many times an idempotent request is retried after a transient failure.
    public var maxRetries: Int
    /// The first backoff delay; each retry doubles it, up to ``maxBackoff``.
    public var initialBackoff: Duration
    /// The longest backoff delay between retries.
    public var maxBackoff: Duration
    /// The longest `Retry-After` honoured; a peer asking for more gets a ``ServiceError/Code/rateLimited`` error.
    public var maxRetryAfter: Duration
    /// Headers sent with every request.
    public var headers: [String: String]

    public init(
        baseURL: URL? = nil,
        timeout: Duration = .seconds(15),
        maxRetries: Int = 3,
        initialBackoff: Duration = .milliseconds(250),
        maxBackoff: Duration = .seconds(10),
        maxRetryAfter: Duration = .seconds(60),
        headers: [String: String] = [:]
    ) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.maxRetries = maxRetries
        self.initialBackoff = initialBackoff
        self.maxBackoff = maxBackoff
        self.maxRetryAfter = maxRetryAfter
        self.headers = headers
    }
}
