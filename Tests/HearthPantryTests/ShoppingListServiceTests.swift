import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel
import Testing

@Suite(
    "ShoppingListService against a live server: adding and merging, editing, checking off into stock, clearing",
    .timeLimit(.minutes(10)))
struct ShoppingListServiceTests {
    @Test("lines merge by food and unit, edits and deletes apply, and checking off books the purchase into stock")
    func shopping() async throws {
        try await withLiveServer { server in
            let services = try await server.signedUpClient()
            let home = try await services.households().createHousehold(name: "Home", description: nil)
            let flour = try await services.pantry().addItem(
                householdId: home.id, name: "Flour", quantity: 100, unit: "g", category: .pantry, expirationDate: nil,
                location: "Pantry", notes: nil)
            let today = CalendarDay(Date(), in: TimeZone(identifier: "UTC")!)
            _ = try await services.pantry().addItem(
                householdId: home.id, name: "Yoghurt", quantity: 2, unit: "pcs", category: .dairy,
                expirationDate: today.adding(days: 2), location: "Fridge", notes: nil)
            let shopping = try services.shoppingList()

            let milk = try await shopping.add(
                householdId: home.id, name: "  Milk ", quantity: 1, unit: " l ", note: " semi-skimmed ")
            #expect(milk.name == "Milk" && milk.unit == "l" && milk.note == "semi-skimmed")
            let more = try await shopping.add(householdId: home.id, name: "milk", quantity: 500, unit: "ml", note: nil)
            #expect(more.id == milk.id)
            #expect(more.quantity == 1.5)
            let kilo = try await shopping.add(householdId: home.id, name: "flour", quantity: 1, unit: "kg", note: nil)
            let edited = try await shopping.update(lineId: milk.id, quantity: 2, unit: nil, note: "")
            #expect(edited.quantity == 2 && edited.note == nil)

            let restocked = try await shopping.addExpiringAndBelowMinimum(householdId: home.id, withinDays: 3)
            #expect(restocked.map(\.name) == ["Milk", "flour", "Yoghurt"])
            #expect(restocked.last?.quantity == 2)

            let checked = try await shopping.checkOff(
                lineId: kilo.id, location: " pantry ", bestBefore: CalendarDay(iso: "2030-05-01"))
            #expect(checked.line.checked)
            #expect(checked.item.id == flour.id)
            #expect(checked.item.quantity == 1100)
            #expect(checked.booking.kind == .purchase)
            #expect(checked.booking.quantity == 1000)
            #expect(checked.booking.location == "Pantry")
            let stock = try await services.pantry().items(in: home.id)
            #expect(stock.first { $0.id == flour.id }?.quantity == 1100, "the stock has the flour bought")

            try await shopping.delete(lineId: milk.id)
            #expect(try await shopping.clearChecked(householdId: home.id) == 1)
            #expect(try await shopping.list(householdId: home.id).map(\.name) == ["Yoghurt"])
            #expect(await shopping.checkHealth().isHealthy)
        }
    }

    @Test("bad names, amounts and edits are refused with messages that name them, and nothing changes")
    func refusals() async throws {
        try await withLiveServer { server in
            let services = try await server.signedUpClient()
            let home = try await services.households().createHousehold(name: "Home", description: nil)
            let shopping = try services.shoppingList()
            let noName = await serviceError {
                _ = try await shopping.add(householdId: home.id, name: "  ", quantity: 1, unit: nil, note: nil)
            }
            #expect(noName?.code == .validationFailed)
            #expect(noName?.message == "Shopping list item name cannot be empty")
            let zero = await serviceError {
                _ = try await shopping.add(householdId: home.id, name: "Tea", quantity: 0, unit: nil, note: nil)
            }
            #expect(zero?.message == "quantity must be greater than 0, not 0")
            let tea = try await shopping.add(householdId: home.id, name: "Tea", quantity: 1, unit: "box", note: nil)
            let nothing = await serviceError {
                _ = try await shopping.update(lineId: tea.id, quantity: nil, unit: nil, note: nil)
            }
            #expect(nothing?.message == "Give a quantity, unit, note or section to change.")
            let days = await serviceError {
                _ = try await shopping.addExpiringAndBelowMinimum(householdId: home.id, withinDays: -1)
            }
            #expect(days?.message == "withinDays must be 0 or more; it is -1.")

            // Tea in boxes is nowhere in stock yet, so checking it off without a location is refused by the ledger.
            let nowhere = await serviceError {
                _ = try await shopping.checkOff(lineId: tea.id, location: nil, bestBefore: nil)
            }
            #expect(nowhere?.code == .validationFailed)
            #expect(nowhere?.message == "Choose a location for the purchase: one of Pantry, Fridge, Freezer.")
            _ = try await shopping.checkOff(lineId: tea.id, location: "Pantry", bestBefore: nil)
            let checked = await serviceError {
                _ = try await shopping.update(lineId: tea.id, quantity: 2, unit: nil, note: nil)
            }
            #expect(checked?.message == "Tea is already checked off; add it to the list again to buy more.")
            let missing = await serviceError { try await shopping.delete(lineId: "no-such-line") }
            #expect(missing?.code == .notFound)
            #expect(try await shopping.list(householdId: home.id).map(\.quantity) == [1])
        }
    }
}
