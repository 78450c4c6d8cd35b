import Foundation
import HearthExchange

/// Fuel volume units.
enum VolumeUnit: String, Sendable {
    case gallons, imperialGallons, liters

    /// US gallons per unit.
    var gallonsPerUnit: Double {
        switch self {
        case .gallons: 1
        case .imperialGallons: 1.200_949_92
        case .liters: 0.264_172_052
        }
    }

    /// The unit a name such as "gal (US)", "L", "Litres", "литры" means.
    init?(name: String) {
        let key = ImportText.headerKey(name)
        if key.contains("uk") || key.contains("imp") {
            self = .imperialGallons
            return
        }
        if key.hasPrefix("gal") || key.hasPrefix("us gal") {
            self = .gallons
            return
        }
        if key == "l" || key.hasPrefix("lit") || key.hasPrefix("лит") || key == "л" {
            self = .liters
            return
        }
        return nil
    }
}
