import Foundation

/// Odometer units.
public enum DistanceUnit: String, Sendable, Codable, CaseIterable {
    case miles = "mi"
    case kilometers = "km"
}
