import Foundation
import HearthCore

/// How the garage and money pages write figures: miles with thousands separators, money in dollars, fuel economy
/// to one decimal, as the command line prints them.
enum GarageFormat {
    static func miles(_ value: Int) -> String { value.formatted(.number.locale(Locale(identifier: "en_US"))) + " mi" }

    static func money(_ value: Decimal) -> String { Formatting.currency(value) }

    static func mpg(_ value: Double) -> String { decimal(value) + " mpg" }

    static func decimal(_ value: Double) -> String { String(format: "%.1f", (value * 10).rounded() / 10) }
}
