public import Foundation

/// Settings of the analytics client.
///
/// | setting | default |
/// |---|---|
/// | `apiKey`: the PostHog project key; nil or empty turns analytics off (nothing is queued) | nil |
/// | `host`: where `/batch/` is posted | `https://us.i.posthog.com` |
/// | `batchSize`: events per upload (a 413 answer halves it) | 50 |
/// | `maximumQueued`: events kept while offline; the oldest are dropped past it, and counted | 1,000 |
/// | `maximumRetries`: tries after the first for a 5xx, 429 or network failure before a flush gives up | 5 |
/// | `initialBackoff` / `maximumBackoff`: the wait before the first retry, doubled each time up to the maximum | 1 s / 60 s |
/// | `flushInterval`: how often ``AnalyticsService/run()`` uploads | 30 s |
/// | `requestTimeout`: the longest an upload may take | 15 s |
public struct AnalyticsConfiguration: Sendable, Equatable {
    public var apiKey: String?
    public var host: URL
    public var batchSize: Int
    public var maximumQueued: Int
    public var maximumRetries: Int
    public var initialBackoff: Duration
    public var maximumBackoff: Duration
    public var flushInterval: Duration
    public var requestTimeout: Duration

    public init(
        apiKey: String? = nil,
        host: URL = URL(string: "https://us.i.posthog.com")!,
        batchSize: Int = 50,
        maximumQueued: Int = 1_000,
        maximumRetries: Int = 5,
        initialBackoff: Duration = .seconds(1),
        maximumBackoff: Duration = .seconds(60),
        flushInterval: Duration = .seconds(30),
        requestTimeout: Duration = .seconds(15)
    ) {
        self.apiKey = apiKey
        self.host = host
        self.batchSize = max(1, batchSize)
        self.maximumQueued = max(1, maximumQueued)
        self.maximumRetries = max(0, maximumRetries)
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
        self.flushInterval = flushInterval
        self.requestTimeout = requestTimeout
    }

    /// The project key, when one is configured.
    var key: String? { apiKey.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 } }

    /// The wait before retry number `attempt` (1 for the first): the initial backoff doubled each time,
    /// at most the maximum.
    func backoff(attempt: Int) -> Duration {
        var wait = initialBackoff
        for _ in 1..<max(1, attempt) {
            wait *= 2
            if wait >= maximumBackoff { return maximumBackoff }
        }
        return min(wait, maximumBackoff)
    }
}
