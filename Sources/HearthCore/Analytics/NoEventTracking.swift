/// Event tracking that records nothing: for code paths and tests without analytics.
public struct NoEventTracking: EventTracking {
    public init() {}

    public func track(_ event: some AnalyticsEvent) async {}
}
