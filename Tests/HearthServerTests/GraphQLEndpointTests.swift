import Foundation
import HTTPTypes
import HearthCloudModel
import HearthPantryServer
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
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try? container.decode([JSONValue].self) {
                self = .array(value)
            } else {
                self = .object(try container.decode([String: JSONValue].self))
            }
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

    static func post(
        _ client: some TestClientProtocol, _ query: String, variables: [String: String] = [:], token: String? = nil
    ) async throws -> (HTTPResponse.Status, Answer) {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let token { headers[.authorization] = "Bearer \(token)" }
        let body = try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])
        let response = try await client.execute(
            uri: "/graphql", method: .post, headers: headers, body: ByteBuffer(bytes: body))
        return (response.status, try JSONDecoder().decode(Answer.self, from: Data(buffer: response.body)))
    }

    static func get(_ client: some TestClientProtocol, _ query: String, token: String? = nil) async throws -> (
        HTTPResponse.Status, Answer
    ) {
        var headers: HTTPFields = [:]
        if let token { headers[.authorization] = "Bearer \(token)" }
        let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let response = try await client.execute(uri: "/graphql?query=\(encoded)", method: .get, headers: headers)
        return (response.status, try JSONDecoder().decode(Answer.self, from: Data(buffer: response.body)))
    }

    @Test(
        "a signed-in caller creates a household with POST and reads it with GET; signed out, fields answer UNAUTHENTICATED"
    )
    func postAndGet() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let (token, user) = try await signUp(client, "cook")
            let (status, me) = try await Self.post(client, "{ me { id email } }", token: token)
            #expect(status == .ok)
            #expect(me.data?["me"]?["id"]?.string == user)

            let (_, created) = try await Self.post(
                client, "mutation($n: String!) { createHousehold(input: {name: $n}) { id name } }",
                variables: ["n": "Home"], token: token)
            #expect(created.errors == nil)
            #expect(created.data?["createHousehold"]?["name"]?.string == "Home")

            let (getStatus, listed) = try await Self.get(client, "{ households { name myRole } }", token: token)
            #expect(getStatus == .ok)
            #expect(
                listed.data?["households"] == .array([.object(["name": .string("Home"), "myRole": .string("owner")])]))

            let (_, signedOut) = try await Self.post(client, "{ me { id } }")
            #expect(signedOut.codes == ["UNAUTHENTICATED"])
        }
    }

    @Test(
        "GET reads its parameters as forms write them: + is a space, variables and operationName decode; broken encoding is 400"
    )
    func getParameters() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let (token, user) = try await signUp(client, "cook")
            let headers: HTTPFields = [.authorization: "Bearer \(token)"]
            let plus = try await client.execute(
                uri: "/graphql?query=%7B+me+%7B+id+%7D+%7D", method: .get, headers: headers)
            #expect(plus.status == .ok)
            #expect(
                try JSONDecoder().decode(Answer.self, from: Data(buffer: plus.body)).data?["me"]?["id"]?.string == user)

            let query = "query Mine($n: String!) { searchUsers(text: $n) { id } } query Me { me { email } }"
            let form =
                "query=\(query.replacingOccurrences(of: " ", with: "+").addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(["+"]))!)"
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

    @Test(
        "GET refuses mutations with 405; a bad token is 401 UNAUTHENTICATED; a body that is not a request is 400 BAD_USER_INPUT"
    )
    func refusals() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let (token, _) = try await signUp(client, "cook")
            let (status, answer) = try await Self.get(
                client, "mutation { createHousehold(input: {name: \"X\"}) { id } }", token: token)
            #expect(status == .methodNotAllowed)
            #expect(answer.codes == ["BAD_USER_INPUT"])
            #expect(answer.errors?.first?.message.contains("POST") == true)
            let (_, households) = try await Self.post(client, "{ households { id } }", token: token)
            #expect(households.data?["households"] == .array([]))

            let (badStatus, bad) = try await Self.post(client, "{ me { id } }", token: "not-a-token")
            #expect(badStatus == .unauthorized)
            #expect(bad.codes == ["UNAUTHENTICATED"])

            let put = try await client.execute(
                uri: "/graphql", method: .put, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: "{}"))
            #expect(put.status == .methodNotAllowed)
            #expect(put.headers[.allow] == "GET, POST")
            #expect(try JSONDecoder().decode(Answer.self, from: Data(buffer: put.body)).codes == ["BAD_USER_INPUT"])

            let garbage = try await client.execute(
                uri: "/graphql", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: "{\"nope\": 1}"))
            #expect(garbage.status == .badRequest)
            #expect(try JSONDecoder().decode(Answer.self, from: Data(buffer: garbage.body)).codes == ["BAD_USER_INPUT"])

            let (_, syntax) = try await Self.post(client, "{ me { id ", token: token)
            #expect(syntax.codes == ["BAD_USER_INPUT"])
            let (_, unknown) = try await Self.post(client, "{ nothing }", token: token)
            #expect(unknown.codes == ["BAD_USER_INPUT"])
            #expect(unknown.errors?.first?.message.contains("nothing") == true)
        }
    }

    @Test("operations over the depth or cost limit are refused whole with 400, naming the limit")
    func limits() async throws {
        var configuration = testConfiguration()
        configuration.graphQLLimits.maxDepth = 3
        configuration.graphQLLimits.maxCost = 50
        let app = try await buildApplication(configuration)
        try await app.test(.router) { client in
            let (token, _) = try await signUp(client, "cook")
            let (status, deep) = try await Self.post(client, "{ households { members { user { id } } } }", token: token)
            // Too deep and, with its lists, too costly: both limits are named.
            #expect(status == .badRequest)
            #expect(deep.codes == ["TOO_DEEP", "TOO_COSTLY"])
            #expect(deep.data == nil)
            #expect(
                deep.errors?.first?.message.contains(
                    "nests 4 levels deep (counting the fields its fragments add); the server's depth limit is 3")
                    == true)
            #expect(deep.errors?.first?.extensions?["limit"] == "depth")
            let (_, costly) = try await Self.post(client, "{ households { id name items { id name } } }", token: token)
            #expect(costly.codes == ["TOO_COSTLY"])
            #expect(costly.errors?.first?.message.contains("cost limit is 50") == true)
            let (fineStatus, fine) = try await Self.post(client, "{ me { id } }", token: token)
            #expect(fineStatus == .ok)
            #expect(fine.errors == nil)
            // A query the validation refuses is 400 too; one that ran with errors in it is 200.
            let (invalidStatus, invalid) = try await Self.post(client, "{ nothing }", token: token)
            #expect(invalidStatus == .badRequest)
            #expect(invalid.codes == ["BAD_USER_INPUT"])
            let (ranStatus, ran) = try await Self.post(client, "{ household(id: \"nowhere\") { id } }", token: token)
            #expect(ranStatus == .ok)
            #expect(ran.codes == ["NOT_FOUND"])
        }
    }

    static let schemaQuery =
        "{ __schema { queryType { name } types { name fields { name type { name ofType { name ofType { name } } } } } } }"

    @Test("introspection: signed-in callers by default, held to the limits")
    func introspection() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let (refusedStatus, refused) = try await Self.post(client, Self.schemaQuery)
            #expect(refusedStatus == .forbidden)
            #expect(refused.codes == ["INTROSPECTION_DISABLED"])
            #expect(refused.errors?.first?.message.contains("signed-in") == true)
            #expect(refused.data == nil)
            // __typename is not introspection: anyone may ask for it.
            let (typenameStatus, typename) = try await Self.post(client, "{ __typename }")
            #expect(typenameStatus == .ok)
            #expect(typename.data?["__typename"]?.string == "Query")

            let (token, _) = try await signUp(client, "tool")
            let (status, answer) = try await Self.post(client, Self.schemaQuery, token: token)
            #expect(status == .ok)
            #expect(answer.errors == nil)
            #expect(answer.data?["__schema"]?["queryType"]?["name"]?.string == "Query")

            // Input values answer isDeprecated (non-null), as tools that ask for deprecated inputs need.
            let (_, inputs) = try await Self.post(
                client,
                """
                { input: __type(name: "HouseholdInput") { inputFields { name isDeprecated } }
                  mutation: __type(name: "Mutation") { fields { name args { name isDeprecated } } } }
                """, token: token)
            #expect(inputs.errors == nil)
            guard case .array(let fields)? = inputs.data?["input"]?["inputFields"] else {
                Issue.record("HouseholdInput has no inputFields: \(String(describing: inputs.data))")
                return
            }
            #expect(Set(fields.compactMap { $0["name"]?.string }) == ["name", "description"])
            #expect(fields.allSatisfy { $0["isDeprecated"] == .bool(false) })

            // Sixteen aliased schemas are one alias too many.
            let aliased =
                "{ " + (0..<16).map { "s\($0): __schema { queryType { name } }" }.joined(separator: " ") + " }"
            let (_, tooMany) = try await Self.post(client, aliased, token: token)
            #expect(tooMany.codes == ["TOO_MANY_ALIASES"])
        }
    }

    /// A query much like GraphQL tools' standard introspection query: every type's fields, arguments, input fields,
    /// enum values and the types they refer to, through a fragment.
    static let fullSchema = """
        query Full { __schema { queryType { name } mutationType { name } subscriptionType { name }
          types { ...FullType } directives { name locations args { ...InputValue } } } }
        fragment FullType on __Type { kind name description fields(includeDeprecated: true) { name args { ...InputValue }
          type { ...TypeRef } isDeprecated } inputFields { ...InputValue } interfaces { ...TypeRef }
          enumValues(includeDeprecated: true) { name isDeprecated } possibleTypes { ...TypeRef } }
        fragment InputValue on __InputValue { name type { ...TypeRef } defaultValue }
        fragment TypeRef on __Type { kind name ofType { kind name ofType { kind name ofType { kind name } } } }
        """

    /// How many fields an answer's `data` holds, at every level and in every list element (a null counts once).
    static func fieldCount(_ value: JSONValue) -> Int {
        switch value {
        case .object(let fields): fields.values.reduce(fields.count) { $0 + fieldCount($1) }
        case .array(let elements): elements.reduce(0) { $0 + fieldCount($1) }
        default: 0
        }
    }

    @Test("introspection costs exactly what it answers: the cost of a full schema query is its answer's field count")
    func introspectionCost() async throws {
        var configuration = testConfiguration()
        configuration.graphQLLimits.maxCost = 1_000
        let app = try await buildApplication(configuration)
        try await app.test(.router) { client in
            let (token, _) = try await signUp(client, "tool")
            let (status, refused) = try await Self.post(client, Self.fullSchema, token: token)
            #expect(status == .badRequest)
            #expect(refused.codes == ["TOO_COSTLY"])
            let message = try #require(refused.errors?.first?.message)
            let figure = try #require(message.firstMatch(of: /costs (\d+);/))
            let cost = try #require(Int(figure.1))
            #expect(cost > 1_000)

            var unlimited = testConfiguration()
            unlimited.graphQLLimits.maxCost = cost
            try await buildApplication(unlimited).test(.router) { client in
                let (token, _) = try await signUp(client, "tool")
                let (status, answer) = try await Self.post(client, Self.fullSchema, token: token)
                #expect(status == .ok)
                #expect(answer.errors == nil)
                #expect(Self.fieldCount(try #require(answer.data)) == cost)
            }
        }
    }

    @Test("--graphql-introspection on answers everyone, off answers no one")
    func introspectionSettings() async throws {
        for (setting, signedOut, signedIn) in [
            (GraphQLIntrospection.on, HTTPResponse.Status.ok, HTTPResponse.Status.ok), (.off, .forbidden, .forbidden),
        ] {
            var configuration = testConfiguration()
            configuration.graphQLIntrospection = setting
            let app = try await buildApplication(configuration)
            try await app.test(.router) { client in
                let (token, _) = try await signUp(client, "tool")
                let (outStatus, outAnswer) = try await Self.post(client, "{ __type(name: \"Query\") { name } }")
                #expect(outStatus == signedOut, "\(setting) signed out")
                let (inStatus, inAnswer) = try await Self.post(
                    client, "{ __type(name: \"Query\") { name } }", token: token)
                #expect(inStatus == signedIn, "\(setting) signed in")
                if setting == .off {
                    #expect(
                        outAnswer.codes == ["INTROSPECTION_DISABLED"] && inAnswer.codes == ["INTROSPECTION_DISABLED"])
                    #expect(inAnswer.errors?.first?.message.contains("does not answer introspection") == true)
                } else {
                    #expect(outAnswer.data?["__type"]?["name"]?.string == "Query" && inAnswer.errors == nil)
                }
            }
        }
    }

    @Test("signed out, validation errors suggest no names of the schema; signed in, they do")
    func suggestions() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let (_, stranger) = try await Self.post(client, "{ houseold { id } }")
            #expect(stranger.codes == ["BAD_USER_INPUT"])
            let message = try #require(stranger.errors?.first?.message)
            #expect(message.contains("Cannot query field \"houseold\" on type \"Query\"."))
            #expect(!message.contains("Did you mean"))
            #expect(!message.contains("household"))
            let (token, _) = try await signUp(client, "cook")
            let (_, member) = try await Self.post(client, "{ houseold { id } }", token: token)
            #expect(member.errors?.first?.message.contains("Did you mean \"household\"") == true)
            // An enum value's suggestion is dropped as well.
            let role = "mutation { updateMemberRole(memberId: \"x\", role: admn) { id } }"
            let (_, strangerRole) = try await Self.post(client, role)
            #expect(strangerRole.errors?.isEmpty == false)
            #expect(
                strangerRole.errors?.contains {
                    $0.message.contains("Did you mean") || $0.message.contains("\"admin\"")
                } == false)
            let (_, memberRole) = try await Self.post(client, role, token: token)
            #expect(
                memberRole.errors?.contains { $0.message.contains("Did you mean") } == true,
                "\(String(describing: memberRole.errors))")
        }
    }

    // The time limit only stops a run that would never end (2^34 reads); it is generous for a busy machine.
    @Test(
        "variables nested past the nesting limit are refused before they are decoded; within it, each level is read once",
        .timeLimit(.minutes(3)))
    func nestedVariables() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            func post(_ variables: String) async throws -> (HTTPResponse.Status, Answer) {
                let body =
                    #"{"query":"query($v: String!) { searchUsers(text: $v) { id } }","variables":{"v":"# + variables
                    + "}}"
                let response = try await client.execute(
                    uri: "/graphql", method: .post, headers: jsonHeaders, body: ByteBuffer(string: body))
                return (response.status, try JSONDecoder().decode(Answer.self, from: Data(buffer: response.body)))
            }
            // Thirty-four levels of objects: GraphQL's own Map decoding reads an object twice per level (2^34 reads).
            let (_, answer) = try await post(
                String(repeating: #"{"a":"#, count: 34) + "1" + String(repeating: "}", count: 34))
            #expect(answer.codes == ["BAD_USER_INPUT"], "the variable is an object, not a String")
            #expect(answer.errors?.first?.message.contains("$v") == true)
            let (deepStatus, deep) = try await post(
                String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
            #expect(deepStatus == .badRequest)
            #expect(deep.codes == ["TOO_DEEP"])
            #expect(deep.errors?.first?.message.contains("nest more than 35 deep") == true)
            // Brackets inside strings are text: the operation runs (and, signed out, is told to sign in).
            let (textStatus, text) = try await post(
                #""[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[""#)
            #expect(textStatus == .ok)
            #expect(text.codes == ["UNAUTHENTICATED"])
            // In a GET's variables parameter too.
            let nested = String(repeating: "[", count: 50) + String(repeating: "]", count: 50)
            let response = try await client.execute(
                uri: "/graphql?query=%7B__typename%7D&variables=" + #"{"v":\#(nested)}"#.addingPercentEncoding(
                    withAllowedCharacters: .alphanumerics)!, method: .get)
            #expect(response.status == .badRequest)
            #expect(try JSONDecoder().decode(Answer.self, from: Data(buffer: response.body)).codes == ["TOO_DEEP"])
        }
    }

    @Test("operations are counted on /metrics by type and outcome")
    func operationsAreCounted() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            for _ in 0..<3 { _ = try await Self.post(client, "{ __typename }") }
            _ = try await Self.post(client, "mutation { createHousehold(input: {name: \"Flat\"}) { id } }")
            _ = try await Self.post(client, "{ households { ")
            let get = try await client.execute(uri: "/graphql?query=mutation%7B__typename%7D", method: .get)
            #expect(get.status == .methodNotAllowed)
            let metrics = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
            func count(_ labels: String) -> String? {
                metrics.split(separator: "\n").first { $0.hasPrefix("hearth_graphql_operations_total{\(labels)}") }
                    .flatMap { $0.split(separator: " ").last.map(String.init) }
            }
            #expect(count(#"type="query",outcome="answered""#) == "3", "\(metrics)")
            // Signed out, the mutation runs and answers UNAUTHENTICATED: it was answered, not refused.
            #expect(count(#"type="mutation",outcome="answered""#) == "1")
            #expect(count(#"type="unknown",outcome="refused""#) == "1", "the malformed document")
            #expect(count(#"type="mutation",outcome="refused""#) == "1", "the mutation over GET")
        }
    }

    @Test("limits come from flags over the environment")
    func configuration() throws {
        let resolved = try ServerConfiguration.resolve(
            graphQLMaxCost: 99, environment: ["HEARTH_GRAPHQL_MAX_DEPTH": "7", "HEARTH_GRAPHQL_MAX_COST": "5"])
        #expect(resolved.graphQLLimits.maxDepth == 7)
        #expect(resolved.graphQLLimits.maxCost == 99)
        #expect(throws: (any Error).self) {
            try ServerConfiguration.resolve(environment: ["HEARTH_GRAPHQL_MAX_DEPTH": "deep"])
        }
        #expect(throws: (any Error).self) { try ServerConfiguration.resolve(graphQLMaxDepth: 101) }

        let defaults = try ServerConfiguration.resolve(environment: [:])
        #expect(defaults.graphQLLimits == GraphQLLimits())
        #expect(defaults.graphQLLimits.maxDocumentBytes == 32_768 && defaults.graphQLLimits.maxTokens == 1_000)
        #expect(defaults.graphQLLimits.maxDepth == 15 && defaults.graphQLLimits.nestingLimit == 35)
        #expect(defaults.graphQLLimits.maxAliases == 15 && defaults.graphQLLimits.maxDirectives == 50)
        #expect(defaults.graphQLIntrospection == .signedIn)
        #expect(defaults.graphQLMaxSubscriptionsPerConnection == 20 && defaults.graphQLMaxSubscriptionsPerUser == 100)
        #expect(defaults.graphQLSubscriptionBuffer == 64)

        let set = try ServerConfiguration.resolve(
            graphQLMaxDocumentBytes: 4_096, graphQLMaxAliases: 2, graphQLIntrospection: "off",
            graphQLMaxSubscriptions: 3,
            environment: [
                "HEARTH_GRAPHQL_MAX_DOCUMENT_BYTES": "9999", "HEARTH_GRAPHQL_MAX_TOKENS": "200",
                "HEARTH_GRAPHQL_MAX_DIRECTIVES": "4",
                "HEARTH_GRAPHQL_INTROSPECTION": "on", "HEARTH_GRAPHQL_MAX_USER_SUBSCRIPTIONS": "7",
                "HEARTH_GRAPHQL_SUBSCRIPTION_BUFFER": "8",
            ])
        #expect(set.graphQLLimits.maxDocumentBytes == 4_096 && set.graphQLLimits.maxTokens == 200)
        #expect(set.graphQLLimits.maxAliases == 2 && set.graphQLLimits.maxDirectives == 4)
        #expect(set.graphQLIntrospection == .off)
        #expect(
            set.graphQLMaxSubscriptionsPerConnection == 3 && set.graphQLMaxSubscriptionsPerUser == 7
                && set.graphQLSubscriptionBuffer == 8)
        #expect(
            try ServerConfiguration.resolve(environment: ["HEARTH_GRAPHQL_INTROSPECTION": "SIGNED-IN"])
                .graphQLIntrospection == .signedIn)
        #expect(throws: (any Error).self) { try ServerConfiguration.resolve(graphQLIntrospection: "sometimes") }
        #expect(throws: (any Error).self) { try ServerConfiguration.resolve(graphQLMaxDocumentBytes: 10) }
    }
}
