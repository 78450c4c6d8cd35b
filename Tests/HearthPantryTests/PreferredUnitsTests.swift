import HearthPantry
import HearthPantryModel
import Testing

@Suite("PreferredUnits: quantities in the user's measurement system")
struct PreferredUnitsTests {
    @Test("metric and imperial ladders; spoons, counts and other units stay as stored")
    func ladders() {
        #expect(PreferredUnits.format(200, "g", in: .imperial) == "7.05 oz")
        #expect(PreferredUnits.format(500, "g", in: .imperial) == "1.1 lb")
        #expect(PreferredUnits.format(1, "kg", in: .imperial) == "2.2 lb")
        #expect(PreferredUnits.format(2, "lb", in: .metric) == "907.18 g")
        #expect(PreferredUnits.format(3, "lb", in: .metric) == "1.36 kg")
        #expect(PreferredUnits.format(250, "ml", in: .imperial) == "8.45 fl oz")
        #expect(PreferredUnits.format(2, "l", in: .imperial) == "2.11 quart")
        #expect(PreferredUnits.format(5, "l", in: .imperial) == "1.32 gallon")
        #expect(PreferredUnits.format(2, "cup", in: .metric) == "473.18 ml")
        #expect(PreferredUnits.format(1500, "ml", in: .metric) == "1.5 l")
        #expect(PreferredUnits.format(2, "tbsp", in: .metric) == "2 tbsp")
        #expect(PreferredUnits.format(3, "pcs", in: .imperial) == "3 pieces")
        #expect(PreferredUnits.format(2, "cans", in: .imperial) == "2 can")
    }
}
