/// What the analytics collector accepts and keeps (`--analytics-max-events`, `--analytics-max-bytes`,
/// `--analytics-retention-days`, `--analytics-max-rows`).
///
/// | limit | default | past it |
/// |---|---|---|
/// | `maxEvents` per request | 1,000 | `413` `too_many_events` |
/// | `maxBytes` per request, compressed and inflated (PostHog's clients send at most about 6 MB) | 8,000,000 | `413` `payload_too_large` |
/// | `retention`: events older than this (by arrival) are removed every hour | 90 days | — |
/// | `maxRowsPerKey`: events kept per project key | 1,000,000 | the oldest are dropped |
///
/// Past the row budget the oldest events of the key go, so collection never stops and what is kept is the
/// most recent; the per-address limit keeps one client from pushing everyone's events out quickly.
public struct CollectorLimits: Sendable, Equatable {
    /// The most events one request may carry.
    public var maxEvents = 1_000
    /// The most bytes a request's body may have, compressed and inflated alike.
    public var maxBytes = 8_000_000
    /// How long events are kept, counted from their arrival.
    public var retention: Duration = .seconds(90 * 86_400)
    /// The most events kept per project key.
    public var maxRowsPerKey = 1_000_000

    public init() {}
}
