/// Where a domain's analytics events go.
///
/// The domains (the garage, say) record their ``AnalyticsEvent``s through this alone; the app hands them
/// HearthAnalytics' service, which queues and uploads them, or ``NoEventTracking``.
///
/// ```swift
/// await store.analytics.track(GarageEvent.vehicleDeleted)
/// ```
public protocol EventTracking: Sendable {
    /// Records `event`; does nothing when analytics is off or the user opted out.
    func track(_ event: some AnalyticsEvent) async
}
