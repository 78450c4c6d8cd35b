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

    /// The command line after the executable, for the server at `base`: every operation, one client, every phase.
    static func arguments(base: String) -> [String] {
        arguments(
            base: base, phases: "examples,coverage,fuzzing,stateful", examples: 25, seconds: budget, workers: 1,
            timeout: 20)
    }

    /// The command line for the run over the push channel and the assets only: four clients at once, many cases,
    /// and push streams the client cuts off after three seconds.
    static func streamArguments(base: String) -> [String] {
        arguments(
            base: base, only: "^/cloud/v1/(push|assets)", phases: "coverage,fuzzing", examples: 200, seconds: 60,
            workers: 4, timeout: 3)
    }

    static func arguments(
        base: String, only paths: String? = nil, phases: String, examples: Int, seconds: Int, workers: Int,
        timeout: Int
    ) -> [String] {
        ["--config-file", scripts.appendingPathComponent("schemathesis.toml").path, "run", base + "/openapi.json"]
            + (paths.map { ["--include-path-regex", $0] } ?? [])
            + [
                "--checks", "all", "--phases", phases, "--max-examples", String(examples), "--max-time",
                String(seconds), "--workers", String(workers), "--request-timeout", String(timeout),
                "--generation-database", "none", "--no-color",
            ]
    }

    /// Runs schemathesis with `arguments`, signing in as the contract account, and returns its exit status and a
    /// report of the run for a failed expectation.
    static func run(_ st: URL, _ arguments: [String], in folder: URL) async throws -> (
        status: Int32, output: String, report: String
    ) {
        let run = try await ChildProcess.run(
            st, arguments,
            environment: [
                "HEARTH_CONTRACT_HOOKS": scripts.appendingPathComponent("hooks.py").path,
                "HEARTH_CONTRACT_EMAIL": email, "HEARTH_CONTRACT_PASSWORD": password,
            ],
            directory: folder)
        return (
            run.status, run.stdout,
            "schemathesis \(arguments.joined(separator: " ")) (exit \(run.status)):\n\(run.stdout)\n\(run.stderr)"
        )
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
            let run = try await Self.run(st, Self.arguments(base: server.base), in: folder)
            #expect(run.status == 0, Comment(rawValue: run.report))
            #expect(run.output.contains("Loaded specification"), Comment(rawValue: run.report))
            #expect(
                server.terminationReason == nil,
                "hearth serve ended during the run:\n\(server.child.stderr.suffix(4000))")

            // Then the push channel and the assets alone, harder, as a fuzzer or a flaky network treats them.
            let streams = try await Self.run(st, Self.streamArguments(base: server.base), in: folder)
            #expect(streams.status == 0, Comment(rawValue: streams.report))
            #expect(streams.output.contains("Selected: 3/"), Comment(rawValue: streams.report))
            #expect(
                server.terminationReason == nil,
                "hearth serve ended during the push and asset run:\n\(server.child.stderr.suffix(4000))")
            let health = try await HTTPClient.shared.execute(
                HTTPClientRequest(url: server.base + "/health"), timeout: .seconds(30))
            #expect(health.status == .ok, "after the runs /health answers \(health.status)")
        }
    }
}
