import Testing

/// The collector's suites, one after the other: each starts servers on PostgreSQL whose first events create
/// the events table, and run side by side under a full parallel test run they have been seen to stall.
@Suite("Analytics collector and PostHog's client", .serialized)
enum AnalyticsSuites {}
