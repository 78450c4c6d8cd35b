public import HearthCore

/// Analytics that records nothing: for code paths and tests without an analytics database, and apps built
/// without analytics.
public struct NoAnalytics: AnalyticsServicing {
    public init() {}

    public func track(_ event: some AnalyticsEvent) async {}

    @discardableResult
    public func flush() async -> AnalyticsFlushReport { AnalyticsFlushReport() }

    public func setOptedOut(_ optedOut: Bool) async throws {}

    public func status() async throws -> AnalyticsStatus {
        AnalyticsStatus(isConfigured: false, isOptedOut: false, queued: 0, dropped: 0, installID: nil)
    }
}
