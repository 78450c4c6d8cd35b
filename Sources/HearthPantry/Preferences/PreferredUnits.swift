public import HearthPantryModel

/// Quantities as the user's measurement system shows them (``UserPreferences/AppSettings/measurementUnit``).
///
/// Metric shows masses in g (kg from 1,000 g) and volumes in ml (l from 1,000 ml); imperial shows masses in oz
/// (lb from 16 oz) and volumes in fl oz (quarts from 32 fl oz, gallons from 4 quarts). Kitchen spoons (tsp,
/// tbsp), counts and units of their own ("can") are shown as they are stored. Stored quantities never change:
/// this is how they are printed.
///
/// ```swift
/// PreferredUnits.format(500, "g", in: .imperial)     // "1.1 lb"
/// PreferredUnits.format(2, "lb", in: .metric)        // "907.18 g"
/// ```
public enum PreferredUnits {
    /// `quantity` of `unit` written in `system`'s units, with at most two decimals.
    public static func format(
        _ quantity: Double, _ unit: String, in system: UserPreferences.AppSettings.MeasurementSystem
    ) -> String {
        let (value, symbol) = convert(quantity, unit, to: system)
        return Units.format(value, symbol)
    }

    /// `quantity` of `unit` in `system`'s units, and the unit it is then in.
    public static func convert(
        _ quantity: Double, _ unit: String, to system: UserPreferences.AppSettings.MeasurementSystem
    ) -> (Double, String) {
        let source = Units.unit(unit)
        if ["tsp", "tbsp"].contains(source.symbol) { return (quantity, unit) }
        let ladder: [(symbol: String, from: Double)]
        switch (source.dimension, system) {
        case (.mass, .metric): ladder = [("g", 0), ("kg", 1000)]
        case (.mass, .imperial): ladder = [("oz", 0), ("lb", 16 * 28.349523125)]
        case (.volume, .metric): ladder = [("ml", 0), ("l", 1000)]
        case (.volume, .imperial): ladder = [("fl oz", 0), ("quart", 946.352946), ("gallon", 3785.411784)]
        default: return (quantity, unit)
        }
        let base = quantity * source.factor
        let target = ladder.last { abs(base) >= $0.from } ?? ladder[0]
        guard let converted = Units.convert(quantity, from: unit, to: target.symbol) else { return (quantity, unit) }
        return (converted, target.symbol)
    }
}
