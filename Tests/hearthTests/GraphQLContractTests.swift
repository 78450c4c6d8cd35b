import Foundation
import HearthCloudModel
import HearthTestSupport
import Testing

/// schemathesis in its GraphQL mode against a live `hearth serve`'s `/graphql`, signed in with a bearer token:
/// it loads the schema by introspection and sends every query and mutation with arguments it generates, fuzzing
/// and stateful, within a time budget. The server must never fail: no HTTP 5xx, no `INTERNAL` error.
///
/// `scripts/schemathesis/graphql.toml` and `graphql_hooks.py` hold the run's configuration and that one check:
/// schemathesis's own `not_a_server_error` counts every error with a `path` as a resolver that failed, which a
/// mutation on a household that does not exist (NOT_FOUND) is not.
@Suite("The GraphQL endpoint holds against schemathesis's generated operations", .timeLimit(.minutes(10)))
struct GraphQLContractTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let scripts = repository.appendingPathComponent("scripts/schemathesis")
    static let schemathesis = ExternalTool(
        name: "schemathesis", variable: "HEARTH_SCHEMATHESIS",
        candidates: [repository.appendingPathComponent(".build/venv/bin/st")],
        install: "python3 -m venv .build/venv && .build/venv/bin/pip install schemathesis (.ci/run does)")

    /// The seconds schemathesis spends fuzzing and running stateful scenarios.
    static let budget = 120

    /// The command line after the executable, for the server at `base` and the caller's `token`.
    static func arguments(base: String, token: String) -> [String] {
        [
            "--config-file", scripts.appendingPathComponent("graphql.toml").path,
            "run", base + "/graphql", "--header", "Authorization: Bearer \(token)",
            "--checks", "hearth_no_server_failure",
            "--max-examples", "50", "--max-time", String(budget), "--workers", "1",
            "--request-timeout", "20", "--generation-database", "none", "--no-color",
        ]
    }

    @Test("schemathesis's operations, signed in, never make the server fail")
    func schemathesisFindsNoServerError() async throws {
        guard let st = try Self.schemathesis.required() else { return }
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        // Unthrottled, so that only what schemathesis sends decides the answers.
        try await ServerProcess.running(
            dataDirectory: data, arguments: ["--graphql-rate-limit", "1000000", "--graphql-rate-burst", "1000000"]
        ) { server in
            let session = try await server.signUpAndIn("graphql-contract@example.com", password: "a contract password")
            let arguments = Self.arguments(base: server.base, token: session.token)
            let run = try await ChildProcess.run(
                st, arguments,
                environment: [
                    "HEARTH_GRAPHQL_CONTRACT_HOOKS": Self.scripts.appendingPathComponent("graphql_hooks.py").path
                ],
                directory: folder)
            let shown = arguments.map { $0.hasPrefix("Authorization:") ? "Authorization: Bearer …" : $0 }.joined(
                separator: " ")
            let report = "schemathesis \(shown) (exit \(run.status)):\n\(run.stdout)\n\(run.stderr)"
            #expect(run.status == 0, Comment(rawValue: report))
            #expect(run.stdout.contains("Specification:    GraphQL"), Comment(rawValue: report))
            // It ran operations: a run that loaded nothing, or generated nothing, would pass and prove nothing.
            let generated = run.stdout.firstMatch(of: /(\d+) generated/).flatMap { Int($0.1) } ?? 0
            #expect(generated > 100, Comment(rawValue: report))
            #expect(
                server.terminationReason == nil,
                "hearth serve ended during the run:\n\(server.child.stderr.suffix(4000))")
            #expect(
                !server.child.stderr.contains("GraphQL operation failed"),
                "the server logged an unexpected error:\n\(server.child.stderr.suffix(4000))")
        }
    }
}
