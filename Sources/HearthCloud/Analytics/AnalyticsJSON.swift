public import HearthCore

/// A JSON value as a client sent it in an event's properties, kept whole so stored events read back as they
/// arrived.
public typealias AnalyticsJSON = AnyJSON
