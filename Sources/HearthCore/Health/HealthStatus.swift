public import Foundation

/// The result of one health check.
public struct HealthStatus: Codable, Equatable, Sendable {
    /// Whether the service can do its job right now.
    public var isHealthy: Bool
    /// When the check ran.
    public var lastChecked: Date
    /// What is wrong, when anything is.
    public var errors: [String]
    /// How long the check took, in seconds.
    public var responseTime: TimeInterval

    public init(isHealthy: Bool, lastChecked: Date, errors: [String] = [], responseTime: TimeInterval = 0) {
        self.isHealthy = isHealthy
        self.lastChecked = lastChecked
        self.errors = errors
        self.responseTime = responseTime
    }
}
