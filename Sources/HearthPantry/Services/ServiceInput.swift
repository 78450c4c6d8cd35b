import Foundation
import HearthCore

/// Trimming and checking what callers pass to the pantry's services before anything is sent.
enum ServiceInput {
    /// `value` trimmed; nil when nil or blank.
    static func trimmed(_ value: String?) -> String? {
        guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    /// `value` trimmed; `validationFailed` "<what> cannot be empty" when blank.
    static func required(_ value: String, _ what: String) throws -> String {
        guard let value = trimmed(value) else { throw ServiceError.validationFailed("\(what) cannot be empty") }
        return value
    }

    /// `servings` when it is at least 1 (or nil); `validationFailed` naming it otherwise.
    static func servings(_ servings: Int?) throws -> Int? {
        if let servings, servings < 1 {
            throw ServiceError.validationFailed("servings must be at least 1; it is \(servings).")
        }
        return servings
    }

    /// `quantity` when it is a number above 0; `validationFailed` naming it otherwise.
    static func quantity(_ quantity: Double, _ field: String = "quantity") throws -> Double {
        guard quantity.isFinite, quantity > 0 else {
            throw ServiceError.validationFailed(
                "\(field) must be greater than 0, not \(quantity.isFinite ? quantity.formatted() : String(quantity))")
        }
        return quantity
    }

    /// A health check: runs `probe` and reports how it went and how long it took.
    static func health(_ probe: @Sendable () async throws -> Void) async -> HealthStatus {
        let started = ContinuousClock.now
        let checked = Date()
        do {
            try await probe()
            return HealthStatus(isHealthy: true, lastChecked: checked, responseTime: seconds(since: started))
        } catch {
            return HealthStatus(
                isHealthy: false, lastChecked: checked, errors: ["\(error)"], responseTime: seconds(since: started))
        }
    }

    private static func seconds(since start: ContinuousClock.Instant) -> TimeInterval {
        let elapsed = start.duration(to: .now).components
        return TimeInterval(elapsed.seconds) + TimeInterval(elapsed.attoseconds) / 1e18
    }
}
