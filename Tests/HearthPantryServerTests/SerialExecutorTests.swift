import Foundation
import GraphQL
import HearthCore
import HearthPantryModel
import Testing

@testable import HearthPantryServer

@Suite("The serial executor answers every query as GraphQL's executor does, and leaves the rest to it")
struct SerialExecutorTests {
    /// A household with an admin, stocked items with bookings, recipes, a shopping list and an invite.
    static func seeded(_ pantry: Pantry) async throws -> (
        owner: PantryViewer, admin: PantryViewer, household: Household, item: String
    ) {
        let owner = try await pantry.user("owner")
        let admin = try await pantry.user("admin")
        let household = try await pantry.household("Home", owner: owner, members: [(admin, .admin)])
        let flour = try await pantry.stockedItem("Flour", grams: 1000, in: household)
        _ = try await pantry.stockedItem("Sugar", grams: 50, in: household, expiring: CalendarDay(iso: "2020-01-01"))
        _ = try await pantry.stockedItem("Salt", grams: 0, in: household, expiring: nil)
        _ = try await pantry.invite(to: household)
        for (name, ingredients) in [
            (
                "Pancakes",
                [RecipeSliceTests.ingredient("flour", 0.25, "kg"), RecipeSliceTests.ingredient("Sugar", 100, "g")]
            ),
            ("Omelette", [RecipeSliceTests.ingredient("Eggs", 3, "")]),
        ] {
            let recipe = try await pantry.data(
                RecipeSliceTests.addRecipe, as: owner,
                [
                    "h": .string(household.id), "name": .string(name), "ingredients": .array(ingredients),
                ])["addRecipe", "id"].text
            _ = try await pantry.data(
                "mutation($r: String!) { addMissingIngredients(recipeId: $r) { id } }", as: owner,
                ["r": .string(recipe ?? "")])
        }
        return (owner, admin, household, flour.item)
    }

    /// The queries compared: every query field, nested lists, fragments, aliases, `@include`/`@skip`, literals,
    /// defaults and `__typename`.
    static func queries(household: String, item: String) -> [(String, [String: Map])] {
        let h: [String: Map] = ["id": .string(household)]
        return [
            (HouseholdsQuery.document, [:]),
            (HouseholdQuery.document, h),
            (ItemsQuery.document, h),
            (ExpiringItemsQuery.document, ["id": .string(household), "days": 5]),
            (ItemQuery.document, ["id": .string(item)]),
            (RecipesQuery.document, h),
            (CookableRecipesQuery.document, ["id": .string(household), "servings": 4]),
            (CookableRecipesQuery.document, h),
            (ShoppingListQuery.document, h),
            (MeQuery.document, [:]),
            (SearchUsersQuery.document, ["text": "ad"]),
            (
                """
                query Everything($id: String!, $withBookings: Boolean = true, $hideInvites: Boolean!) {
                  households { ...Home __typename invites @skip(if: $hideInvites) { code expiresAt } }
                  first: items(householdId: $id) { id statuses bookings @include(if: $withBookings) { id kind quantity } }
                  later: items(householdId: $id, expiringWithinDays: 30) { name ... on PantryItem { unit __typename } }
                  cookableRecipes(householdId: $id, servings: 2) { coverage canCook missing { ingredient { name } missing status } }
                  me { id ... { email } }
                }
                fragment Home on Household { id name members { id role user { id email displayName } } memberCount }
                """, ["id": .string(household), "hideInvites": false]
            ),
        ]
    }

    /// `value` as JSON with sorted keys.
    static func sorted(_ value: Map) throws -> String {
        let encoder = GraphQLJSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("answers equal GraphQL's executor's, as data and as JSON", arguments: DatabaseKind.allCases)
    func sameAnswers(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let (owner, admin, household, item) = try await Self.seeded(pantry)
            for viewer in [owner, admin] {
                for (query, variables) in Self.queries(household: household.id, item: item) {
                    let document = try parse(source: Source(body: query))
                    let expected = try await GraphQL.execute(
                        schema: pantry.graphQL.graphQLSchema, documentAST: document, rootValue: pantry.graphQL.resolver,
                        context: PantryContext(viewer: viewer, store: pantry.store), variableValues: variables)
                    #expect(expected.errors.isEmpty, "\(query): \(expected.errors.map(\.message))")
                    let answer = try await pantry.graphQL.serial.answer(
                        document, operationName: nil, variables: variables, rootValue: pantry.graphQL.resolver,
                        context: PantryContext(viewer: viewer, store: pantry.store))
                    // The bytes on the wire: the direct writer's JSON reads back as GraphQL's encoding of its own
                    // answer. (A permission rule's conditions are an unordered dictionary, so keys are compared sorted.)
                    let written = try GraphQLResponseBody.encode(GraphQLResult(data: answer))
                    let encoded = try GraphQLJSONEncoder().encode(expected)
                    let reread = try #require(try JSONSerialization.jsonObject(with: written) as? NSDictionary)
                    #expect(reread == (try JSONSerialization.jsonObject(with: encoded) as? NSDictionary), "\(query)")
                    #expect(try Self.sorted(answer) == Self.sorted(expected.data ?? .null), "\(query)")
                }
            }
        }
    }

    @Test("run one field at a time, a nested households query costs no more statements than under GraphQL's executor")
    func batching() async throws {
        _ = try await withPantry(.sqlite) { pantry in
            let owner = try await pantry.user("owner")
            for index in 0..<6 {
                let household = try await pantry.household("Home \(index)", owner: owner)
                for food in 0..<5 { _ = try await pantry.stockedItem("Food \(food)", grams: 10, in: household) }
            }
            let document = try parse(
                source: Source(
                    body:
                        "{ households { id members { id user { email } } items { id bookings { id } } invites { code } } }"
                ))
            var before = pantry.statements
            let expected = try await GraphQL.execute(
                schema: pantry.graphQL.graphQLSchema, documentAST: document, rootValue: pantry.graphQL.resolver,
                context: PantryContext(viewer: owner, store: pantry.store))
            let concurrentCost = pantry.statements - before
            before = pantry.statements
            let answer = try await pantry.graphQL.serial.answer(
                document, operationName: nil, variables: [:], rootValue: pantry.graphQL.resolver,
                context: PantryContext(viewer: owner, store: pantry.store))
            let serialCost = pantry.statements - before
            #expect(answer == expected.data)
            #expect(answer["households"].elements.count == 6)
            #expect(answer["households", 5, "items"].elements.count == 5)
            #expect(
                serialCost <= concurrentCost,
                "\(serialCost) statements one field at a time, \(concurrentCost) concurrently")
            #expect(serialCost < 6 * 5, "\(serialCost) statements: one per item or household")
        }
    }

    @Test("subscriptions, mutations, introspection, input objects and failing resolvers are left to GraphQL's executor")
    func declines() async throws {
        _ = try await withPantry(.sqlite) { pantry in
            let (owner, _, household, _) = try await Self.seeded(pantry)
            let stranger = try await pantry.user("stranger")
            let declined: [(String, [String: Map], PantryViewer?)] = [
                ("{ __schema { queryType { name } } }", [:], owner),
                ("{ __type(name: \"Household\") { name } }", [:], owner),
                ("mutation { createHousehold(input: {name: \"Cabin\"}) { id } }", [:], owner),
                (
                    "subscription($id: String!) { pantryChanged(householdId: $id) { kind } }",
                    ["id": .string(household.id)], owner
                ),
                ("query($id: String!) { household(id: $id) { id } }", ["id": .string(household.id)], stranger),
                ("query($id: String!) { household(id: $id) { id } }", ["id": .string(household.id)], nil),
                ("query($id: String!) { household(id: $id) { id } }", [:], owner),
            ]
            for (query, variables, viewer) in declined {
                let document = try parse(source: Source(body: query))
                await #expect(throws: (any Error).self, "\(query)") {
                    try await pantry.graphQL.serial.answer(
                        document, operationName: nil, variables: variables, rootValue: pantry.graphQL.resolver,
                        context: PantryContext(viewer: viewer, store: pantry.store))
                }
            }
            // Through the service, the same operations still get GraphQL's answers and errors.
            let refused = await pantry.run(
                "query($id: String!) { household(id: $id) { id } }", as: stranger, ["id": .string(household.id)])
            #expect(refused.codes == ["NOT_FOUND"])
            #expect(refused.errors.first?.path.elements.isEmpty == false)
            let signedOut = await pantry.run(
                "query($id: String!) { household(id: $id) { id } }", as: nil, ["id": .string(household.id)])
            #expect(signedOut.codes == ["UNAUTHENTICATED"])
            let introspected = try await pantry.data("{ __type(name: \"Household\") { name } }", as: owner)
            #expect(introspected["__type", "name"].text == "Household")
        }
    }

    @Test(
        "a fragment spread again among the same selections is planned once: a spread bomb plans in time linear in the document",
        .timeLimit(.minutes(2)))
    func repeatedSpreadsPlanOnce() async throws {
        _ = try await withPantry(.sqlite) { pantry in
            let owner = try await pantry.user("owner")
            _ = try await pantry.household("Home", owner: owner)
            // The limits refuse this by its cost (4^12 spreads); the planner, given it anyway, expands each fragment
            // once per selection set, as GraphQL's field collection does, and answers at once.
            var text = "{ households { ...F0 } }\n"
            for level in 0..<12 {
                text +=
                    "fragment F\(level) on Household { name " + String(repeating: "...F\(level + 1) ", count: 4) + "}\n"
            }
            text += "fragment F12 on Household { id members { id } }"
            let document = try parse(source: Source(body: text))
            let answer = try await pantry.graphQL.serial.answer(
                document, operationName: nil, variables: [:], rootValue: pantry.graphQL.resolver,
                context: PantryContext(viewer: owner, store: pantry.store))
            let expected = try await GraphQL.execute(
                schema: pantry.graphQL.graphQLSchema, documentAST: document, rootValue: pantry.graphQL.resolver,
                context: PantryContext(viewer: owner, store: pantry.store))
            #expect(answer == expected.data)
            #expect(answer["households", 0, "name"].text == "Home")
            #expect(answer["households", 0, "members"].elements.count == 1)
        }
    }

    @Test("plain fields are read from their key paths, and a field declared twice with different key paths is not")
    func keyPathFields() throws {
        let (_, keyPaths) = try PantrySchema.make()
        let item = PantryItem(
            id: "i1", householdId: "h1", name: "Flour", quantity: 2, unit: "kg", category: .pantry, addedBy: "u1",
            createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
        let name = try #require(keyPaths.reader(ObjectIdentifier(PantryItem.self), "name"))
        #expect(name(item) as? String == "Flour")
        let quantity = try #require(keyPaths.reader(ObjectIdentifier(PantryItem.self), "quantity"))
        #expect(quantity(item) as? Double == 2)
        // Fields with arguments or resolvers of their own are not key paths.
        #expect(keyPaths.reader(ObjectIdentifier(PantryItem.self), "bookings") == nil)
        #expect(keyPaths.reader(ObjectIdentifier(Household.self), "items") == nil)

        let recorder = KeyPathFields.Recorder()
        KeyPathFields.Recorder.$current.withValue(recorder) {
            _ = KeyField("label", at: \PantryItem.name)
            _ = KeyField("label", at: \PantryItem.unit)
            _ = KeyField("id", at: \PantryItem.id)
            _ = KeyField("id", at: \PantryItem.id)
        }
        #expect(recorder.fields.reader(ObjectIdentifier(PantryItem.self), "label") == nil)
        #expect(recorder.fields.reader(ObjectIdentifier(PantryItem.self), "id") != nil)
    }
}
