import Foundation

/// Reading, comparing and converting the units pantry quantities count in.
///
/// Mass (mg, g, kg, oz, lb), volume (ml, cl, dl, l, tsp, tbsp, fl oz, cup, pint, quart, gallon; US customary
/// sizes) and counts (piece, pcs, dozen, or no unit at all) are known. Reading ignores case, dots, extra spaces
/// and plurals: "Grams", "kgs", "Tbsp." and "Pieces" all resolve. Any other word is a unit of its own that
/// converts only into itself ("cans" into "can").
///
/// ```swift
/// Units.convert(1.5, from: "kgs", to: "Grams")   // 1500
/// Units.convert(2, from: "cup", to: "g")         // nil: volume and mass do not convert…
/// Units.convert(2, from: Units.unit("cup"), to: Units.unit("g"), food: "flour")   // 250: …unless the food's
///                                                                                // density is known
/// Units.format(0.3333333, "kg")                  // "0.33 kg"
/// ```
public enum Units {
    /// The canonical count unit; "", "pcs", "each" and "piece" all read as this.
    public static let piece = "piece"

    /// The unit `text` names.
    public static func unit(_ text: String) -> MeasurementUnit {
        let key = simplified(text)
        if let known = lookup(key) { return known }
        return MeasurementUnit(symbol: FoodName.singular(key), dimension: .other, factor: 1)
    }

    /// The canonical name of the unit `text` names: "Grams" → "g", "" → "piece", "Cans" → "can".
    public static func normalize(_ text: String) -> String { unit(text).symbol }

    /// Whether quantities in `lhs` convert into `rhs`.
    public static func areCompatible(_ lhs: String, _ rhs: String) -> Bool {
        unit(lhs).isCompatible(with: unit(rhs))
    }

    /// `quantity` in `from` expressed in `to`, or nil when the units do not convert into each other or the
    /// quantity is not a finite number. The result is free of float noise (1e-9).
    public static func convert(_ quantity: Double, from: String, to: String) -> Double? {
        convert(quantity, from: unit(from), to: unit(to))
    }

    /// `quantity` in `source` expressed in `target`: ``convert(_:from:to:)`` for units already read.
    public static func convert(_ quantity: Double, from source: MeasurementUnit, to target: MeasurementUnit) -> Double?
    {
        guard quantity.isFinite else { return nil }
        guard source.isCompatible(with: target) else { return nil }
        if source.factor == target.factor { return quantity }
        return Amount.clean(quantity * source.factor / target.factor)
    }

    /// `quantity` of `food` in `source` expressed in `target`: ``convert(_:from:to:)``, and also between mass
    /// and volume when ``FoodDensity`` knows the food (1 cup of flour is 125 g). Nil when they do not convert.
    public static func convert(
        _ quantity: Double, from source: MeasurementUnit, to target: MeasurementUnit, food: String
    ) -> Double? {
        if let same = convert(quantity, from: source, to: target) { return same }
        guard quantity.isFinite, let density = densityBetween(source, target, food: food) else { return nil }
        let grams = source.dimension == .mass ? quantity * source.factor : quantity * source.factor * density
        return Amount.clean(target.dimension == .mass ? grams / target.factor : grams / density / target.factor)
    }

    /// Whether quantities of `food` in `source` convert into `target`, through its density when one is mass
    /// and the other volume.
    public static func convert(from source: MeasurementUnit, to target: MeasurementUnit, food: String) -> Bool {
        source.isCompatible(with: target) || densityBetween(source, target, food: food) != nil
    }

    private static func densityBetween(_ source: MeasurementUnit, _ target: MeasurementUnit, food: String) -> Double? {
        let dimensions: Set = [source.dimension, target.dimension]
        guard dimensions == [.mass, .volume] else { return nil }
        return FoodDensity.gramsPerMillilitre(food)
    }

    /// `quantity` with at most `maximumFractionDigits` decimals (rounded half away from zero, trailing zeros
    /// dropped) and its unit: "2 kg", "0.33 l", "1 piece", "3 pieces", "2 can".
    public static func format(_ quantity: Double, _ unit: String, maximumFractionDigits: Int = 2) -> String {
        let number = formatNumber(quantity, maximumFractionDigits: maximumFractionDigits)
        let symbol = normalize(unit)
        if symbol == piece { return number + (number == "1" ? " piece" : " pieces") }
        return symbol.isEmpty ? number : number + " " + symbol
    }

    /// `value` with at most `maximumFractionDigits` decimals, without trailing zeros: 2.50 → "2.5".
    public static func formatNumber(_ value: Double, maximumFractionDigits: Int = 2) -> String {
        guard value.isFinite else { return String(value) }
        let places = max(0, min(maximumFractionDigits, 9))
        let scale = pow(10, Double(places))
        let scaled = (Amount.clean(abs(value)) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9e15 else { return String(value) }
        let digits = Int(scaled)
        let whole = digits / Int(scale)
        var fraction = places == 0 ? "" : String(digits % Int(scale))
        if !fraction.isEmpty {
            fraction = String(repeating: "0", count: places - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
        }
        let sign = value < 0 && digits != 0 ? "-" : ""
        return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }

    // MARK: Reading

    /// Lower case, without dots, with single spaces (dots count as spaces).
    static func simplified(_ text: String) -> String {
        text.lowercased().split { $0.isWhitespace || $0 == "." }.joined(separator: " ")
    }

    private static func lookup(_ key: String) -> MeasurementUnit? {
        if let known = aliases[key] { return known }
        for suffix in ["s", "es"] where key.hasSuffix(suffix) && key.count > suffix.count {
            if let known = aliases[String(key.dropLast(suffix.count))] { return known }
        }
        return nil
    }

    private static let aliases: [String: MeasurementUnit] = {
        let table: [(MeasurementUnit, [String])] = [
            (MeasurementUnit(symbol: "mg", dimension: .mass, factor: 0.001), ["mg", "milligram", "milligramme"]),
            (MeasurementUnit(symbol: "g", dimension: .mass, factor: 1), ["g", "gr", "gm", "gram", "gramme"]),
            (MeasurementUnit(symbol: "kg", dimension: .mass, factor: 1000), ["kg", "kilo", "kilogram", "kilogramme"]),
            (MeasurementUnit(symbol: "oz", dimension: .mass, factor: 28.349523125), ["oz", "ounce"]),
            (MeasurementUnit(symbol: "lb", dimension: .mass, factor: 453.59237), ["lb", "lbs", "pound"]),
            (MeasurementUnit(symbol: "ml", dimension: .volume, factor: 1), ["ml", "milliliter", "millilitre", "cc"]),
            (MeasurementUnit(symbol: "cl", dimension: .volume, factor: 10), ["cl", "centiliter", "centilitre"]),
            (MeasurementUnit(symbol: "dl", dimension: .volume, factor: 100), ["dl", "deciliter", "decilitre"]),
            (MeasurementUnit(symbol: "l", dimension: .volume, factor: 1000), ["l", "ltr", "liter", "litre"]),
            (MeasurementUnit(symbol: "tsp", dimension: .volume, factor: 4.92892159375), ["tsp", "teaspoon"]),
            (
                MeasurementUnit(symbol: "tbsp", dimension: .volume, factor: 14.78676478125),
                ["tbsp", "tbs", "tbl", "tablespoon"]
            ),
            (
                MeasurementUnit(symbol: "fl oz", dimension: .volume, factor: 29.5735295625),
                ["fl oz", "floz", "fluid ounce"]
            ),
            (MeasurementUnit(symbol: "cup", dimension: .volume, factor: 236.5882365), ["cup"]),
            (MeasurementUnit(symbol: "pint", dimension: .volume, factor: 473.176473), ["pt", "pint"]),
            (MeasurementUnit(symbol: "quart", dimension: .volume, factor: 946.352946), ["qt", "quart"]),
            (MeasurementUnit(symbol: "gallon", dimension: .volume, factor: 3785.411784), ["gal", "gallon"]),
            (
                MeasurementUnit(symbol: piece, dimension: .count, factor: 1),
                ["", "piece", "pc", "pcs", "each", "ea", "count", "ct", "unit", "item", "whole"]
            ),
            (MeasurementUnit(symbol: "dozen", dimension: .count, factor: 12), ["dozen", "dz", "doz"]),
        ]
        var result: [String: MeasurementUnit] = [:]
        for (unit, names) in table { for name in names { result[name] = unit } }
        return result
    }()
}
