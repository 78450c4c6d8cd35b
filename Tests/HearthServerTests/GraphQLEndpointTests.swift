import Foundation
import HearthCloudModel
import HearthPantryServer
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import HearthServer

@Suite("GraphQL over HTTP at /graphql: POST and GET, tokens, errors and limits")
struct GraphQLEndpointTests {
    /// The JSON of a GraphQL answer.
    struct Answer: Decodable {
        struct Failure: Decodable {
            let message: String
            let extensions: [String: String]?
            var code: String? { extensions?["code"] }
        }

        let data: JSONValue?
        let errors: [Failure]?
        var codes: [String] { errors?.compactMap(\.code) ?? [] }
    }

    /// Any JSON value, for reading answers by path.
    enum JSONValue: Decodable, Equatable {
        case string(String), number(Double), bool(Bool), null, array([JSONValue]), object([String: JSONValue])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null }
            else if let value = try? container.decode(Bool.self) { self = .bool(value) }
            else if let value = try? container.decode(Double.self) { self = .number(value) }
            else if let value = try? container.decode(String.self) { self = .string(value) }
            else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
            else { self = .object(try container.decode([String: JSONValue].self)) }
        }

        subscript(_ key: String) -> JSONValue? {
            if case .object(let object) = self { return object[key] }
            return nil
        }

        var string: String? {
            if case .string(let value) = self { return value }
            return nil
        }
    }

    static func post(_ client: some TestClientProtocol, _ query: String, variables: [String: String] = [:], token: String? = nil) async throws -> (HTTPResponse.Status, Answer) {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let token { headers[.authorization] = "Bearer \(token)" }
        let body = try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])
        let response = try await client.execute(uri: "/graphql", method: .post, headers: headers, body: ByteBuffer(bytes: body))
        return (response.status, try JSONDecoder().decode(Answer.self, from: Data(buffer: response.body)))
    }

    static func get(_ client: some TestClientProtocol, _ query: String, token: String? = nil) async throws -> (HTTPResponse.Status, Answer) {
        var headers: HTTPFields = [:]
        if let token { headers[.authorization] = "Bearer \(token)" }
        let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let response = try await client.execute(uri: "/graphql?query=\(encoded)", method: .get, headers: headers)
        return (response.status, try JSONDecoder().decode(Answer.self, from: Data(buffer: response.body)))
    }

    @Test("a signed-in caller creates a household with POST and reads it with GET; signed out, fields answer UNAUTHENTICATED")
    func postAndGet() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let (token, user) = try await signUp(client, "cook")
            let (status, me) = try await Self.post(client, "{ me { id email } }", token: token)
            #expect(status == .ok)
            #expect(me.data?["me"]?["id"]?.string == user)

            let (_, created) = try await Self.post(client, "mutation($n: String!) { createHousehold(input: {name: $n}) { id name } }", variables: ["n": "Home"], token: token)
            #expect(created.errors == nil)
            #expect(created.data?["createHousehold"]?["name"]?.string == "Home")

            let (getStatus, listed) = try await Self.get(client, "{ households { name myRole } }", token: token)
            #expect(getStatus == .ok)
            #expect(listed.data?["households"] == .array([.object(["name": .string("Home"), "myRole": .string("owner")])]))

            let (_, signedOut) = try await Self.post(client, "{ me { id } }")
            #expect(signedOut.codes == ["UNAUTHENTICATED"])
        }
    }

    @Test("GET reads its parameters as forms write them: + is a space, variables and operationName decode; broken encoding is 400")
    func getParameters() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let (token, user) = try await signUp(client, "cook")
            let headers: HTTPFields = [.authorization: "Bearer \(token)"]
            let plus = try await client.execute(uri: "/graphql?query=%7B+me+%7B+id+%7D+%7D", method: .get, headers: headers)
            #expect(plus.status == .ok)
            #expect(try JSONDecoder().decode(Answer.self, from: Data(buffer: plus.body)).data?["me"]?["id"]?.string == user)

            let query = "query Mine($n: String!) { searchUsers(text: $n) { id } } query Me { me { email } }"
            let form = "query=\(query.replacingOccurrences(of: " ", with: "+").addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(["+"]))!)"
                + "&variables=%7B%22n%22%3A%22a+b%22%7D&operationName=Me"
            let named = try await client.execute(uri: "/graphql?\(form)", method: .get, headers: headers)
            let answer = try JSONDecoder().decode(Answer.self, from: Data(buffer: named.body))
            #expect(named.status == .ok)
            #expect(answer.errors == nil)
            #expect(answer.data?["me"]?["email"]?.string?.hasPrefix("cook") == true)

            let broken = try await client.execute(uri: "/graphql?query=%7B+me%ZZ", method: .get, headers: headers)
            #expect(broken.status == .badRequest)
            let refusal = try JSONDecoder().decode(Answer.self, from: Data(buffer: broken.body))
            #expect(refusal.codes == ["BAD_USER_INPUT"])
            #expect(refusal.errors?.first?.message.contains("query parameter") == true)
        }
    }

    @Test("GET refuses mutations with 405; a bad token is 401 UNAUTHENTICATED; a body that is not a request is 400 BAD_USER_INPUT")
    func refusals() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let (token, _) = try await signUp(client, "cook")
            let (status, answer) = try await Self.get(client, "mutation { createHousehold(input: {name: \"X\"}) { id } }", token: token)
            #expect(status == .methodNotAllowed)
            #expect(answer.codes == ["BAD_USER_INPUT"])
            #expect(answer.errors?.first?.message.contains("POST") == true)
            let (_, households) = try await Self.post(client, "{ households { id } }", token: token)
            #expect(households.data?["households"] == .array([]))

            let (badStatus, bad) = try await Self.post(client, "{ me { id } }", token: "not-a-token")
            #expect(badStatus == .unauthorized)
            #expect(bad.codes == ["UNAUTHENTICATED"])

            let put = try await client.execute(uri: "/graphql", method: .put, headers: [.contentType: "application/json"], body: ByteBuffer(string: "{}"))
            #expect(put.status == .methodNotAllowed)
            #expect(put.headers[.allow] == "GET, POST")
            #expect(try JSONDecoder().decode(Answer.self, from: Data(buffer: put.body)).codes == ["BAD_USER_INPUT"])

            let garbage = try await client.execute(uri: "/graphql", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: "{\"nope\": 1}"))
            #expect(garbage.status == .badRequest)
            #expect(try JSONDecoder().decode(Answer.self, from: Data(buffer: garbage.body)).codes == ["BAD_USER_INPUT"])

            let (_, syntax) = try await Self.post(client, "{ me { id ", token: token)
            #expect(syntax.codes == ["BAD_USER_INPUT"])
            let (_, unknown) = try await Self.post(client, "{ nothing }", token: token)
            #expect(unknown.codes == ["BAD_USER_INPUT"])
            #expect(unknown.errors?.first?.message.contains("nothing") == true)
        }
    }

    @Test("operations over the depth or cost limit are refused whole, naming the limit")
    func limits() async throws {
        var configuration = testConfiguration()
        configuration.graphQLLimits.maxDepth = 3
        configuration.graphQLLimits.maxCost = 50
        let app = try await buildApplication(configuration)
        try await app.test(.router) { client in
            let (token, _) = try await signUp(client, "cook")
            let (_, deep) = try await Self.post(client, "{ households { members { user { id } } } }", token: token)
            // Too deep and, with its lists, too costly: both limits are named.
            #expect(deep.codes == ["BAD_USER_INPUT", "BAD_USER_INPUT"])
            #expect(deep.data == nil)
            #expect(deep.errors?.first?.message.contains("nests 4 levels deep; the server's depth limit is 3") == true)
            let (_, costly) = try await Self.post(client, "{ households { id name items { id name } } }", token: token)
            #expect(costly.codes == ["BAD_USER_INPUT"])
            #expect(costly.errors?.first?.message.contains("cost limit is 50") == true)
            let (_, fine) = try await Self.post(client, "{ me { id } }", token: token)
            #expect(fine.errors == nil)
        }
    }

    @Test("introspection is on and is not held to the limits")
    func introspection() async throws {
        var configuration = testConfiguration()
        configuration.graphQLLimits.maxDepth = 3
        let app = try await buildApplication(configuration)
        try await app.test(.router) { client in
            let (status, answer) = try await Self.post(client, "{ __schema { queryType { name } types { name fields { name type { name ofType { name ofType { name } } } } } } }")
            #expect(status == .ok)
            #expect(answer.errors == nil)
            #expect(answer.data?["__schema"]?["queryType"]?["name"]?.string == "Query")

            // Input values answer isDeprecated (non-null), as tools that ask for deprecated inputs need.
            let (_, inputs) = try await Self.post(client, """
                { input: __type(name: "HouseholdInput") { inputFields { name isDeprecated } }
                  mutation: __type(name: "Mutation") { fields { name args { name isDeprecated } } } }
                """)
            #expect(inputs.errors == nil)
            guard case .array(let fields)? = inputs.data?["input"]?["inputFields"] else {
                Issue.record("HouseholdInput has no inputFields: \(String(describing: inputs.data))")
                return
            }
            #expect(Set(fields.compactMap { $0["name"]?.string }) == ["name", "description"])
            #expect(fields.allSatisfy { $0["isDeprecated"] == .bool(false) })
        }
    }

    @Test("limits come from flags over the environment")
    func configuration() throws {
        let resolved = try ServerConfiguration.resolve(graphQLMaxCost: 99, environment: ["HEARTH_GRAPHQL_MAX_DEPTH": "7", "HEARTH_GRAPHQL_MAX_COST": "5"])
        #expect(resolved.graphQLLimits.maxDepth == 7)
        #expect(resolved.graphQLLimits.maxCost == 99)
        #expect(throws: (any Error).self) { try ServerConfiguration.resolve(environment: ["HEARTH_GRAPHQL_MAX_DEPTH": "deep"]) }
    }
}
