import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite(.serialized) struct ServeCommandTests {
    /// Starts `hearth serve --port 0` and waits for the port it logs.
    private func startServer(dataDirectory: URL) async throws -> (Process, Int, OutputCollector) {
        let process = Process()
        process.executableURL = try HearthProcess.executable
        process.arguments = ["serve", "--port", "0", "--data-dir", dataDirectory.path]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        let collector = OutputCollector(err)
        try process.run()
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if let match = collector.text.firstMatch(of: /server\.url=http:\/\/127\.0\.0\.1:(\d+)/), let port = Int(match.1) {
                return (process, port, collector)
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        process.terminate()
        throw HearthProcessError(message: "hearth serve did not report a port; it printed:\n\(collector.text)")
    }

    private func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("hearth-cli-\(UUID().uuidString)")
    }

    @Test func servesHealthAndExitsCleanlyOnSIGTERM() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (process, port, output) = try await startServer(dataDirectory: folder)
        let (body, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/health")!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self).contains("\"healthy\""))
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0, "output:\n\(output.text)")
        #expect(FileManager.default.fileExists(atPath: folder.path), "the data directory is created")
    }

    @Test func aTakenPortIsAClearErrorAndANonZeroExit() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (first, port, _) = try await startServer(dataDirectory: folder)
        defer {
            first.terminate()
            first.waitUntilExit()
        }
        let second = try HearthProcess.run(["serve", "--port", String(port), "--data-dir", folder.path])
        #expect(second.status != 0)
        #expect(second.stderr.contains("Port \(port) on 127.0.0.1 is already in use"))
        #expect(!second.stderr.contains("Fatal error"))
        #expect(!second.stderr.contains("Stack"))
    }

    @Test func anUnusableDataDirectoryIsAClearError() throws {
        let file = temporaryFolder()
        try Data("not a folder".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try HearthProcess.run(["serve", "--port", "0", "--data-dir", file.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("The data directory \(file.path) cannot be used"))
    }

    @Test func badFlagsAndValuesExplainThemselves() throws {
        let unknown = try HearthProcess.run(["serve", "--prot", "1"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("--prot"))
        let port = try HearthProcess.run(["serve", "--port", "99999"])
        #expect(port.status != 0)
        #expect(port.stderr.contains("99999"))
        let environment = try HearthProcess.run(["serve"], environment: ["HEARTH_PORT": "http"])
        #expect(environment.status != 0)
        #expect(environment.stderr.contains("HEARTH_PORT"))
    }

    @Test func versionAndHelp() throws {
        let version = try HearthProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).range(of: #"^\d+\.\d+\.\d+$"#, options: .regularExpression) != nil)
        let help = try HearthProcess.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("serve"))
        let serveHelp = try HearthProcess.run(["serve", "--help"])
        #expect(serveHelp.stdout.contains("--data-dir"))
        #expect(serveHelp.stdout.contains("HEARTH_PORT"))
    }
}
