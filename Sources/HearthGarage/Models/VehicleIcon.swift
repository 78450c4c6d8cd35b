import Foundation

/// The picture a vehicle is shown with in the lists, chosen by its owner: a kind of vehicle.
public enum VehicleIcon: String, CaseIterable, Sendable, Codable {
    case car, suv, pickup, van, truck, motorcycle, scooter, camper

    /// The symbol the pages show (an emoji every phone draws).
    public var symbol: String {
        switch self {
        case .car: "🚗"
        case .suv: "🚙"
        case .pickup: "🛻"
        case .van: "🚐"
        case .truck: "🚚"
        case .motorcycle: "🏍️"
        case .scooter: "🛵"
        case .camper: "🚌"
        }
    }

    /// Its name in words, such as "Pickup".
    public var label: String {
        switch self {
        case .suv: "SUV"
        default: rawValue.capitalized
        }
    }

    /// The names a user may type, for messages: "car, suv, pickup, …".
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
