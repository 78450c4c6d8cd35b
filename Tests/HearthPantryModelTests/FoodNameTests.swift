import HearthPantryModel
import Testing

@Suite struct FoodNameTests {
    @Test(arguments: [
        ("Tomatoes", "tomato"), ("EGGS", "egg"), (" egg ", "Egg"), ("Berries", "berry"), ("Cherries", "cherry"),
        ("Cookies", "cookie"), ("Pies", "pie"), ("Peaches", "peach"), ("Boxes", "box"), ("Potatoes", "potato"),
        ("Jalapeños", "jalapeno"), ("Crème fraîche", "creme fraiche"), ("green  beans", "Green Bean"),
        ("Spring-Onions", "spring onion"), ("Cheeses", "cheese"), ("Oats", "oat"), ("Curries", "curry"),
    ])
    func sameFood(lhs: String, rhs: String) {
        #expect(FoodName.matches(lhs, rhs))
    }

    @Test(arguments: [
        ("Rice", "Rice flour"), ("Egg", "Eggplant"), ("Pea", "Peach"), ("Asparagus", "Asparagu"), ("Swiss", "Swis"),
    ])
    func differentFood(lhs: String, rhs: String) {
        #expect(!FoodName.matches(lhs, rhs))
    }

    @Test func wordsEndingInSsUsOrIsKeepTheirS() {
        #expect(FoodName.key("Hummus") == "hummus")
        #expect(FoodName.key("Cress") == "cress")
        #expect(FoodName.key("Glasses") == "glass")
    }
}
