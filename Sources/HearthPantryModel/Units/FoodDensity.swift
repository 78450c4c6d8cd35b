/// How many grams one millilitre of a common food weighs, so that a recipe written in cups is covered by stock
/// counted in grams (and the other way round).
///
/// The figures are the usual kitchen ones (a US cup of 236.59 ml): all-purpose flour 125 g a cup, granulated
/// sugar 200 g, butter 227 g, uncooked white rice 185 g, whole milk 245 g, oil 218 g, honey 340 g. A food is
/// found by its name as ``FoodName`` matches names ("Flour", "plain flour" and "flours" all find flour): the
/// whole name first, then its last word, so "all-purpose flour" and "whole milk" are found while "flour tortillas"
/// is not taken for flour.
///
/// ```swift
/// FoodDensity.gramsPerMillilitre("Sugar")            // 0.845…
/// FoodDensity.gramsPerMillilitre("canned tomatoes")  // nil: not a food the table knows
/// ```
public enum FoodDensity {
    /// Grams per millilitre of `food`, or nil when the table does not know it.
    public static func gramsPerMillilitre(_ food: String) -> Double? {
        let key = FoodName.key(food)
        if let known = table[key] { return known }
        guard let last = key.split(separator: " ").last, last != Substring(key) else { return nil }
        return table[String(last)]
    }

    /// Grams a US cup (236.5882365 ml) of each food weighs, by the names it goes by.
    private static let gramsPerCup: [(grams: Double, names: [String])] = [
        (125, ["flour", "all purpose flour", "plain flour", "wheat flour", "bread flour", "cake flour"]),
        (120, ["whole wheat flour", "wholemeal flour"]),
        (200, ["sugar", "granulated sugar", "white sugar", "caster sugar", "superfine sugar"]),
        (220, ["brown sugar", "light brown sugar", "dark brown sugar"]),
        (120, ["powdered sugar", "icing sugar", "confectioners sugar"]),
        (227, ["butter", "unsalted butter", "salted butter", "margarine"]),
        (185, ["rice", "white rice", "long grain rice", "basmati rice", "jasmine rice"]),
        (190, ["brown rice"]),
        (90, ["oats", "rolled oats", "oatmeal"]),
        (245, ["milk", "whole milk", "skim milk", "buttermilk"]),
        (240, ["cream", "heavy cream", "double cream", "single cream"]),
        (245, ["yogurt", "yoghurt"]),
        (218, ["oil", "olive oil", "vegetable oil", "sunflower oil", "canola oil", "rapeseed oil"]),
        (236.5882365, ["water"]),
        (340, ["honey"]),
        (322, ["maple syrup"]),
        (273, ["salt", "table salt"]),
        (85, ["cocoa", "cocoa powder"]),
        (236.5882365 * 1.03, ["stock", "broth", "chicken stock", "vegetable stock", "beef stock"]),
    ]

    private static let table: [String: Double] = {
        var result: [String: Double] = [:]
        for entry in gramsPerCup {
            for name in entry.names { result[FoodName.key(name)] = entry.grams / 236.5882365 }
        }
        return result
    }()
}
