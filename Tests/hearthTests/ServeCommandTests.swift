import Foundation
import HearthTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(.serialized, .timeLimit(.minutes(10))) struct ServeCommandTests {
    /// Runs `hearth arguments…` to completion.
    private func hearth(_ arguments: [String], environment: [String: String] = [:]) async throws -> ChildProcess.Result
    {
        try await ChildProcess.run(ChildProcess.product("hearth"), arguments, environment: environment)
    }

    @Test func servesHealthAndExitsCleanlyOnSIGTERM() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await ServerProcess.running(dataDirectory: folder) { server in
            let (body, response) = try await URLSession.shared.data(from: URL(string: "\(server.base)/health")!)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(String(decoding: body, as: UTF8.self).contains("\"healthy\""))
            server.child.signal(SIGTERM)
            let status = await server.child.exit()
            #expect(server.terminationReason == .exit)
            #expect(status == 0, "output:\n\(server.child.stderr)")
            #expect(FileManager.default.fileExists(atPath: folder.path), "the data directory is created")
        }
    }

    @Test func aTakenPortIsAClearErrorAndANonZeroExit() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await ServerProcess.running(dataDirectory: folder) { server in
            let port = server.port
            let second = try await hearth(["serve", "--port", String(port), "--data-dir", folder.path])
            #expect(second.status != 0)
            #expect(second.stderr.contains("Port \(port) on 127.0.0.1 is already in use"))
            #expect(!second.stderr.contains("Fatal error"))
            #expect(!second.stderr.contains("Stack"))
        }
    }

    @Test func anUnusableDataDirectoryIsAClearError() async throws {
        let file = temporaryFolder()
        try Data("not a folder".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await hearth(["serve", "--port", "0", "--data-dir", file.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("The data directory \(file.path) cannot be used"))
    }

    @Test func badFlagsAndValuesExplainThemselves() async throws {
        let unknown = try await hearth(["serve", "--prot", "1"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("--prot"))
        let port = try await hearth(["serve", "--port", "99999"])
        #expect(port.status != 0)
        #expect(port.stderr.contains("99999"))
        let environment = try await hearth(["serve"], environment: ["HEARTH_PORT": "http"])
        #expect(environment.status != 0)
        #expect(environment.stderr.contains("HEARTH_PORT"))
    }

    @Test func versionAndHelp() async throws {
        let version = try await hearth(["--version"])
        #expect(version.status == 0)
        #expect(
            version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).range(
                of: #"^\d+\.\d+\.\d+$"#, options: .regularExpression) != nil)
        let help = try await hearth(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("serve"))
        let serveHelp = try await hearth(["serve", "--help"])
        #expect(serveHelp.stdout.contains("--data-dir"))
        #expect(serveHelp.stdout.contains("HEARTH_PORT"))
    }
}
