import Foundation
import HearthCore
import HearthPantryModel
import Testing

/// Grouping a shopping list by a store's sections, checked by hand.
@Suite struct ShoppingSectionsTests {
    static func stocked(_ name: String, _ category: ItemCategory) -> PantryItem {
        PantryItem(
            id: name.lowercased(), householdId: "h1", name: name, quantity: 1, unit: "", category: category,
            addedBy: "ada", createdAt: now, updatedAt: now)
    }

    static func entry(_ id: String, _ name: String, checked: Bool = false, section: StoreSection? = nil)
        -> ShoppingListItem
    {
        ShoppingListItem(
            id: id, householdId: "h1", name: name, quantity: 1, unit: "piece", checked: checked, section: section)
    }

    let stock = [
        stocked("Apples", .produce), stocked("Milk", .dairy), stocked("Peas", .frozen), stocked("Rice", .pantry),
        stocked("Candles", .other),
    ]
    // In the order they were added.
    let lines = [
        entry("1", "milk"), entry("2", "Bread", section: .bakery), entry("3", "Apples", checked: true),
        entry("4", "Peas"), entry("5", "Candles"), entry("6", "Sponges", section: .household), entry("7", "Apple"),
        entry("8", "Rice"), entry("9", "Saffron"), entry("10", "Milk", checked: true),
    ]

    @Test func groupsInTheStoresOrderThenTheUsualOrderThenUnsectionedThenChecked() {
        let groups = ShoppingSections.group(lines, stock: stock, order: [.frozen, .dairy, .produce])
        #expect(
            groups.map(\.title) == ["Frozen", "Dairy", "Produce", "Bakery", "Pantry", "Household", "Other", "Checked"])
        #expect(
            groups.map { $0.lines.map(\.id) } == [["4"], ["1"], ["7"], ["2"], ["8"], ["6"], ["5", "9"], ["3", "10"]])
        #expect(groups.last?.checked == true && groups.last?.section == nil)
        #expect(groups[6].section == nil && !groups[6].checked)
    }

    @Test func withoutAStoreTheUsualOrderHolds() {
        let groups = ShoppingSections.group(lines, stock: stock, order: [])
        #expect(groups.map(\.section) == [.produce, .bakery, .dairy, .frozen, .pantry, .household, nil, nil])
    }

    @Test func aSectionSetOnTheLineWinsOverItsFoodsCategory() {
        let groups = ShoppingSections.group(
            [Self.entry("1", "Milk", section: .beverages)], stock: stock, order: [.dairy, .beverages])
        #expect(groups.map(\.section) == [.beverages])
    }

    @Test func anEmptyListHasNoGroups() {
        #expect(ShoppingSections.group([], stock: stock, order: [.dairy]).isEmpty)
    }

    @Test func aSectionOrderNamesEachSectionOnce() throws {
        #expect(try ShoppingSections.validated([.dairy, .produce]) == [.dairy, .produce])
        expectError(
            .validationFailed,
            "sectionOrder names dairy, produce more than once; give each section at most once."
        ) { _ = try ShoppingSections.validated([.dairy, .produce, .dairy, .produce, .dairy]) }
    }

    @Test func namesAreTrimmedAndBounded() throws {
        #expect(try ShoppingSections.validatedName("  Weekly shop ", "Shopping list name") == "Weekly shop")
        expectError(.validationFailed, "Shopping list name cannot be empty") {
            _ = try ShoppingSections.validatedName(" \t ", "Shopping list name")
        }
        expectError(.validationFailed, "Store name is 81 characters long; use at most 80.") {
            _ = try ShoppingSections.validatedName(String(repeating: "x", count: 81), "Store name")
        }
        expectError(.validationFailed) { _ = try ShoppingSections.validatedName("Two\nlines", "Store name") }
        #expect(ShoppingSections.nameKey("Weekly SHOP") == ShoppingSections.nameKey("weekly shop"))
    }

    @Test func sectionsAreReadByNameInAnyCase() {
        #expect(StoreSection(named: " Frozen ") == .frozen)
        #expect(StoreSection(named: "aisle 9") == nil)
        #expect(StoreSection(category: .other) == nil && StoreSection(category: .beverages) == .beverages)
    }
}
