import Foundation
import HearthCloudModel
import HearthPantryModel
import HearthTestSupport
import Testing

/// Python's GraphQL tools against a live `hearth serve`: graphql-core rebuilds the schema from introspection
/// and validates the operations Hearth's clients send; gql runs a query, a mutation and a subscription over
/// graphql-transport-ws.
@Suite("Python's GraphQL tools against a live hearth serve", .serialized, .timeLimit(.minutes(10)))
struct GraphQLPythonClientsTests {
    /// The interpreter, when it has the modules; otherwise skips (or fails on CI) with the reason.
    static func interpreter(_ modules: String) async throws -> URL? {
        try await VenvPython.interpreter(
            importing: modules, variable: "HEARTH_GRAPHQL_PYTHON",
            install:
                "python3 -m venv .build/venv && .build/venv/bin/pip install graphql-core==3.2.6 'gql[websockets]==4.0.0' (.ci/run does)"
        )
    }

    /// Builds the client schema from the server's introspection (signed in: strangers may not introspect) and
    /// validates operations against it.
    static let validateScript = #"""
        import json, sys, urllib.request
        from graphql import build_client_schema, get_introspection_query, parse, validate

        base, token = sys.argv[1], sys.argv[3]
        request = urllib.request.Request(base + "/graphql", data=json.dumps({"query": get_introspection_query()}).encode(),
                                         headers={"Content-Type": "application/json", "Authorization": "Bearer " + token})
        answer = json.load(urllib.request.urlopen(request))
        schema = build_client_schema(answer["data"])
        operations = json.loads(sys.argv[2])
        found = {name: [error.message for error in validate(schema, parse(text))] for name, text in operations.items()}
        print(json.dumps({"types": sorted(schema.type_map), "errors": found}))
        """#

    static let operations: [String: String] = [
        "me": "query Me { me { id email permissions { version rules } } }",
        "households":
            "query Households { households { id name description memberCount myRole members { id role joinedAt user { id email } } items { id name quantity unit category expirationDate dueDateKind minimumQuantity } invites { code expiresAt } } }",
        "household": "query Household($id: String!) { household(id: $id) { id name } }",
        "create": "mutation Create($name: String!) { createHousehold(input: {name: $name}) { id name } }",
        "update":
            "mutation Update($id: String!, $name: String!) { updateHousehold(id: $id, input: {name: $name, description: \"x\"}) { id } }",
        "delete": "mutation Delete($id: String!) { deleteHousehold(id: $id) }",
        "invite": "mutation Invite($id: String!) { createInvite(householdId: $id) { code expiresAt } }",
        "revoke": "mutation Revoke($code: String!) { revokeInvite(code: $code) }",
        "join": "mutation Join($code: String!) { joinHousehold(code: $code) { id } }",
        "role": "mutation Role($m: String!) { updateMemberRole(memberId: $m, role: admin) { id role } }",
        "remove": "mutation Remove($m: String!) { removeMember(memberId: $m) }",
        "leave": "mutation Leave($id: String!) { leaveHousehold(householdId: $id) }",
        "transfer":
            "mutation Transfer($id: String!, $m: String!) { transferOwnership(householdId: $id, memberId: $m) { id } }",
        "changed":
            "subscription Changed($id: String!) { householdChanged(id: $id) { kind householdId household { name memberCount } } }",
        "items":
            "query Items($h: String!) { items(householdId: $h, expiringWithinDays: 5) { id name quantity statuses bookings { id kind quantity location reverses } } }",
        "consume":
            "mutation Consume($i: String!, $q: Float!) { consume(itemId: $i, quantity: $q, spoiled: true) { id quantity expirationDate } }",
        "undo": "mutation Undo($b: String!) { undoBooking(id: $b) { id quantity } }",
        "cookable":
            "query Cookable($h: String!) { cookableRecipes(householdId: $h, servings: 2) { coverage canCook recipe { id name } missing { ingredient { name unit } missing status } } }",
        "missingToList":
            "mutation Missing($r: String!) { addMissingIngredients(recipeId: $r) { id name quantity unit recipeId } }",
        "check":
            "mutation Check($l: String!) { checkShoppingItem(id: $l, location: \"Pantry\") { line { checked } item { quantity } } }",
        "wrong": "query Wrong { households { nope } }",
    ]

    struct Validation: Decodable {
        let types: [String]
        let errors: [String: [String]]
    }

    @Test("graphql-core builds the schema from introspection, and the clients' operations validate against it")
    func graphQLCoreValidates() async throws {
        guard let python = try await Self.interpreter("graphql") else { return }
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await ServerProcess.running(dataDirectory: folder.appendingPathComponent("data")) { server in
            // The hand-written operations above, and every typed operation the Swift client sends.
            let all = Self.operations.merging(PantryOperations.documents.map { ("client.\($0.key)", $0.value) }) {
                first, _ in first
            }
            #expect(all.count == Self.operations.count + PantryOperations.all.count)
            let operations = String(decoding: try JSONEncoder().encode(all), as: UTF8.self)
            let session = try await server.signUpAndIn("tool@example.com")
            let run = try await ChildProcess.run(
                python, ["-c", Self.validateScript, server.base, operations, session.token])
            #expect(run.status == 0, "\(run.stderr)")
            let result = try JSONDecoder().decode(Validation.self, from: Data(run.stdout.utf8))
            #expect(
                result.types.contains("Household") && result.types.contains("HouseholdMember")
                    && result.types.contains("MemberRole")
                    && result.types.contains("StockBooking") && result.types.contains("CookableRecipe")
                    && result.types.contains("ShoppingListItem"))
            for (name, errors) in result.errors where name != "wrong" {
                #expect(errors.isEmpty, "\(name): \(errors)")
            }
            #expect(result.errors["wrong"]?.first?.contains("nope") == true)
        }
    }

    /// With gql over one graphql-transport-ws connection: a mutation, a query, and a subscription that sees two
    /// renames made while it listens.
    static let clientScript = #"""
        import asyncio, json, sys
        from gql import Client, gql
        from gql.transport.websockets import WebsocketsTransport

        base, token = sys.argv[1], sys.argv[2]

        async def main():
            transport = WebsocketsTransport(url=base.replace("http", "ws", 1) + "/graphql", init_payload={"Authorization": "Bearer " + token})
            events = []
            async with Client(transport=transport, fetch_schema_from_transport=True) as session:
                created = await session.execute(gql("mutation($n: String!) { createHousehold(input: {name: $n}) { id name } }"), variable_values={"n": "Python Flat"})
                household = created["createHousehold"]["id"]
                listed = await session.execute(gql("{ households { id name myRole } }"))
                subscription = gql("subscription($id: String!) { householdChanged(id: $id) { kind household { name } } }")
                async def listen():
                    async for event in session.subscribe(subscription, variable_values={"id": household}):
                        events.append(event["householdChanged"])
                        if len(events) == 2:
                            return
                listener = asyncio.create_task(listen())
                # The server reads one connection's messages in order: once a later query is answered, the
                # subscription sent before it is listening.
                await asyncio.sleep(0.5)
                await session.execute(gql("{ me { id } }"))
                for name in ("Renamed once", "Renamed twice"):
                    await session.execute(gql("mutation($id: String!, $n: String!) { updateHousehold(id: $id, input: {name: $n}) { id } }"), variable_values={"id": household, "n": name})
                await asyncio.wait_for(listener, timeout=20)
            print(json.dumps({"created": created["createHousehold"], "listed": listed["households"], "events": events}))

        asyncio.run(main())
        """#

    struct ClientRun: Decodable {
        struct Household: Decodable {
            let id: String
            let name: String
            let myRole: String?
        }
        struct Event: Decodable {
            struct Named: Decodable { let name: String }
            let kind: String
            let household: Named?
        }

        let created: Household
        let listed: [Household]
        let events: [Event]
    }

    @Test("gql runs a mutation, a query and a subscription over graphql-transport-ws")
    func gqlClient() async throws {
        guard let python = try await Self.interpreter("gql, gql.transport.websockets") else { return }
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await ServerProcess.running(dataDirectory: folder.appendingPathComponent("data")) { server in
            let session = try await server.signUpAndIn("gql@example.com")
            let run = try await ChildProcess.run(python, ["-c", Self.clientScript, server.base, session.token])
            #expect(run.status == 0, "\(run.stderr)")
            let result = try JSONDecoder().decode(ClientRun.self, from: Data(run.stdout.utf8))
            #expect(result.created.name == "Python Flat")
            #expect(result.listed.map(\.name) == ["Python Flat"])
            #expect(result.listed.first?.myRole == "owner")
            #expect(result.events.map(\.kind) == ["updated", "updated"])
            #expect(result.events.compactMap(\.household?.name) == ["Renamed once", "Renamed twice"])
        }
    }
}
