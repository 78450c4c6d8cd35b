import HearthPantryModel
import Testing

@Suite struct UnitsTests {
    @Test(arguments: [
        ("g", "g"), ("Grams", "g"), ("GRAM", "g"), (" gr. ", "g"), ("kgs", "kg"), ("Kilograms", "kg"), ("kilo", "kg"),
        ("mg", "mg"), ("lbs", "lb"), ("Pounds", "lb"), ("oz.", "oz"), ("ounces", "oz"),
        ("mL", "ml"), ("Millilitres", "ml"), ("L", "l"), ("liters", "l"), ("Litre", "l"), ("dl", "dl"), ("cl", "cl"),
        ("tsp", "tsp"), ("Teaspoons", "tsp"), ("Tbsp.", "tbsp"), ("tablespoon", "tbsp"), ("cups", "cup"),
        ("fl. oz.", "fl oz"), ("Fluid Ounces", "fl oz"), ("pints", "pint"), ("qt", "quart"), ("gallons", "gallon"),
        ("", "piece"), ("  ", "piece"), ("pcs", "piece"), ("Pieces", "piece"), ("each", "piece"), ("dozen", "dozen"),
        ("Cans", "can"), ("cloves", "clove"), ("bunches", "bunch"), ("Jar", "jar"),
    ])
    func normalizes(text: String, symbol: String) {
        #expect(Units.normalize(text) == symbol)
    }

    @Test func dimensions() {
        #expect(Units.unit("kg").dimension == .mass)
        #expect(Units.unit("cups").dimension == .volume)
        #expect(Units.unit("").dimension == .count)
        #expect(Units.unit("cans").dimension == .other)
    }

    @Test(arguments: [
        (1.5, "kgs", "Grams", 1500.0), (250, "g", "kg", 0.25), (1, "lb", "g", 453.59237), (16, "oz", "lb", 1),
        (1, "l", "ml", 1000), (3, "tsp", "tbsp", 1), (16, "tbsp", "cup", 1), (2, "cups", "ml", 473.176473),
        (1, "gallon", "quart", 4), (2, "pints", "quart", 1), (1, "dozen", "pcs", 12), (6, "", "dozen", 0.5),
        (500, "mg", "g", 0.5), (3, "cans", "can", 3), (0, "g", "kg", 0),
    ])
    func converts(quantity: Double, from: String, to: String, expected: Double) throws {
        let result = try #require(Units.convert(quantity, from: from, to: to))
        #expect(result == expected)
    }

    @Test func conversionsCarryNoFloatNoise() {
        // 0.1 kg + 0.2 kg in grams would be 300.00000000000006 without cleaning.
        #expect(Units.convert(0.1 + 0.2, from: "kg", to: "g") == 300)
        #expect(Units.convert(1, from: "tsp", to: "ml") == 4.928921594)
        #expect(Units.convert(1, from: "oz", to: "g") == 28.349523125)
        // There and back again lands on the start.
        let grams = Units.convert(7, from: "oz", to: "g")!
        #expect(Units.convert(grams, from: "g", to: "oz") == 7)
    }

    @Test(arguments: [
        ("g", "ml"), ("kg", "l"), ("cup", "g"), ("pcs", "g"), ("", "ml"), ("can", "g"), ("can", "jar"), ("oz", "fl oz"),
        ("can", ""),
    ])
    func incompatibleUnitsDoNotConvert(from: String, to: String) {
        #expect(Units.convert(1, from: from, to: to) == nil)
        #expect(!Units.areCompatible(from, to))
    }

    @Test func nonFiniteQuantitiesDoNotConvert() {
        #expect(Units.convert(.nan, from: "g", to: "kg") == nil)
        #expect(Units.convert(.infinity, from: "g", to: "g") == nil)
    }

    @Test(arguments: [
        (2.0000001, "kg", "2 kg"), (0.3333333, "kg", "0.33 kg"), (2.5, "Grams", "2.5 g"), (0.125, "l", "0.13 l"),
        (1, "", "1 piece"), (3, "pcs", "3 pieces"), (2, "Cans", "2 can"), (1500, "ml", "1500 ml"),
        (-1.5, "g", "-1.5 g"),
        (0.004, "kg", "0 kg"), (1.999, "cup", "2 cup"),
    ])
    func formats(quantity: Double, unit: String, text: String) {
        #expect(Units.format(quantity, unit) == text)
    }

    @Test func formatsWithMoreDecimalsWhenAsked() {
        #expect(Units.formatNumber(1.23456, maximumFractionDigits: 3) == "1.235")
        #expect(Units.formatNumber(10, maximumFractionDigits: 0) == "10")
        #expect(Units.formatNumber(0.1 + 0.2) == "0.3")
    }

    @Test("mass and volume convert through the food's density: a cup of flour is 125 g, of sugar 200 g")
    func densityConvertsBetweenMassAndVolume() throws {
        let cup = Units.unit("cups")
        let gram = Units.unit("g")
        let kilo = Units.unit("kg")
        let tbsp = Units.unit("Tbsp")
        #expect(Units.convert(1, from: cup, to: gram, food: "Flour") == 125)
        #expect(Units.convert(2, from: cup, to: kilo, food: "all-purpose flour") == 0.25)
        #expect(Units.convert(250, from: gram, to: cup, food: "sugar") == 1.25)
        // 1 tbsp = 14.78676478125 ml; honey 340 g a cup of 236.5882365 ml: 14.786… × 340 / 236.588… = 21.25 g.
        #expect(Units.convert(1, from: tbsp, to: gram, food: "Honey") == 21.25)
        // Water: 1 ml weighs 1 g.
        #expect(Units.convert(0.5, from: Units.unit("l"), to: gram, food: "water") == 500)
        #expect(Units.convert(from: cup, to: gram, food: "flours"))
        // Units of one dimension still convert whatever the food; counts never convert into mass.
        #expect(Units.convert(1, from: kilo, to: gram, food: "gravel") == 1000)
        #expect(Units.convert(1, from: Units.unit("pcs"), to: gram, food: "flour") == nil)
        // A food the table does not know, or a dish that only ends in a known food's name, does not convert.
        #expect(Units.convert(1, from: cup, to: gram, food: "canned tomatoes") == nil)
        #expect(Units.convert(1, from: cup, to: gram, food: "flour tortillas") == nil)
        #expect(!Units.convert(from: cup, to: gram, food: "chocolate chips"))
        #expect(FoodDensity.gramsPerMillilitre("whole milk") == 245 / 236.5882365)
        #expect(FoodDensity.gramsPerMillilitre("milk") == 245 / 236.5882365)
    }
}
