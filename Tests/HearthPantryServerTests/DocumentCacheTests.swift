import GraphQL
import HearthPantryModel
import Testing

@testable import HearthPantryServer

@Suite("Documents are checked once per text, kept by its SHA-256 within a byte budget")
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
            #expect(pantry.graphQL.documents.usage.entries == 1)
            #expect(pantry.graphQL.documents[DocumentCache.digest(query)] != nil)
            // The same text with other variables uses the kept document, and still checks them.
            let missing = await pantry.run(query, as: owner, ["id": .string("no-such-household")])
            #expect(missing.errors.first?.message.contains("no-such-household") == true)
            let wrongType = await pantry.run(query, as: owner, ["id": .int(3)])
            #expect(!wrongType.errors.isEmpty)
            #expect(pantry.graphQL.documents.usage.entries == 1)
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
            #expect(pantry.graphQL.documents.usage.entries == 0)
            // A document that passes keeps its kind for the route; one refused has none.
            #expect(
                pantry.graphQL.operationType(
                    of: GraphQLRequest(query: "mutation { deleteHousehold(id: \"x\") }"), viewer: owner) == .mutation)
            #expect(
                pantry.graphQL.operationType(
                    of: GraphQLRequest(query: "mutation { deleteHousehold(id: \"x\") "), viewer: owner) == nil)
        }
    }

    static func entry(_ text: String) throws -> DocumentCache.Entry {
        let scan = try GraphQLDocumentScan.scan(text, maxTokens: 1_000, maxNesting: 100).get()
        return DocumentCache.Entry(
            document: try parse(source: Source(body: text)), introspects: false,
            bytes: DocumentCache.cost(textBytes: text.utf8.count, tokens: scan.tokens))
    }

    @Test("the cache keeps what its byte budget holds, least recently used out first, each caller within a share")
    func bounded() throws {
        let one = try Self.entry("{ a0 }").bytes
        #expect(one >= DocumentCache.bytesPerToken * 3 + 6)
        // Room for eight such documents in all, two per caller.
        let cache = DocumentCache(byteLimit: 8 * one + one / 2)
        for number in 0..<2 {
            cache.keep(try Self.entry("{ a\(number) }"), for: DocumentCache.digest("{ a\(number) }"), owner: "user")
        }
        for number in 0..<40 {
            cache.keep(try Self.entry("{ b\(number) }"), for: DocumentCache.digest("{ b\(number) }"), owner: "")
        }
        #expect(cache.usage.entries == 4, "the signed-out callers' 40 documents evicted only their own")
        #expect(cache[DocumentCache.digest("{ a0 }")] != nil && cache[DocumentCache.digest("{ a1 }")] != nil)
        #expect(cache[DocumentCache.digest("{ b39 }")] != nil && cache[DocumentCache.digest("{ b0 }")] == nil)

        for owner in ["x", "y", "z"] {
            for number in 0..<2 {
                cache.keep(
                    try Self.entry("{ c\(number) }"), for: DocumentCache.digest("{ \(owner)\(number) }"), owner: owner)
            }
        }
        #expect(cache.usage.entries == 8)
        #expect(cache.usage.bytes <= cache.byteLimit)
        #expect(
            cache[DocumentCache.digest("{ a0 }")] == nil,
            "past the budget the least recently used go, whoever kept them")

        // A document dearer than a share is not kept; a budget of 0 keeps none.
        let long = "{ " + (0..<40).map { "f\($0)" }.joined(separator: " ") + " }"
        cache.keep(try Self.entry(long), for: DocumentCache.digest(long), owner: "user")
        #expect(cache[DocumentCache.digest(long)] == nil)
        let none = DocumentCache(byteLimit: 0)
        none.keep(try Self.entry("{ a }"), for: DocumentCache.digest("{ a }"), owner: "")
        #expect(none.usage.entries == 0)
    }
}
