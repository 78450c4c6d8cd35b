public import Foundation
import Testing

/// A real SMTP server for a test: Python's aiosmtpd (`scripts/smtp/test-server.py`, from the venv `.ci/run`
/// fills) on 127.0.0.1 and a free port, keeping every message it accepts in a folder of the test's own.
///
/// ```swift
/// let server = try await SMTPTestServer.start()
/// defer { server.stop() }
/// // send to 127.0.0.1:\(server.port), then:
/// let message = try await server.message(1)
/// ```
public final class SMTPTestServer: Sendable {
    /// Python with aiosmtpd.
    public static let python = ExternalTool(
        name: "Python with aiosmtpd", variable: "HEARTH_SMTP_PYTHON",
        candidates: [repository.appendingPathComponent(".build/venv/bin/python3")],
        install: "python3 -m venv .build/venv && .build/venv/bin/pip install aiosmtpd==1.4.6 (.ci/run does)")

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let script = repository.appendingPathComponent("scripts/smtp/test-server.py")

    public let port: Int
    /// Where the messages are kept: `001.eml` and `001.json` for the first.
    public let folder: TemporaryFolder
    let child: ChildProcess
    let python: URL

    private init(port: Int, folder: TemporaryFolder, child: ChildProcess, python: URL) {
        self.port = port
        self.folder = folder
        self.child = child
        self.python = python
    }

    /// The Python to run, or nil after the test was skipped (or, on CI, failed) because it is missing.
    public static func requirePython() async throws -> URL? {
        guard let python = python.executable else {
            if ExternalTool.missingFails {
                Issue.record(Comment(rawValue: python.missingReason))
                return nil
            }
            try Test.cancel(Comment(rawValue: python.missingReason))
        }
        // A child process, not Process.waitUntilExit, which would hold a thread of the cooperative pool (the
        // only one, on a single core) for as long as Python takes to start.
        let check = try await ChildProcess.run(python, ["-c", "import aiosmtpd"])
        guard check.status == 0, check.reason == .exit else {
            let reason = "\(python.path) has no aiosmtpd; \(Self.python.install)."
            if ExternalTool.missingFails {
                Issue.record(Comment(rawValue: reason))
                return nil
            }
            try Test.cancel(Comment(rawValue: reason))
        }
        return python
    }

    /// Starts a server with the script's options (`--starttls CERT KEY`, `--tls CERT KEY`, `--auth USER PASSWORD`,
    /// `--login-only`, `--reject-rcpt`, `--silent`) and waits until it listens; nil when Python is missing (see
    /// ``requirePython()``).
    public static func start(_ options: [String] = []) async throws -> SMTPTestServer? {
        guard let python = try await requirePython() else { return nil }
        let folder = try TemporaryFolder(prefix: "smtp")
        let child = try ChildProcess.start(python, [script.path, folder.url.path] + options)
        do {
            let line = try await child.waitForOutput(containing: "PORT ", timeout: .seconds(30))
            guard let port = Int(line.split(separator: " ").last ?? "") else {
                throw WaitTimedOut(description: "The SMTP test server printed \"\(line)\"")
            }
            return SMTPTestServer(port: port, folder: folder, child: child, python: python)
        } catch {
            child.signal(SIGKILL)
            await child.exit()
            throw error
        }
    }

    /// The raw bytes of the `number`th message accepted (from 1), once it has arrived.
    public func raw(_ number: Int) async throws -> Data {
        let file = folder.file(String(format: "%03d.json", number))
        try await waitUntil("the SMTP server has message \(number)") {
            FileManager.default.fileExists(atPath: file.path)
        }
        return try Data(contentsOf: folder.file(String(format: "%03d.eml", number)))
    }

    /// The envelope and session of the `number`th message: `mailFrom`, `rcptTos`, `tls`, `authenticated`.
    public func envelope(_ number: Int) async throws -> Envelope {
        _ = try await raw(number)
        return try JSONDecoder().decode(
            Envelope.self, from: Data(contentsOf: folder.file(String(format: "%03d.json", number))))
    }

    /// The `number`th message as Python's email package reads it (policy strict).
    public func message(_ number: Int) async throws -> ParsedMessage {
        _ = try await raw(number)
        let result = try await ChildProcess.run(
            python, [Self.script.path, "parse", folder.file(String(format: "%03d.eml", number)).path])
        guard result.status == 0 else {
            throw WaitTimedOut(description: "Python could not read message \(number): \(result.stderr)")
        }
        return try JSONDecoder().decode(ParsedMessage.self, from: result.stdoutData)
    }

    /// How many messages have arrived.
    public var count: Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []).filter { $0.hasSuffix(".json") }
            .count
    }

    /// Stops the server.
    public func stop() async {
        child.signal(SIGTERM)
        await child.exit()
    }

    public struct Envelope: Decodable, Sendable {
        public var mailFrom: String
        public var rcptTos: [String]
        public var tls: Bool
        public var authenticated: Bool
    }

    public struct ParsedMessage: Decodable, Sendable {
        public var from: String
        public var to: String
        public var subject: String
        public var date: String
        public var messageID: String
        public var contentType: String
        public var charset: String?
        public var transferEncoding: String
        public var text: String?
        /// The HTML part of a `multipart/alternative` message, decoded.
        public var html: String?
        public var defects: [String]
        public var crlfOnly: Bool
        public var longestLine: Int
    }

    /// A self-signed certificate for `localhost` and 127.0.0.1 with its key, made with openssl in `folder`:
    /// (certificate, key) paths.
    public static func makeCertificate(in folder: TemporaryFolder) async throws -> (certificate: String, key: String) {
        let certificate = folder.file("cert.pem").path
        let key = folder.file("key.pem").path
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/openssl"),
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "2",
                "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
            ])
        guard result.status == 0 else {
            throw WaitTimedOut(description: "openssl could not make a certificate: \(result.stderr)")
        }
        return (certificate, key)
    }
}
