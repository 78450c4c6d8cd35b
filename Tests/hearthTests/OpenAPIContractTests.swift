import AsyncHTTPClient
import Foundation
import HearthCloudModel
import HearthTestSupport
import NIOCore
import NIOHTTP1
import Testing

/// schemathesis against a live `hearth serve` and its own `/openapi.json`: every check, every phase
/// (examples, coverage, fuzzing, stateful), within a time budget. Loading the document already checks that it
/// is valid OpenAPI; any finding fails the test with schemathesis's report.
///
/// `scripts/schemathesis/` holds the run's configuration (sign-in, the statuses a well-formed request may
/// meet) and the rules JSON Schema cannot state.
@Suite("The OpenAPI document holds against a live server (schemathesis)", .timeLimit(.minutes(10)))
struct OpenAPIContractTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let scripts = repository.appendingPathComponent("scripts/schemathesis")
    static let schemathesis = ExternalTool(
        name: "schemathesis", variable: "HEARTH_SCHEMATHESIS",
        candidates: [repository.appendingPathComponent(".build/venv/bin/st")],
        install: "python3 -m venv .build/venv && .build/venv/bin/pip install schemathesis (.ci/run does)")

    /// The seconds schemathesis spends: coverage once, then fuzzing and stateful runs until the budget is spent.
    static let budget = 150
    static let email = "contract@example.com"
    static let password = "a contract password"

    /// The command line after the executable, for the server at `base`.
    static func arguments(base: String) -> [String] {
        [
            "--config-file", scripts.appendingPathComponent("schemathesis.toml").path,
            "run", base + "/openapi.json",
            "--checks", "all", "--phases", "examples,coverage,fuzzing,stateful",
            "--max-examples", "25", "--max-time", String(budget), "--workers", "1",
            "--request-timeout", "20", "--generation-database", "none", "--no-color",
        ]
    }

    /// The command line for the run over the push channel and the assets only.
    static func streamArguments(base: String) -> [String] {
        [
            "--config-file", scripts.appendingPathComponent("schemathesis.toml").path,
            "run", base + "/openapi.json", "--include-path-regex", "^/cloud/v1/(push|assets)",
            "--checks", "all", "--phases", "coverage,fuzzing",
            "--max-examples", "200", "--max-time", "60", "--workers", "4",
            "--request-timeout", "3", "--generation-database", "none", "--no-color",
        ]
    }

    @Test("schemathesis finds no request the server answers against its document")
    func schemathesisFindsNothing() async throws {
        guard let st = try Self.schemathesis.required() else { return }
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        // Unthrottled, so that only what schemathesis sends decides the answers.
        let unthrottled = [
            "--rate-limit", "1000000", "--rate-burst", "1000000", "--signed-out-rate-limit", "1000000",
            "--signed-out-rate-burst", "1000000",
        ]
        try await ServerProcess.running(dataDirectory: data, arguments: unthrottled) { server in
            // schemathesis signs in as this account, and again whenever it has signed the token out.
            let session = try await server.signUpAndIn(Self.email, password: Self.password)
            #expect(!session.token.isEmpty)
            let started = ContinuousClock.now
            let run = try await ChildProcess.run(
                st, Self.arguments(base: server.base),
                environment: [
                    "HEARTH_CONTRACT_HOOKS": Self.scripts.appendingPathComponent("hooks.py").path,
                    "HEARTH_CONTRACT_EMAIL": Self.email, "HEARTH_CONTRACT_PASSWORD": Self.password,
                ],
                directory: folder)
            let report =
                "schemathesis \(Self.arguments(base: server.base).joined(separator: " ")) (exit \(run.status), \(started.duration(to: .now))):\n\(run.stdout)\n\(run.stderr)"
            #expect(run.status == 0, Comment(rawValue: report))
            #expect(run.stdout.contains("Loaded specification"), Comment(rawValue: report))
            #expect(
                server.terminationReason == nil,
                "hearth serve ended during the run:\n\(server.child.stderr.suffix(4000))")

            // Then the push channel and the assets alone, harder: four clients at once, many cases, and push
            // streams cut off by the client after three seconds, as a fuzzer or a flaky network leaves them.
            let streams = try await ChildProcess.run(
                st, Self.streamArguments(base: server.base),
                environment: [
                    "HEARTH_CONTRACT_HOOKS": Self.scripts.appendingPathComponent("hooks.py").path,
                    "HEARTH_CONTRACT_EMAIL": Self.email, "HEARTH_CONTRACT_PASSWORD": Self.password,
                ],
                directory: folder)
            let streamReport =
                "schemathesis \(Self.streamArguments(base: server.base).joined(separator: " ")) (exit \(streams.status)):\n\(streams.stdout)\n\(streams.stderr)"
            #expect(streams.status == 0, Comment(rawValue: streamReport))
            #expect(streams.stdout.contains("Selected: 3/"), Comment(rawValue: streamReport))
            #expect(
                server.terminationReason == nil,
                "hearth serve ended during the push and asset run:\n\(server.child.stderr.suffix(4000))")
            let health = try await HTTPClient.shared.execute(
                HTTPClientRequest(url: server.base + "/health"), timeout: .seconds(30))
            #expect(health.status == .ok, "after the runs /health answers \(health.status)")
        }
    }
}
