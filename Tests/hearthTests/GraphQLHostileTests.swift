import AsyncHTTPClient
import Foundation
import HearthCloudModel
import HearthTestSupport
import NIOCore
import NIOHTTP1
import Testing

/// Attacks on a live `hearth serve`'s GraphQL endpoint, by strangers and by members: each is answered with its
/// error, the server still answers `/health`, and its memory stays within 64 MB of where it started.
///
/// No test here measures time. Every check the server makes is linear in what it is sent, so none of these can
/// be slow; were one to become slow again, the suite's time limit would fail it.
@Suite("Hostile GraphQL requests against a live hearth serve", .serialized, .timeLimit(.minutes(15)))
struct GraphQLHostileTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// An answer's status and error codes.
    struct Answer {
        let status: Int
        let codes: [String]
        let message: String?
        let body: Data
    }

    static func post(_ server: ServerProcess, json: Data, token: String? = nil) async throws -> Answer {
        var request = HTTPClientRequest(url: server.base + "/graphql")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        request.body = .bytes(ByteBuffer(bytes: json))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        let body = Data((try await response.body.collect(upTo: 50_000_000)).readableBytesView)
        let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        let errors = object?["errors"] as? [[String: Any]] ?? []
        return Answer(
            status: Int(response.status.code),
            codes: errors.compactMap { ($0["extensions"] as? [String: Any])?["code"] as? String },
            message: errors.first?["message"] as? String, body: body)
    }

    static func post(_ server: ServerProcess, _ query: String, token: String? = nil) async throws -> Answer {
        try await post(server, json: try JSONSerialization.data(withJSONObject: ["query": query]), token: token)
    }

    /// The server's resident memory, in bytes, from /proc.
    static func residentBytes(_ server: ServerProcess) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(server.child.processIdentifier)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        let kilobytes = try #require(line.split(separator: " ").dropFirst().first.flatMap { Int($0) })
        return kilobytes * 1024
    }

    /// The server still runs and answers `/health` with 200, and holds at most 64 MB more than `baseline`.
    static func stillWell(
        _ server: ServerProcess, since baseline: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        #expect(
            server.terminationReason == nil, "hearth serve ended:\n\(server.child.stderr.suffix(4000))",
            sourceLocation: sourceLocation)
        let health = try await HTTPClient.shared.execute(
            HTTPClientRequest(url: server.base + "/health"), timeout: .seconds(30))
        #expect(health.status == .ok, sourceLocation: sourceLocation)
        let grown = try residentBytes(server) - baseline
        #expect(grown < 64 << 20, "the server grew by \(grown >> 20) MB", sourceLocation: sourceLocation)
    }

    @Test("a stranger's query nested a thousand deep, variables nested a hundred thousand deep, and a fragment bomb")
    func deepAndExplosive() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await ServerProcess.running(dataDirectory: folder.appendingPathComponent("data")) { server in
            let baseline = try Self.residentBytes(server)
            // 1,000 levels in about 4 KB: GraphQL's parser would descend once per level, and did until the stack ran out.
            let deep = "{" + String(repeating: "a{", count: 1_000) + "b" + String(repeating: "}", count: 1_001)
            let refused = try await Self.post(server, deep)
            #expect(refused.status == 400)
            #expect(refused.codes == ["TOO_DEEP"])
            #expect(refused.message?.contains("nest more than 35 deep") == true)

            let nested = String(repeating: "[", count: 100_000) + "1" + String(repeating: "]", count: 100_000)
            let variables = try await Self.post(
                server, json: Data((#"{"query":"{ __typename }","variables":{"v":"# + nested + "}}").utf8))
            #expect(variables.status == 400)
            #expect(variables.codes == ["TOO_DEEP"])
            // Objects within the limit: each level is read once (GraphQL's own decoding read each twice: 2^34 here).
            let objects = String(repeating: #"{"a":"#, count: 34) + "1" + String(repeating: "}", count: 34)
            let flat = try await Self.post(
                server, json: Data((#"{"query":"{ __typename }","variables":{"v":"# + objects + "}}").utf8))
            #expect(flat.status == 200)

            // Each fragment spreads the next four times, twelve deep: 4^12 = 16,777,216 fields from 700 bytes.
            var bomb = "query Bomb { ...F0 }\n"
            for level in 0..<12 {
                bomb += "fragment F\(level) on Query { " + String(repeating: "...F\(level + 1) ", count: 4) + "}\n"
            }
            bomb += "fragment F12 on Query { __typename }"
            let exploded = try await Self.post(server, bomb)
            #expect(exploded.status == 400)
            #expect(exploded.codes == ["TOO_COSTLY"])
            #expect(exploded.message?.contains("costs 16777216; the server's cost limit is 20000") == true)
            try await Self.stillWell(server, since: baseline)
        }
    }

    /// Three hundred aliased `__schema` selections, each walking the schema three levels down.
    static let aliasedSchema =
        "{ "
        + (0..<300).map { "s\($0): __schema { types { name fields { name type { name ofType { name } } } } }" }.joined(
            separator: " ") + " }"

    @Test(
        "three hundred aliased __schema selections: past the tokens by default; with room for the tokens, past the aliases and the cost"
    )
    func aliasedIntrospection() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await ServerProcess.running(dataDirectory: folder.appendingPathComponent("data")) { server in
            let baseline = try Self.residentBytes(server)
            let stranger = try await Self.post(server, Self.aliasedSchema)
            #expect(stranger.status == 400)
            #expect(stranger.codes == ["TOO_MANY_TOKENS"])
            // One __schema is introspection, which strangers may not do, and members may.
            let one = try await Self.post(server, "{ __schema { queryType { name } } }")
            #expect(one.status == 403)
            #expect(one.codes == ["INTROSPECTION_DISABLED"])
            let session = try await server.signUpAndIn("member@example.com")
            let member = try await Self.post(server, "{ __schema { queryType { name } } }", token: session.token)
            #expect(member.status == 200 && member.codes.isEmpty)
            try await Self.stillWell(server, since: baseline)
        }
        let roomy = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: roomy) }
        try await ServerProcess.running(
            dataDirectory: roomy.appendingPathComponent("data"), arguments: ["--graphql-max-tokens", "100000"]
        ) { server in
            let baseline = try Self.residentBytes(server)
            let session = try await server.signUpAndIn("member@example.com")
            for token in [nil, session.token] {
                let answer = try await Self.post(server, Self.aliasedSchema, token: token)
                #expect(answer.status == 400)
                #expect(answer.codes == ["TOO_MANY_ALIASES", "TOO_COSTLY"])
                #expect(answer.message?.contains("uses 300 aliases") == true)
                #expect(answer.body.count < 4_096)
            }
            try await Self.stillWell(server, since: baseline)
        }
    }

    @Test(
        "a thousand distinct 1 MB junk documents and three thousand distinct 32 KB valid ones leave memory within 64 MB"
    )
    func junkDocuments() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // This test is about memory, so the signed-out rate limit (tested in HostileClientTests) is opened up:
        // four thousand signed-out requests from one address would otherwise be refused after the first hundred.
        let unlimited = ["--signed-out-rate-limit", "1000000", "--signed-out-rate-burst", "1000000"]
        try await ServerProcess.running(dataDirectory: folder.appendingPathComponent("data"), arguments: unlimited) {
            server in
            _ = try await Self.post(server, "{ __typename }")
            let baseline = try Self.residentBytes(server)
            var generator = SystemRandomNumberGenerator()
            // Nothing JSON would escape, so the body is written as it is.
            let alphabet = Array("abcdefghijklmnopqrstuvwxyz{}()[] ...:$@#".utf8)
            for number in 0..<1_000 {
                // 1 MB that no two requests share: 64 random bytes, repeated, with the request's number.
                let pattern = String(
                    decoding: (0..<64).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] },
                    as: UTF8.self)
                let junk = String(repeating: pattern, count: 1 << 14) + " \(number)"
                let answer = try await Self.post(server, json: Data((#"{"query":""# + junk + #""}"#).utf8))
                #expect(
                    answer.status == 413 && answer.codes == ["QUERY_TOO_LARGE"],
                    "junk \(number): \(answer.status) \(answer.codes)")
                if answer.status != 413 { break }
            }
            try await Self.stillWell(server, since: baseline)

            // Documents just under the byte limit that pass every check are kept, within the cache's budget:
            // unbounded, three thousand of them would hold over 90 MB of text alone.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<4 {
                    group.addTask {
                        for number in stride(from: worker, to: 3_000, by: 4) {
                            let text = "\(number) " + String(repeating: "x", count: 32_000)
                            let answer = try await Self.post(server, "{ searchUsers(text: \"\(text)\") { id } }")
                            // It ran: signed out, the field asks for a sign-in.
                            #expect(
                                answer.status == 200 && answer.codes == ["UNAUTHENTICATED"],
                                "document \(number): \(answer.status) \(answer.codes)")
                        }
                    }
                }
                try await group.waitForAll()
            }
            try await Self.stillWell(server, since: baseline)
        }
    }

    static let python = ExternalTool(
        name: "Python with websockets", variable: "HEARTH_GRAPHQL_PYTHON",
        candidates: [repository.appendingPathComponent(".build/venv/bin/python3")],
        install: "python3 -m venv .build/venv && .build/venv/bin/pip install 'gql[websockets]==4.0.0' (.ci/run does)")

    /// A household of `token`'s, made over GraphQL.
    static func household(_ server: ServerProcess, token: String) async throws -> String {
        let created = try await post(
            server, #"mutation { createHousehold(input: {name: "Home"}) { id } }"#, token: token)
        let object = try JSONSerialization.jsonObject(with: created.body) as? [String: Any]
        return try #require(
            ((object?["data"] as? [String: Any])?["createHousehold"] as? [String: Any])?["id"] as? String)
    }

    struct WebSocketAttacks: Decodable {
        struct Closed: Decodable {
            let code: Int?
            let reason: String?
        }

        struct OverCap: Decodable {
            let codes: [String]
            let answersPing: Bool
        }

        let unauthenticated: Closed
        let signedOut: Closed
        let overCap: OverCap
    }

    struct SlowSubscriber: Decodable {
        let events: Int
        let changes: Int
        let code: Int?
        let reason: String?
    }

    @Test("WebSocket: no session, a session signed out, one subscription too many, and a subscriber that stops reading")
    func webSocketAttacks() async throws {
        guard let python = Self.python.executable else {
            if ExternalTool.missingFails {
                Issue.record(Comment(rawValue: Self.python.missingReason))
                return
            }
            try Test.cancel(Comment(rawValue: Self.python.missingReason))
        }
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scripts = Self.repository.appendingPathComponent("scripts/graphql")
        // Unthrottled, so only the WebSocket's own limits decide.
        try await ServerProcess.running(
            dataDirectory: folder.appendingPathComponent("data"),
            arguments: ["--graphql-rate-burst", "100000", "--graphql-rate-limit", "100000"]
        ) { server in
            let baseline = try Self.residentBytes(server)
            let member = try await server.signUpAndIn("member@example.com")
            let doomed = try await server.signUpAndIn("doomed@example.com")
            let home = try await Self.household(server, token: member.token)
            let run = try await ChildProcess.run(
                python,
                [
                    scripts.appendingPathComponent("websocket_attacks.py").path, server.base, member.token, home,
                    doomed.token,
                ])
            #expect(run.status == 0, "\(run.stderr)")
            let attacks = try JSONDecoder().decode(WebSocketAttacks.self, from: Data(run.stdout.utf8))
            #expect(attacks.unauthenticated.code == 4401)
            #expect(attacks.signedOut.code == 4401)
            #expect(attacks.signedOut.reason?.contains("session has ended") == true)
            #expect(attacks.overCap.codes == ["TOO_MANY_SUBSCRIPTIONS"])
            #expect(attacks.overCap.answersPing)

            // Twenty subscriptions to changes with 100 KB descriptions, a client that reads nothing while 150 are made.
            let slow = try await ChildProcess.run(
                python,
                [
                    scripts.appendingPathComponent("slow_subscriber.py").path, server.base, member.token, home, "20",
                    "150",
                ])
            #expect(slow.status == 0, "\(slow.stderr)")
            let subscriber = try JSONDecoder().decode(SlowSubscriber.self, from: Data(slow.stdout.utf8))
            #expect(subscriber.changes == 150)
            #expect(subscriber.code == 4413)
            #expect(subscriber.reason?.contains("fell behind") == true)
            // It got what was sent before it fell behind, and no more than 16 MiB of it waited.
            #expect(subscriber.events > 0 && subscriber.events < 20 * 150)
            try await Self.stillWell(server, since: baseline)
        }
    }
}
