import Foundation
import GraphQL
import HearthCloud
import HearthPantryModel
import Logging
import Testing

@testable import HearthPantryServer

@Suite(
    "pantryChanged: members hear every change to items, stock, recipes and the shopping list", .timeLimit(.minutes(10)))
struct PantryChangeTests {
    static let subscription =
        "subscription($h: String!) { pantryChanged(householdId: $h) { kind householdId itemId recipeId shoppingItemId bookingId byUserId item { name quantity } } }"

    static func subscribe(_ graphQL: PantryGraphQL, _ household: String, as viewer: PantryViewer?) async -> Result<
        AsyncThrowingStream<GraphQLResult, any Error>, GraphQLErrors
    > {
        await graphQL.subscribe(
            GraphQLRequest(query: subscription, variables: ["h": .string(household)]), viewer: viewer)
    }

    static func stream(_ graphQL: PantryGraphQL, _ household: String, as viewer: PantryViewer) async throws
        -> AsyncThrowingStream<GraphQLResult, any Error>
    {
        switch await subscribe(graphQL, household, as: viewer) {
        case .success(let stream): return stream
        case .failure(let errors): throw errors
        }
    }

    /// A stream that has heard everything committed before it: on PostgreSQL the process hears its own changes
    /// back through `LISTEN`, so on a busy machine a change made just before subscribing can arrive after. A
    /// sentinel change is made, and events are read until it arrives (changes are heard in commit order).
    static func settledStream(
        _ pantry: Pantry, _ household: String, as viewer: PantryViewer
    ) async throws -> AsyncThrowingStream<GraphQLResult, any Error> {
        let stream = try await Self.stream(pantry.graphQL, household, as: viewer)
        let sentinel = try await pantry.data(
            "mutation($h: String!) { addRecipe(input: {householdId: $h, name: \"Settled\", ingredients: [{name: \"Salt\", quantity: 1, unit: \"g\"}]}) { id } }",
            as: viewer, ["h": .string(household)])["addRecipe", "id"]
        for _ in 0..<100 {
            let event = try #require(try await SubscriptionTests.next(stream))
            if event.data?["pantryChanged", "recipeId"] == sentinel { return stream }
        }
        Issue.record("the sentinel change never arrived")
        return stream
    }

    /// Makes one more change as `viewer` and checks that the next event on `stream` is the one announcing it, so
    /// nothing else came before it: how a test shows that no more changes were announced, without waiting.
    static func expectNothingMore(
        on stream: AsyncThrowingStream<GraphQLResult, any Error>, _ pantry: Pantry, household: Map,
        as viewer: PantryViewer,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws {
        let sentinel = try await pantry.data(
            "mutation($h: String!) { addRecipe(input: {householdId: $h, name: \"Sentinel\", ingredients: [{name: \"Salt\", quantity: 1, unit: \"g\"}]}) { id } }",
            as: viewer, ["h": household])["addRecipe", "id"]
        let next = try #require(try await SubscriptionTests.next(stream), sourceLocation: sourceLocation)
        #expect(
            next.data?["pantryChanged", "kind"] == "recipeAdded" && next.data?["pantryChanged", "recipeId"] == sentinel,
            "a change that was not expected came first: \(String(describing: next.data))",
            sourceLocation: sourceLocation)
    }

    @Test("a member hears another member's stock booking, with the item as it is now", arguments: DatabaseKind.allCases)
    func anotherMembersBooking(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let cook = try await pantry.user("cook")
            let household = try await pantry.household("Home", owner: owner, members: [(cook, .member)])
            let (item, _) = try await pantry.stockedItem("Rice", grams: 500, in: household)
            let stream = try await Self.stream(pantry.graphQL, household.id, as: owner)
            let eaten = try await pantry.data(
                "mutation($i: String!) { consume(itemId: $i, quantity: 200) { bookings { id } } }", as: cook,
                ["i": .string(item)])
            let event = try #require(try await SubscriptionTests.next(stream))
            #expect(event.errors.isEmpty, "\(event.errors)")
            let change = event.data?["pantryChanged"]
            #expect(change?["kind"].text == "stockBooked")
            #expect(change?["householdId"].text == household.id)
            #expect(change?["itemId"].text == item)
            #expect(change?["byUserId"].text == cook.userID)
            #expect(change?["bookingId"] == eaten["consume", "bookings", 1, "id"])
            #expect(change?["item", "quantity"] == 300)
        }
    }

    @Test(
        "every item, recipe and shopping list mutation announces its change, in order", arguments: DatabaseKind.allCases
    )
    func everyMutation(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let household = try await pantry.household("Home", owner: owner)
            let stream = try await Self.stream(pantry.graphQL, household.id, as: owner)
            let h: Map = .string(household.id)
            let added = try await pantry.data(
                "mutation($h: String!) { addItem(input: {householdId: $h, name: \"Rice\", quantity: 500, unit: \"g\", location: \"Pantry\", minimumQuantity: 1000}) { id } }",
                as: owner, ["h": h])
            let item = try #require(added["addItem", "id"].text)
            let i: Map = .string(item)
            _ = try await pantry.data(
                "mutation($i: String!) { updateItem(id: $i, input: {notes: \"basmati\"}) { id } }", as: owner, ["i": i])
            let bought = try await pantry.data(
                "mutation($i: String!) { purchase(itemId: $i, quantity: 100, location: \"Pantry\") { bookings { id } } }",
                as: owner, ["i": i])
            _ = try await pantry.data(
                "mutation($b: String!) { undoBooking(id: $b) { id } }", as: owner,
                ["b": bought["purchase", "bookings", 1, "id"]])
            let recipe = try await pantry.data(
                "mutation($h: String!) { addRecipe(input: {householdId: $h, name: \"Risotto\", ingredients: [{name: \"Rice\", quantity: 700, unit: \"g\"}, {name: \"Stock\", quantity: 1, unit: \"l\"}]}) { id } }",
                as: owner, ["h": h])
            let list = try await pantry.data(
                "mutation($r: String!) { addMissingIngredients(recipeId: $r) { id name } }", as: owner,
                ["r": recipe["addRecipe", "id"]])
            _ = try await pantry.data(
                "mutation($h: String!) { addExpiringAndBelowMinimum(householdId: $h) { id } }", as: owner, ["h": h])
            let line = try #require(list["addMissingIngredients"].elements.first { $0["name"].text == "Stock" }?["id"])
            _ = try await pantry.data(
                "mutation($l: String!) { checkShoppingItem(id: $l, location: \"Pantry\") { item { id } } }", as: owner,
                ["l": line])
            _ = try await pantry.data("mutation($i: String!) { deleteItem(id: $i) { id } }", as: owner, ["i": i])

            var kinds: [String] = []
            var events: [Map] = []
            for _ in 0..<9 {
                guard let event = try await SubscriptionTests.next(stream) else { break }
                events.append(event.data?["pantryChanged"] ?? .null)
                kinds.append(event.data?["pantryChanged", "kind"].text ?? "?")
            }
            #expect(
                kinds == [
                    "itemAdded", "itemUpdated", "stockBooked", "bookingUndone", "recipeAdded", "shoppingListChanged",
                    "shoppingListChanged",
                    "shoppingItemChecked", "itemDeleted",
                ], "\(kinds)")
            #expect(events.first?["item", "name"].text == "Rice")
            #expect(events.last?["item"] == .null, "a deleted item is not sent")
            #expect(events.count == 9)
            // And nothing more came after the ninth.
            try await Self.expectNothingMore(on: stream, pantry, household: h, as: owner)
            #expect(events.allSatisfy { $0["byUserId"].text == owner.userID })
            #expect(events.first { $0["kind"].text == "shoppingItemChecked" }?["shoppingItemId"] == line)
            #expect(events.first { $0["kind"].text == "recipeAdded" }?["recipeId"] == recipe["addRecipe", "id"])
        }
    }

    @Test(
        "editing and deleting recipes and shopping lines announce their changes, naming what changed",
        arguments: DatabaseKind.allCases)
    func kitchenEdits(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let cook = try await pantry.user("cook")
            let household = try await pantry.household("Home", owner: owner, members: [(cook, .member)])
            let h: Map = .string(household.id)
            let recipe = try await pantry.data(
                "mutation($h: String!) { addRecipe(input: {householdId: $h, name: \"Soup\", ingredients: [{name: \"Leek\", quantity: 2, unit: \"\"}]}) { id } }",
                as: owner, ["h": h])["addRecipe", "id"]
            let milk = try await pantry.data(
                KitchenEditingSliceTests.add, as: owner, ["h": h, "name": "Milk", "q": 1, "unit": "l"])[
                    "addShoppingItem", "id"]
            let eggs = try await pantry.data(
                KitchenEditingSliceTests.add, as: owner, ["h": h, "name": "Eggs", "q": 6])["addShoppingItem", "id"]
            let stream = try await Self.settledStream(pantry, household.id, as: owner)

            _ = try await pantry.data(
                KitchenEditingSliceTests.updateRecipe, as: cook,
                [
                    "id": recipe,
                    "input": ["name": "Leek soup", "ingredients": [["name": "Leek", "quantity": 3, "unit": ""]]],
                ])
            _ = try await pantry.data(KitchenEditingSliceTests.update, as: cook, ["id": milk, "q": 2])
            _ = try await pantry.data("mutation($id: String!) { deleteShoppingItem(id: $id) }", as: cook, ["id": milk])
            _ = try await pantry.data(
                "mutation($l: String!) { checkShoppingItem(id: $l, location: \"Fridge\") { item { id } } }", as: cook,
                ["l": eggs])
            _ = try await pantry.data(
                "mutation($h: String!) { clearCheckedShoppingItems(householdId: $h) }", as: cook, ["h": h])
            _ = try await pantry.data("mutation($id: String!) { deleteRecipe(id: $id) }", as: cook, ["id": recipe])

            var events: [Map] = []
            for _ in 0..<6 {
                guard let event = try await SubscriptionTests.next(stream) else { break }
                #expect(event.errors.isEmpty, "\(event.errors)")
                events.append(event.data?["pantryChanged"] ?? .null)
            }
            #expect(
                events.map { $0["kind"].text ?? "?" } == [
                    "recipeUpdated", "shoppingListChanged", "shoppingListChanged", "shoppingItemChecked",
                    "shoppingListChanged", "recipeDeleted",
                ])
            #expect(events.allSatisfy { $0["byUserId"].text == cook.userID && $0["householdId"] == h })
            #expect(events[0]["recipeId"] == recipe)
            #expect(events[1]["shoppingItemId"] == milk)
            #expect(events[2]["shoppingItemId"] == milk)
            #expect(events[3]["shoppingItemId"] == eggs)
            #expect(events[5]["recipeId"] == recipe)
            try await Self.expectNothingMore(on: stream, pantry, household: h, as: owner)
        }
    }

    @Test("only members may subscribe: NOT_FOUND for an outsider (as for no household), UNAUTHENTICATED signed out")
    func whoMaySubscribe() async throws {
        _ = try await withPantry(.sqlite) { pantry in
            let owner = try await pantry.user("owner")
            let outsider = try await pantry.user("outsider")
            let household = try await pantry.household("Home", owner: owner)
            for (viewer, code) in [(outsider, "NOT_FOUND"), (nil, "UNAUTHENTICATED")] as [(PantryViewer?, String)] {
                guard case .failure(let errors) = await Self.subscribe(pantry.graphQL, household.id, as: viewer) else {
                    Issue.record("\(code): the subscription was accepted")
                    continue
                }
                #expect(errors.errors.first?.extensions["code"] == .string(code))
            }
            guard case .failure(let errors) = await Self.subscribe(pantry.graphQL, "no-such-household", as: owner)
            else {
                Issue.record("a subscription to no household was accepted")
                return
            }
            #expect(errors.errors.first?.extensions["code"] == "NOT_FOUND")
        }
    }

    @Test("a member who is removed stops hearing of the pantry; a refused mutation announces nothing")
    func removedAndRefused() async throws {
        _ = try await withPantry(.sqlite) { pantry in
            let owner = try await pantry.user("owner")
            let guest = try await pantry.user("guest")
            let household = try await pantry.household("Home", owner: owner, members: [(guest, .member)])
            let (item, _) = try await pantry.stockedItem("Rice", grams: 500, in: household)
            let ownerStream = try await Self.stream(pantry.graphQL, household.id, as: owner)
            let refused = await pantry.run(
                "mutation($i: String!) { consume(itemId: $i, quantity: 900) { id } }", as: owner, ["i": .string(item)])
            #expect(refused.codes == ["BAD_USER_INPUT"])
            let guestStream = try await Self.stream(pantry.graphQL, household.id, as: guest)
            let guestMember = try #require(household.member(userId: guest.userID))
            _ = try await pantry.data(
                "mutation($m: String!) { removeMember(memberId: $m) }", as: owner, ["m": .string(guestMember.id)])
            _ = try await pantry.data(
                "mutation($i: String!) { consume(itemId: $i, quantity: 100) { id } }", as: owner, ["i": .string(item)])
            // The owner's first event is the booking that went through, not the refused one.
            let first = try #require(try await SubscriptionTests.next(ownerStream))
            #expect(first.data?["pantryChanged", "item", "quantity"] == 400)
            // The removed member's stream ends without the booking.
            #expect(try await SubscriptionTests.next(guestStream) == nil)
        }
    }

    @Test("on PostgreSQL, a booking made through another server process reaches the subscriber")
    func acrossProcesses() async throws {
        _ = try await withPantry(.postgres) { pantry in
            let (url, schema) = try #require(pantry.postgres)
            var logger = Logger(label: "hearth.pantry.test.other")
            logger.logLevel = .critical
            let other = try SQLRecordStore.postgres(
                url: url, schema: schema, maximumConnections: 2, leaseTimeout: .seconds(30), logger: logger)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await other.run() }
                defer { group.cancelAll() }
                let otherGraphQL = try PantryGraphQL(on: other, logger: logger)
                let owner = try await pantry.user("owner")
                let cook = try await pantry.user("cook")
                let household = try await pantry.household("Home", owner: owner, members: [(cook, .member)])
                let (item, _) = try await pantry.stockedItem("Rice", grams: 500, in: household)
                let stream = try await Self.stream(pantry.graphQL, household.id, as: owner)
                let eaten = await otherGraphQL.execute(
                    GraphQLRequest(
                        query: "mutation($i: String!) { consume(itemId: $i, quantity: 120) { id } }",
                        variables: ["i": .string(item)]), viewer: cook)
                #expect(eaten.errors.isEmpty, "\(eaten.errors)")
                let event = try #require(try await SubscriptionTests.next(stream))
                #expect(event.data?["pantryChanged", "kind"].text == "stockBooked")
                #expect(event.data?["pantryChanged", "byUserId"].text == cook.userID)
                #expect(event.data?["pantryChanged", "item", "quantity"] == 380)
            }
        }
    }
}
