import Foundation
import HearthCore
import HearthPantryModel
import Testing

func roundTrip<T: Codable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    #expect(try decoder.decode(T.self, from: encoder.encode(value)) == value, sourceLocation: sourceLocation)
}

func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(type, from: Data(json.utf8))
}

func json(_ value: some Encodable) throws -> [String: Any] {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    return try #require(try JSONSerialization.jsonObject(with: encoder.encode(value)) as? [String: Any])
}

@Suite struct ModelTests {
    @Test func rolesSortOwnerFirstAndOwnerAndAdminManage() {
        #expect(MemberRole.allCases.map(\.sortOrder) == [0, 1, 2])
        #expect([MemberRole.member, .owner, .admin].sorted() == [.owner, .admin, .member])
        #expect(MemberRole.allCases.map(\.canManage) == [true, true, false])
        #expect(MemberRole.admin.displayName == "Admin")
        #expect(MemberRole.allCases.map(\.rawValue) == ["owner", "admin", "member"])
    }

    @Test func categoriesAndDifficulties() {
        #expect(
            ItemCategory.allCases.map(\.rawValue) == [
                "produce", "dairy", "meat", "pantry", "frozen", "beverages", "other",
            ])
        #expect(ItemCategory.beverages.displayName == "Beverages")
        #expect(Difficulty.allCases.map(\.rawValue) == ["easy", "medium", "hard"])
    }

    @Test func modelsRoundTripThroughJSON() throws {
        let household = try smiths()
        try roundTrip(household)
        try roundTrip(
            InviteCode(
                code: "ABCD-2345", householdId: "h1", createdBy: "ada", createdAt: now, expiresAt: now, revokedAt: now))
        try roundTrip(item("Milk", 1.5, "l", expires: day(2025, 3, 12), minimum: 1, kind: .bestBefore))
        try roundTrip(
            Recipe(
                id: "r", householdId: "h1", name: "Soup", description: "Warm", ingredients: [ing("Onion", 2, "pcs")],
                instructions: ["Chop", "Boil"], prepTime: 10, cookTime: 20, servings: 4, difficulty: .medium,
                tags: ["vegan"]))
        try roundTrip(line("Eggs", 6, "piece", id: "l1", checked: true, note: "free range", recipeId: "r"))
        try roundTrip(
            StockState(
                itemId: "rice", unit: "kg",
                lots: [
                    StockState.Lot(
                        sourceId: "b1", location: "Pantry", amount: 2, opened: 1, bestBefore: day(2025, 5, 1))
                ]))
        for kind: StockBooking.Kind in [
            .purchase, .consume(spoiled: true), .consume(spoiled: false), .open,
            .transfer(from: "Pantry", to: "Fridge"), .correctInventory,
        ] {
            try roundTrip(booking("b", kind, 1, at: "Pantry", due: day(2025, 5, 1), reverses: "a"))
        }
        let user = User(
            id: "ada", firstName: "Ada", lastName: "Smith", createdAt: now, updatedAt: now, email: "ada@example.com",
            primaryHouseholdId: "h1",
            permissions: UserPermissions(
                rules: [
                    .object([
                        "action": .string("manage"), "subject": .string("Household"),
                        "conditions": .object(["id": .string("h1")]), "inverted": .bool(false),
                    ])
                ],
                version: "3"),
            preferences: UserPreferences(theme: .dark, app: UserPreferences.AppSettings(defaultView: .shoppingList)))
        try roundTrip(user)
    }

    @Test func bookingsEncodeFlat() throws {
        let transfer = try json(booking("b", .transfer(from: "Pantry", to: "Fridge"), 1))
        #expect(transfer["kind"] as? String == "transfer")
        #expect(transfer["fromLocation"] as? String == "Pantry" && transfer["toLocation"] as? String == "Fridge")
        let spoiled = try json(booking("b", .consume(spoiled: true), 1))
        #expect(spoiled["kind"] as? String == "consume" && spoiled["spoiled"] as? Bool == true)
        #expect(try json(booking("b", .correctInventory, -1))["kind"] as? String == "correct_inventory")
        let error = #expect(throws: DecodingError.self) {
            _ = try decode(
                StockBooking.self,
                #"{"id":"b","itemId":"i","householdId":"h","kind":"eat","quantity":1,"createdAt":"2025-03-10T09:00:00Z","createdBy":"ada"}"#
            )
        }
        #expect("\(String(describing: error))".contains("use purchase, consume, open, transfer or correct_inventory"))
    }

    @Test func itemsDecodeWithoutTheOptionalFields() throws {
        let milk = try decode(
            PantryItem.self,
            #"""
            {"id":"m","householdId":"h1","name":"Milk","quantity":1,"unit":"l","addedBy":"ada",
             "createdAt":"2025-03-10T09:00:00Z","updatedAt":"2025-03-10T09:00:00Z","expirationDate":"2025-03-12"}
            """#)
        #expect(milk.category == .other && milk.dueDateKind == .expiration && milk.minimumQuantity == nil)
        #expect(milk.expirationDate == day(2025, 3, 12) && milk.location == nil)
    }

    @Test func preferencesHaveTheAppDefaults() {
        let preferences = UserPreferences()
        #expect(preferences.theme == .system && preferences.lastSelectedHouseholdId == nil)
        let n = preferences.notifications
        #expect(
            [n.expirationReminders, n.shoppingListUpdates, n.householdInvitations, n.pushNotifications] == [
                true, true, true, true,
            ])
        #expect(n.emailNotifications == false)
        let app = preferences.app
        #expect(app.defaultView == .pantry && app.sort == .alphabetical && app.measurementUnit == .metric)
        #expect(app.language == "en" && app.autoSync)
        #expect(
            UserPreferences.AppSettings.DefaultView.allCases.map(\.rawValue) == [
                "pantry", "shopping_list", "recipes", "household",
            ])
        #expect(
            UserPreferences.AppSettings.Sort.allCases.map(\.rawValue) == [
                "alphabetical", "date_added", "expiration_date", "category",
            ])
    }

    @Test func preferencesSavedByAnOlderVersionFillInTheRest() throws {
        let preferences = try decode(
            UserPreferences.self,
            #"{"theme":"light","notifications":{"emailNotifications":true},"app":{"sort":"category"}}"#)
        #expect(preferences.theme == .light)
        #expect(preferences.notifications == UserPreferences.Notifications(emailNotifications: true))
        #expect(preferences.app == UserPreferences.AppSettings(sort: .category))
        #expect(try decode(UserPreferences.self, "{}") == UserPreferences())
    }

    @Test func rawJSONKeepsWhatArrived() throws {
        let text =
            #"[{"action":"read","subject":"Pantry","fields":["name"],"conditions":{"household_id":"h1","n":2.5},"inverted":true,"reason":null}]"#
        let rules = try decode([RawJSON].self, text)
        #expect(
            rules == [
                .object([
                    "action": .string("read"), "subject": .string("Pantry"), "fields": .array([.string("name")]),
                    "conditions": .object(["household_id": .string("h1"), "n": .double(2.5)]),
                    "inverted": .bool(true), "reason": .null,
                ])
            ])
        let again = try JSONDecoder().decode([RawJSON].self, from: JSONEncoder().encode(rules))
        #expect(again == rules)
    }

    @Test func usersAreShownByTheirBestName() {
        func user(_ first: String, _ last: String, display: String? = nil, email: String? = nil) -> User {
            User(
                id: "u1", firstName: first, lastName: last, createdAt: now, updatedAt: now, email: email,
                displayName: display)
        }
        #expect(user("Ada", "Smith").name == "Ada Smith")
        #expect(user("Ada", "Smith", display: "Mum").name == "Mum")
        #expect(user("Ada", " ", display: " ").name == "Ada")
        #expect(user("", "", email: "a@example.com").name == "a@example.com")
        #expect(user("", "").name == "u1")
    }

    @Test func recipesScaleAndAddUpTheirTimes() {
        let soup = Recipe(
            id: "r", householdId: "h1", name: "Soup", ingredients: [ing("Water", 1, "l"), ing("Salt", 3, "g")],
            prepTime: 10, cookTime: nil, servings: 4)
        #expect(soup.totalTime == 10)
        #expect(Recipe(id: "r", householdId: "h1", name: "Soup", ingredients: []).totalTime == nil)
        #expect(soup.ingredients(forServings: 6).map(\.quantity) == [1.5, 4.5])
        #expect(soup.ingredients(forServings: 3).map(\.quantity) == [0.75, 2.25])
        #expect(soup.ingredients(forServings: 0) == soup.ingredients)
        #expect(soup.ingredients(forServings: nil) == soup.ingredients)
    }

    @Test func householdsCountTheirMembersAndFindThem() throws {
        let household = try smiths()
        #expect(household.member(userId: "bo")?.role == .admin)
        #expect(household.member(userId: "eve") == nil)
        let summary = Household(
            id: "h2", name: "Beach", createdBy: "ada", createdAt: now, updatedAt: now, memberCount: 4)
        #expect(summary.members.isEmpty && summary.memberCount == 4 && summary.owner == nil)
    }
}
