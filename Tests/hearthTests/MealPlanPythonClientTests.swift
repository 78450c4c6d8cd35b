import Foundation
import HearthCloudModel
import HearthTestSupport
import Testing

/// The meal plan driven by Python's gql client against a live `hearth serve`, with a subscriber hearing it.
@Suite("gql plans meals, shops for them and cooks against a live hearth serve", .timeLimit(.minutes(10)))
struct MealPlanPythonClientTests {
    static let script = #"""
        import asyncio, json, sys
        from gql import Client, gql
        from gql.transport.websockets import WebsocketsTransport

        base, token = sys.argv[1], sys.argv[2]

        async def main():
            transport = WebsocketsTransport(url=base.replace("http", "ws", 1) + "/graphql", init_payload={"Authorization": "Bearer " + token})
            out = {"events": []}
            async with Client(transport=transport, fetch_schema_from_transport=True) as session:
                h = (await session.execute(gql('mutation { createHousehold(input: {name: "Plan"}) { id } }')))["createHousehold"]["id"]
                async def listen():
                    subscription = gql("subscription($h: String!) { pantryChanged(householdId: $h) { kind } }")
                    async for event in session.subscribe(subscription, variable_values={"h": h}):
                        kind = event["pantryChanged"]["kind"]
                        if kind in ("mealPlanChanged", "recipeCooked", "cookingUndone"):
                            out["events"].append(kind)
                        if kind == "cookingUndone":
                            return
                listener = asyncio.create_task(listen())
                await asyncio.sleep(0.5)
                await session.execute(gql("{ me { id } }"))
                await session.execute(gql('mutation($h: String!) { addItem(input: {householdId: $h, name: "Flour", quantity: 500, unit: "g", location: "Pantry"}) { id } }'), variable_values={"h": h})
                r = (await session.execute(gql('mutation($h: String!) { addRecipe(input: {householdId: $h, name: "Pancakes", servings: 4, ingredients: [{name: "Flour", quantity: 2, unit: "cup"}]}) { id } }'), variable_values={"h": h}))["addRecipe"]["id"]
                plan = gql("mutation($h: String!, $d: String!, $r: String!) { addMealPlanEntry(householdId: $h, day: $d, meal: dinner, recipeId: $r, servings: 6) { id servings } }")
                for day in ("2026-11-23", "2026-11-25"):
                    await session.execute(plan, variable_values={"h": h, "d": day, "r": r})
                week = {"h": h, "f": "2026-11-23", "t": "2026-11-29"}
                out["plan"] = (await session.execute(gql("query($h: String!, $f: String!, $t: String!) { mealPlan(householdId: $h, from: $f, to: $t) { day meal servings } }"), variable_values=week))["mealPlan"]
                shop = gql("mutation($h: String!, $f: String!, $t: String!) { addMissingIngredientsToShoppingList(householdId: $h, from: $f, to: $t) { name quantity unit } }")
                out["first"] = (await session.execute(shop, variable_values=week))["addMissingIngredientsToShoppingList"]
                out["second"] = (await session.execute(shop, variable_values=week))["addMissingIngredientsToShoppingList"]
                cooked = (await session.execute(gql("mutation($h: String!, $r: String!) { cookRecipe(householdId: $h, recipeId: $r) { id consumed { quantity unit } } }"), variable_values={"h": h, "r": r}))["cookRecipe"]
                out["consumed"] = cooked["consumed"]
                await session.execute(gql("mutation($c: String!) { undoCooking(id: $c) { undone } }"), variable_values={"c": cooked["id"]})
                out["items"] = (await session.execute(gql("query($h: String!) { items(householdId: $h) { quantity } }"), variable_values={"h": h}))["items"]
                await asyncio.wait_for(listener, timeout=20)
            print(json.dumps(out))

        asyncio.run(main())
        """#

    struct Run: Decodable {
        struct Entry: Decodable, Equatable {
            let day: String
            let meal: String
            let servings: Int
        }
        struct Amount: Decodable, Equatable {
            var name: String? = nil
            let quantity: Double
            let unit: String?
        }
        struct Item: Decodable, Equatable { let quantity: Double }

        let plan: [Entry]
        let first: [Amount]
        let second: [Amount]
        let consumed: [Amount]
        let items: [Item]
        let events: [String]
    }

    @Test("two meals for 6 of a recipe for 4 shop 250 g of flour once; cooking for 4 uses 250 g and undo returns it")
    func gqlMealPlan() async throws {
        guard let python = try await GraphQLPythonClientsTests.interpreter("gql, gql.transport.websockets") else {
            return
        }
        let folder = try TemporaryFolder(prefix: "hearth-meal-plan-gql")
        try await ServerProcess.running(dataDirectory: folder.url.appendingPathComponent("data")) { server in
            let session = try await server.signUpAndIn("planner@example.com")
            let run = try await ChildProcess.run(python, ["-c", Self.script, server.base, session.token])
            #expect(run.status == 0, "\(run.stderr)")
            let result = try JSONDecoder().decode(Run.self, from: Data(run.stdout.utf8))
            #expect(
                result.plan == [
                    .init(day: "2026-11-23", meal: "dinner", servings: 6),
                    .init(day: "2026-11-25", meal: "dinner", servings: 6),
                ])
            #expect(result.first == [.init(name: "Flour", quantity: 250, unit: "g")])
            #expect(result.second.isEmpty)
            #expect(result.consumed == [.init(quantity: 250, unit: "g")])
            #expect(result.items == [.init(quantity: 500)])
            #expect(result.events == ["mealPlanChanged", "mealPlanChanged", "recipeCooked", "cookingUndone"])
        }
    }
}
