import GraphQL
import HearthPantryModel
@testable import HearthPantryServer
import Testing

@Suite("Documents are parsed and validated once per query text")
struct DocumentCacheTests {
    @Test("a repeated operation answers as the first time, from one kept document")
    func repeated() async throws {
        _ = try await withPantry(.sqlite) { pantry in
            let owner = try await pantry.user("owner")
            let household = try await pantry.household("Flat 3", owner: owner)
            let query = "query($id: String!) { household(id: $id) { name memberCount } }"
            let first = try await pantry.data(query, as: owner, ["id": .string(household.id)])
            let second = try await pantry.data(query, as: owner, ["id": .string(household.id)])
            #expect(first["household", "name"].text == "Flat 3")
            #expect(first == second)
            #expect(pantry.graphQL.documents.count == 1)
            // The same text with other variables uses the kept document, and still checks them.
            let missing = await pantry.run(query, as: owner, ["id": .string("no-such-household")])
            #expect(missing.errors.first?.message.contains("no-such-household") == true)
            let wrongType = await pantry.run(query, as: owner, ["id": .int(3)])
            #expect(!wrongType.errors.isEmpty)
            #expect(pantry.graphQL.documents.count == 1)
        }
    }

    @Test("a refused document is refused every time, with the same errors, and never kept")
    func refused() async throws {
        _ = try await withPantry(.sqlite) { pantry in
            let owner = try await pantry.user("owner")
            for _ in 0..<2 {
                let result = await pantry.run("{ me { id zzzyx } }", as: owner)
                #expect(result.errors.map(\.message) == [#"Cannot query field "zzzyx" on type "Viewer"."#])
                let broken = await pantry.run("{ me { id ", as: owner)
                #expect(broken.errors.first?.message.contains("Syntax Error") == true)
            }
            #expect(pantry.graphQL.documents.count == 0)
            // A document that parses keeps its kind for the route, whether or not it was kept.
            #expect(pantry.graphQL.operationType(of: GraphQLRequest(query: "mutation { deleteHousehold(id: \"x\") }")) == .mutation)
        }
    }

    @Test("the cache holds at most its capacity and starts over when full")
    func bounded() throws {
        let cache = DocumentCache(capacity: 3)
        for number in 0..<3 { cache["{ a\(number) }"] = try parse(source: Source(body: "{ a\(number) }")) }
        #expect(cache.count == 3)
        cache["{ a0 }"] = try parse(source: Source(body: "{ a0 }"))
        #expect(cache.count == 3)
        cache["{ a3 }"] = try parse(source: Source(body: "{ a3 }"))
        #expect(cache.count == 1)
        #expect(cache["{ a3 }"] != nil && cache["{ a0 }"] == nil)
        let none = DocumentCache(capacity: 0)
        none["{ a }"] = try parse(source: Source(body: "{ a }"))
        #expect(none.count == 0)
    }
}
