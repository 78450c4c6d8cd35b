import Foundation
import GraphQL
import HearthPantryModel
import Testing

@testable import HearthPantryServer

/// The limits are checked in time linear in the document: a test that took exponential time would never end,
/// and the suite's time limit would fail it.
@Suite(
    "GraphQL limits: bytes, tokens, nesting, depth, aliases, directives and cost, each fragment measured once",
    .timeLimit(.minutes(5)))
struct GraphQLLimitsTests {
    /// Half the defaults: what every document the clients send must pass, to leave room.
    static let half = GraphQLLimits(
        maxDocumentBytes: 16_384, maxTokens: 500, maxDepth: 7, maxAliases: 7, maxDirectives: 25, maxCost: 10_000)

    /// `document` as the client sends it: `__typename` asked for in every selection set (selection sets are the
    /// braces outside argument lists), as its normalized cache needs.
    static func withTypename(_ document: String) -> String {
        var output = ""
        var arguments = 0
        for character in document {
            output.append(character)
            switch character {
            case "(": arguments += 1
            case ")": arguments -= 1
            case "{" where arguments == 0: output += " __typename"
            default: break
            }
        }
        return output
    }

    @Test("every operation the clients and the CLI send passes at half the default limits, __typename and all")
    func clientOperationsFit() async throws {
        _ = try await withPantry(.sqlite, limits: Self.half) { pantry in
            let viewer = try await pantry.user("client")
            #expect(PantryOperations.documents.count == PantryOperations.all.count)
            for (name, document) in PantryOperations.documents.sorted(by: { $0.key < $1.key }) {
                for sent in [document, Self.withTypename(document)] {
                    #expect(
                        pantry.graphQL.operationType(of: GraphQLRequest(query: sent), viewer: viewer) != nil,
                        "\(name) is refused: \(sent)")
                    let result = await pantry.run(sent, as: viewer)
                    let codes = Set(result.codes)
                    #expect(
                        codes.isDisjoint(with: [
                            "QUERY_TOO_LARGE", "TOO_MANY_TOKENS", "TOO_DEEP", "TOO_MANY_ALIASES", "TOO_MANY_DIRECTIVES",
                            "TOO_COSTLY",
                        ]), "\(name): \(result.errors)")
                }
            }
        }
    }

    /// Fragments `F0` to `F<levels>`, each spreading the next `spreads` times; the last selects `__typename`.
    static func fragmentBomb(spreads: Int, levels: Int) -> String {
        var text = "query Bomb { ...F0 }\n"
        for level in 0..<levels {
            text += "fragment F\(level) on Query { " + String(repeating: "...F\(level + 1) ", count: spreads) + "}\n"
        }
        return text + "fragment F\(levels) on Query { __typename }\n"
    }

    @Test("a fragment bomb is refused by its cost, each fragment measured once however often it is spread")
    func fragmentBomb() async throws {
        _ = try await withPantry(.sqlite) { pantry in
            let viewer = try await pantry.user("bomber")
            // Four spreads, twelve levels: 4^12 = 16,777,216 times __typename.
            let bomb = await pantry.run(Self.fragmentBomb(spreads: 4, levels: 12), as: nil)
            #expect(bomb.codes == ["TOO_COSTLY"])
            #expect(bomb.errors.first?.message.contains("Operation \"Bomb\" costs 16777216;") == true, "\(bomb.errors)")
            #expect(bomb.data == nil)
            // Thirty levels of ten would overflow any counter; the figure saturates and the walk stays as short.
            let huge = await pantry.run(Self.fragmentBomb(spreads: 10, levels: 30), as: viewer)
            #expect(huge.codes == ["TOO_COSTLY"])
            #expect(huge.errors.first?.message.contains("costs more than") == true)
            #expect(pantry.graphQL.documents.usage.entries == 0)
        }
    }

    @Test("depth, aliases and directives count through fragments, at every spread")
    func throughFragments() async throws {
        let limits = GraphQLLimits(maxDepth: 3, maxAliases: 3, maxDirectives: 3)
        _ = try await withPantry(.sqlite, limits: limits) { pantry in
            let viewer = try await pantry.user("cook")
            let deep = await pantry.run(
                """
                { ...Top } fragment Top on Query { households { ...Inner } } fragment Inner on Household { members { user { id } } }
                """, as: viewer)
            #expect(deep.codes == ["TOO_DEEP"])
            #expect(deep.errors.first?.message.contains("nests 4 levels deep") == true)
            // Two aliases in a fragment spread once, and one more, are three: the limit.
            let aliases = await pantry.run(
                """
                { me { ...Names } other: me { id } } fragment Names on Viewer { a: id b: email }
                """, as: viewer)
            #expect(aliases.errors.isEmpty, "\(aliases.errors)")
            // Spread twice, they are four, and one more five.
            let twice = await pantry.run(
                """
                { me { ...Names } again: me { ...Names } } fragment Names on Viewer { a: id b: email }
                """, as: viewer)
            #expect(twice.codes == ["TOO_MANY_ALIASES"])
            #expect(twice.errors.first?.message.contains("uses 5 aliases") == true)
            let directives = await pantry.run(
                """
                { me { ...Fields @include(if: true) } } fragment Fields on Viewer { id @skip(if: false) email @include(if: true) name @include(if: true) }
                """, as: viewer)
            #expect(directives.codes == ["TOO_MANY_DIRECTIVES"])
            let fits = await pantry.run("{ me { a: id b: email @include(if: true) } }", as: viewer)
            #expect(fits.errors.isEmpty, "\(fits.errors)")
        }
    }

    @Test(
        "a mutation over a limit is refused whole before it runs: nothing is written", arguments: DatabaseKind.allCases)
    func refusedMutationsWriteNothing(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let sixteen =
                "mutation { "
                + (0..<16).map { "h\($0): createHousehold(input: {name: \"Home \($0)\"}) { id }" }.joined(
                    separator: " ") + " }"
            let refused = await pantry.run(sixteen, as: owner)
            #expect(refused.codes == ["TOO_MANY_ALIASES"])
            #expect(refused.data == nil)
            let deep = await pantry.run(
                "mutation { createHousehold(input: {name: \"Deep\"}) " + String(repeating: "{ members ", count: 40)
                    + String(repeating: "}", count: 40) + " }", as: owner)
            #expect(deep.codes == ["TOO_DEEP"])
            let households = try await pantry.data("{ households { id } }", as: owner)
            #expect(households["households"].elements.isEmpty, "no household was created: \(households)")
        }
    }

    @Test(
        "fragments that spread each other in a cycle, and chains of fragments deeper than the nesting limit, are refused"
    )
    func cyclesAndChains() async throws {
        _ = try await withPantry(.sqlite) { pantry in
            let viewer = try await pantry.user("cook")
            let cycle = await pantry.run(
                "{ ...A } fragment A on Query { me { id } ...B } fragment B on Query { ...C } fragment C on Query { ...A }",
                as: viewer)
            #expect(cycle.codes == ["BAD_USER_INPUT"])
            #expect(
                cycle.errors.first?.message.contains("\"A\", \"B\", \"C\" spread each other in a cycle") == true,
                "\(cycle.errors)")
            // Forty fragments, each spreading the next: a chain GraphQL would follow forty calls deep.
            let chain =
                "{ ...C0 } " + (0..<40).map { "fragment C\($0) on Query { ...C\($0 + 1) }" }.joined(separator: " ")
                + " fragment C40 on Query { __typename }"
            let long = await pantry.run(chain, as: viewer)
            #expect(long.codes == ["TOO_DEEP"])
            #expect(long.errors.first?.message.contains("spreads fragments") == true)
            // The same chain that no operation spreads is refused as well.
            let unused = await pantry.run("{ __typename } " + chain.dropFirst("{ ...C0 } ".count), as: viewer)
            #expect(unused.codes == ["TOO_DEEP"])
            let short = await pantry.run(
                "{ ...C0 } fragment C0 on Query { ...C1 } fragment C1 on Query { me { id } }", as: viewer)
            #expect(short.errors.isEmpty)
        }
    }

    @Test("the document's bytes, tokens and nesting are refused before it is parsed, and nothing is kept")
    func beforeParsing() async throws {
        _ = try await withPantry(.sqlite) { pantry in
            let viewer = try await pantry.user("cook")
            let long = await pantry.run("{ me { id } }" + String(repeating: " ", count: 40_000), as: viewer)
            #expect(long.codes == ["QUERY_TOO_LARGE"])
            #expect(
                long.errors.first?.message.contains("40013 bytes long; the server's limit is 32768 bytes") == true,
                "\(long.errors)")
            let many = await pantry.run("{ " + String(repeating: "__typename ", count: 1_000) + "}", as: viewer)
            #expect(many.codes == ["TOO_MANY_TOKENS"])
            #expect(many.errors.first?.message.contains("more than 1000 tokens") == true)
            // A thousand levels in four kilobytes: GraphQL's parser would descend a thousand times; it never starts.
            let deep = await pantry.run(
                String(repeating: "{a", count: 1_000) + String(repeating: "}", count: 1_000), as: nil)
            #expect(deep.codes == ["TOO_DEEP"])
            #expect(
                deep.errors.first?.message.contains("nest more than 35 deep at line 1, column 71") == true,
                "\(deep.errors)")
            let values = await pantry.run(
                "{ searchUsers(text: " + String(repeating: "[", count: 40) + "\"x\"" + String(repeating: "]", count: 40)
                    + ") { id } }", as: viewer)
            #expect(values.codes == ["TOO_DEEP"])
            #expect(pantry.graphQL.documents.usage.entries == 0)
        }
    }

    @Test("the deepest document the largest limits allow parses and is measured without exhausting the stack")
    func deepestAllowed() async throws {
        let limits = GraphQLLimits(maxTokens: 100_000, maxDepth: 100, maxCost: 1_000_000_000)
        _ = try await withPantry(.sqlite, limits: limits) { pantry in
            let viewer = try await pantry.user("cook")
            // 120 brackets: 100 levels of fields, then an argument list and 19 levels of list in a value.
            let fields = String(repeating: "me { ", count: 99)
            let value = String(repeating: "[", count: 19) + "\"x\"" + String(repeating: "]", count: 19)
            let document = "{ \(fields) searchUsers(text: \(value)) { id } " + String(repeating: "} ", count: 100)
            #expect(try GraphQLDocumentScan.scan(document, maxTokens: 100_000, maxNesting: 1_000).get().nesting == 120)
            let result = await pantry.run(document, as: viewer)
            #expect(result.codes == ["TOO_DEEP"], "\(result.errors)")
            let fits =
                "{ " + String(repeating: "me { ", count: 98) + "searchUsers(text: " + value + ") { id } "
                + String(repeating: "} ", count: 99)
            let measured = await pantry.run(fits, as: viewer)
            #expect(!measured.codes.contains("TOO_DEEP"), "\(measured.errors)")
        }
    }

    @Test("introspection costs what it answers, like any field: three hundred aliased __schema are refused")
    func introspection() async throws {
        // Tokens are not what this is about: three hundred selections take several thousand.
        _ = try await withPantry(.sqlite, limits: GraphQLLimits(maxTokens: 100_000)) { pantry in
            let viewer = try await pantry.user("tool")
            let aliased =
                "{ " + (0..<300).map { "s\($0): __schema { types { name fields { name } } }" }.joined(separator: " ")
                + " }"
            let result = await pantry.run(aliased, as: viewer)
            #expect(result.codes == ["TOO_MANY_ALIASES", "TOO_COSTLY"])
            #expect(result.errors.first?.message.contains("uses 300 aliases") == true)
            // Signed out, the same is refused by the limits before introspection is even considered.
            #expect(await pantry.run(aliased, as: nil).codes == ["TOO_MANY_ALIASES", "TOO_COSTLY"])
            #expect(
                await pantry.run("{ __schema { queryType { name } } }", as: nil).codes == ["INTROSPECTION_DISABLED"])
            let one = try await pantry.data("{ __schema { queryType { name } } }", as: viewer)
            #expect(one["__schema", "queryType", "name"].text == "Query")
        }
    }
}
