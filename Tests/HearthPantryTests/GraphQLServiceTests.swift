import AsyncHTTPClient
import Foundation
import HearthCore
import HearthPantryModel
import Testing

@testable import HearthPantry

@Suite(
    "GraphQLService against a live server: cache policies, watching, error codes", .serialized, .timeLimit(.minutes(10))
)
struct GraphQLServiceTests {
    static let list = "{ households { id name } }"

    static func names(_ data: RawJSON) -> [String] {
        guard case .object(let root) = data, case .array(let households)? = root["households"] else { return [] }
        return households.compactMap { household in
            if case .object(let fields) = household, case .string(let name)? = fields["name"] { return name }
            return nil
        }
    }

    static func create(_ graphQL: any GraphQLServing, _ name: String) async throws -> String {
        let data = try await graphQL.mutate(
            "mutation($n: String!) { createHousehold(input: {name: $n}) { id name } }", variables: ["n": .string(name)])
        guard case .object(let root) = data, case .object(let household)? = root["createHousehold"],
            case .string(let id)? = household["id"]
        else {
            Issue.record("createHousehold answered \(data)")
            return ""
        }
        return id
    }

    @Test(
        "__typename is added to every object's selection set, never the root's, nor inside arguments, strings or comments"
    )
    func typenameIsAdded() {
        let document =
            #"mutation($n: String!) { createHousehold(input: {name: "a {b}"}) { id members { id } } } # { not this"#
        #expect(
            GraphQLDocument.addingTypename(to: document)
                == #"mutation($n: String!) { createHousehold(input: {name: "a {b}"}) { __typename id members { __typename id } } } # { not this"#
        )
        #expect(
            GraphQLDocument.addingTypename(to: "query { ...H } fragment H on Query { households { id } }")
                == "query { ...H } fragment H on Query { __typename households { __typename id } }")
    }

    @Test(
        "cache-first, network-only, cache-only, cache-and-network and network-first each answer from where they should")
    func cachePolicies() async throws {
        let server = try await LiveServer.start()
        let http = briefConnectionsClient()
        defer { Task { try await http.shutdown() } }
        let services = try await server.signedUpClient(httpClient: http)
        let graphQL = try services.graphQL()
        // A second client of the same account, with a cache of its own, changes the server behind the first one's back.
        let other = server.client(httpClient: http)
        let session = try #require(try await services.auth().currentSession())
        try await other.auth().signIn(email: session.email, password: "long enough password")
        let behind = try other.graphQL()

        _ = try await Self.create(graphQL, "Home")
        #expect(Self.names(try await graphQL.query(Self.list, variables: [:], policy: .cacheFirst)) == ["Home"])
        _ = try await Self.create(behind, "Cabin")
        #expect(
            Self.names(try await graphQL.query(Self.list, variables: [:], policy: .cacheFirst)) == ["Home"],
            "cache-first answered from the cache")
        #expect(Self.names(try await graphQL.query(Self.list, variables: [:], policy: .cacheOnly)) == ["Home"])
        #expect(
            Self.names(try await graphQL.query(Self.list, variables: [:], policy: .networkOnly)) == ["Cabin", "Home"])
        #expect(
            Self.names(try await graphQL.query(Self.list, variables: [:], policy: .cacheOnly)) == ["Cabin", "Home"],
            "network-only wrote its answer to the cache")

        _ = try await Self.create(behind, "Allotment")
        #expect(
            Self.names(try await graphQL.query(Self.list, variables: [:], policy: .cacheAndNetwork)) == [
                "Cabin", "Home",
            ], "cache-and-network answers from the cache at once")
        await (graphQL as! GraphQLService).waitForRefreshes()
        #expect(
            Self.names(try await graphQL.query(Self.list, variables: [:], policy: .cacheOnly)) == [
                "Allotment", "Cabin", "Home",
            ], "and refreshes it from the server")

        let missing = await serviceError {
            _ = try await graphQL.query("{ me { id email } }", variables: [:], policy: .cacheOnly)
        }
        #expect(missing?.code == .notFound)

        await graphQL.clearCache()
        #expect(
            await serviceError { _ = try await graphQL.query(Self.list, variables: [:], policy: .cacheOnly) }?.code
                == .notFound)
        #expect(
            Self.names(try await graphQL.query(Self.list, variables: [:], policy: .networkFirst)) == [
                "Allotment", "Cabin", "Home",
            ])

        await server.stop()
        #expect(
            Self.names(try await graphQL.query(Self.list, variables: [:], policy: .networkFirst)) == [
                "Allotment", "Cabin", "Home",
            ], "network-first falls back to the cache when the server is gone")
        let unreachable = await serviceError {
            _ = try await graphQL.query(Self.list, variables: [:], policy: .networkOnly)
        }
        #expect(unreachable?.code == .serverUnreachable)
        #expect(unreachable?.message.contains(server.url.absoluteString) == true)
    }

    @Test("a watch yields again when a later mutation changes an object it read, and not for unrelated objects")
    func watchReEmits() async throws {
        try await withLiveServer { server in
            let services = try await server.signedUpClient()
            let graphQL = try services.graphQL()
            let home = try await Self.create(graphQL, "Home")
            let cabin = try await Self.create(graphQL, "Cabin")
            var updates = graphQL.watch(
                "query($id: String!) { household(id: $id) { id name } }", variables: ["id": .string(home)],
                policy: .cacheAndNetwork
            ).makeAsyncIterator()
            let first = try #require(try await updates.next())
            #expect(
                first
                    == .object([
                        "household": .object([
                            "__typename": .string("Household"), "id": .string(home), "name": .string("Home"),
                        ])
                    ]))

            // Renaming the other household changes nothing this watch read; renaming this one does.
            _ = try await graphQL.mutate(
                "mutation($id: String!) { updateHousehold(id: $id, input: {name: \"Lodge\"}) { id name } }",
                variables: ["id": .string(cabin)])
            _ = try await graphQL.mutate(
                "mutation($id: String!) { updateHousehold(id: $id, input: {name: \"Main house\"}) { id name } }",
                variables: ["id": .string(home)])
            let second = try #require(try await updates.next())
            #expect(
                second
                    == .object([
                        "household": .object([
                            "__typename": .string("Household"), "id": .string(home), "name": .string("Main house"),
                        ])
                    ]))
        }
    }

    @Test("errors map by extensions.code: UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, BAD_USER_INPUT")
    func errorCodes() async throws {
        try await withLiveServer { server in
            let owner = try await server.signedUpClient("owner")
            let home = try await Self.create(try owner.graphQL(), "Home")
            let document = "query($id: String!) { household(id: $id) { id name } }"

            let signedOut = await serviceError {
                _ = try await server.client().graphQL().query(
                    document, variables: ["id": .string(home)], policy: .networkOnly)
            }
            #expect(signedOut?.code == .notAuthenticated)

            // An outsider finds nothing, as if the household did not exist.
            let outsider = try await server.signedUpClient("outsider")
            let hidden = await serviceError {
                _ = try await outsider.graphQL().query(document, variables: ["id": .string(home)], policy: .networkOnly)
            }
            #expect(hidden?.code == .notFound)
            #expect(hidden?.message.contains("Home") == false)

            // A member with too few rights is refused.
            let invite = try await owner.graphQL().mutate(
                "mutation($h: String!) { createInvite(householdId: $h) { code } }", variables: ["h": .string(home)])
            guard case .object(let root) = invite, case .object(let made)? = root["createInvite"],
                case .string(let code)? = made["code"]
            else {
                Issue.record("createInvite answered \(invite)")
                return
            }
            _ = try await outsider.graphQL().mutate(
                "mutation($c: String!) { joinHousehold(code: $c) { id } }", variables: ["c": .string(code)])
            let forbidden = await serviceError {
                _ = try await outsider.graphQL().mutate(
                    "mutation($h: String!) { deleteHousehold(id: $h) }", variables: ["h": .string(home)])
            }
            #expect(forbidden?.code == .unauthorized)
            #expect(forbidden?.message.contains("Only the owner") == true)

            let missing = await serviceError {
                _ = try await owner.graphQL().query(
                    document, variables: ["id": .string("no-such-household")], policy: .networkOnly)
            }
            #expect(missing?.code == .notFound)

            let invalid = await serviceError {
                _ = try await owner.graphQL().mutate("mutation { createHousehold(input: {name: \"   \"}) { id } }")
            }
            #expect(invalid?.code == .validationFailed)
            #expect(invalid?.reasons.isEmpty == false)

            let malformed = await serviceError {
                _ = try await owner.graphQL().query("{ households { nope } }", variables: [:], policy: .networkOnly)
            }
            #expect(malformed?.code == .validationFailed)
        }
    }

    @Test("the health check asks the server and times it")
    func health() async throws {
        try await withLiveServer { server in
            let status = await (try server.client().graphQL()).checkHealth()
            #expect(status.isHealthy, "\(status.errors)")
            #expect(status.responseTime > 0)
        }
    }
}
