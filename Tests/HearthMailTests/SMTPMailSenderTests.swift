import Foundation
import HearthCore
import HearthTestSupport
import Logging
import NIOCore
import NIOPosix
import Testing

@testable import HearthMail

/// The SMTP client against a real mail server (aiosmtpd): plain, STARTTLS, TLS from the start, AUTH PLAIN and
/// LOGIN, and servers that refuse, never answer or do not offer TLS.
@Suite("SMTP client against aiosmtpd", .timeLimit(.minutes(5)))
struct SMTPMailSenderTests {
    static let logger = Logger(label: "hearth.mail.test")

    static func sender(_ url: String, clock: any Clock<Duration> = ContinuousClock(), timeout: Duration = .seconds(30))
        throws -> SMTPMailSender
    {
        var configuration = try SMTPConfiguration(url: url, from: "hearth@example.com")
        configuration.timeout = timeout
        return SMTPMailSender(configuration: configuration, clock: clock, logger: logger)
    }

    static let message = {
        MailMessage(
            to: [try! MailAddress("ana@example.com", name: "Ana García")],
            subject: "Your code: 123456 — für dich ✓",
            text: "Hello Ana,\n.a line that starts with a dot\nYour code is 123456.\n"
                + String(repeating: "long ", count: 40) + "\nÜmlaut and 🏠.\n")
    }()

    @Test("a message arrives whole over a plain connection: RFC 5322 headers, UTF-8 quoted-printable text, dots kept")
    func plain() async throws {
        guard let server = try await SMTPTestServer.start() else { return }
        defer { Task { await server.stop() } }
        try await Self.sender("smtp://127.0.0.1:\(server.port)?starttls=off").send(Self.message)
        let envelope = try await server.envelope(1)
        #expect(envelope.mailFrom == "hearth@example.com" && envelope.rcptTos == ["ana@example.com"] && !envelope.tls)
        let parsed = try await server.message(1)
        #expect(parsed.defects.isEmpty, "\(parsed.defects)")
        #expect(parsed.crlfOnly && parsed.longestLine <= 78)
        #expect(parsed.subject == "Your code: 123456 — für dich ✓")
        #expect(parsed.from == "hearth@example.com")
        #expect(parsed.to == "Ana García <ana@example.com>")
        #expect(
            parsed.contentType == "text/plain" && parsed.charset == "utf-8"
                && parsed.transferEncoding == "quoted-printable")
        #expect(parsed.date.hasSuffix("+0000") && parsed.messageID.hasSuffix("@example.com>"))
        let text = parsed.text?.replacingOccurrences(of: "\r\n", with: "\n")
        #expect(text == Self.message.text)
    }

    @Test("STARTTLS with AUTH PLAIN: the server sees TLS and a signed-in session")
    func startTLSAndPlain() async throws {
        let certificates = try TemporaryFolder(prefix: "smtp-cert")
        let (certificate, key) = try await SMTPTestServer.makeCertificate(in: certificates)
        guard
            let server = try await SMTPTestServer.start([
                "--starttls", certificate, key, "--auth", "hearth", "s3cret:@/",
            ])
        else { return }
        defer { Task { await server.stop() } }
        try await Self.sender("smtp://hearth:s3cret%3A%40%2F@localhost:\(server.port)?ca=\(certificate)").send(
            Self.message)
        let envelope = try await server.envelope(1)
        #expect(envelope.tls && envelope.authenticated)
        #expect(try await server.message(1).subject == Self.message.subject)
    }

    @Test("STARTTLS with AUTH LOGIN when the server offers only LOGIN")
    func startTLSAndLogin() async throws {
        let certificates = try TemporaryFolder(prefix: "smtp-cert")
        let (certificate, key) = try await SMTPTestServer.makeCertificate(in: certificates)
        guard
            let server = try await SMTPTestServer.start([
                "--starttls", certificate, key, "--auth", "hearth", "secret", "--login-only",
            ])
        else { return }
        defer { Task { await server.stop() } }
        try await Self.sender("smtp://hearth:secret@localhost:\(server.port)?ca=\(certificate)").send(Self.message)
        let envelope = try await server.envelope(1)
        #expect(envelope.tls && envelope.authenticated)
    }

    @Test("smtps: TLS from the first byte, with AUTH")
    func implicitTLS() async throws {
        let certificates = try TemporaryFolder(prefix: "smtp-cert")
        let (certificate, key) = try await SMTPTestServer.makeCertificate(in: certificates)
        guard let server = try await SMTPTestServer.start(["--tls", certificate, key, "--auth", "hearth", "secret"])
        else { return }
        defer { Task { await server.stop() } }
        try await Self.sender("smtps://hearth:secret@localhost:\(server.port)?ca=\(certificate)").send(Self.message)
        #expect(try await server.envelope(1).authenticated)
    }

    @Test("a wrong password is UNAUTHORIZED, naming the server without the password; nothing is sent")
    func wrongPassword() async throws {
        let certificates = try TemporaryFolder(prefix: "smtp-cert")
        let (certificate, key) = try await SMTPTestServer.makeCertificate(in: certificates)
        guard
            let server = try await SMTPTestServer.start(["--starttls", certificate, key, "--auth", "hearth", "secret"])
        else { return }
        defer { Task { await server.stop() } }
        let error = await #expect(throws: ServiceError.self) {
            try await Self.sender("smtp://hearth:wrong-one@localhost:\(server.port)?ca=\(certificate)").send(
                Self.message)
        }
        #expect(error?.code == .unauthorized)
        #expect(error?.message.contains("refused the user name or password") == true)
        #expect(error?.message.contains("wrong-one") == false)
        #expect(server.count == 0)
    }

    @Test("a certificate nobody vouches for is refused: without ca= the self-signed server gets no mail")
    func untrustedCertificate() async throws {
        let certificates = try TemporaryFolder(prefix: "smtp-cert")
        let (certificate, key) = try await SMTPTestServer.makeCertificate(in: certificates)
        guard let server = try await SMTPTestServer.start(["--starttls", certificate, key]) else { return }
        defer { Task { await server.stop() } }
        let error = await #expect(throws: ServiceError.self) {
            try await Self.sender("smtp://localhost:\(server.port)").send(Self.message)
        }
        #expect(error?.code == .operationFailed)
        #expect(server.count == 0)
    }

    @Test("a 5xx to the recipient is a clear error quoting the server")
    func refusedRecipient() async throws {
        guard let server = try await SMTPTestServer.start(["--reject-rcpt"]) else { return }
        defer { Task { await server.stop() } }
        let error = await #expect(throws: ServiceError.self) {
            try await Self.sender("smtp://127.0.0.1:\(server.port)?starttls=off").send(Self.message)
        }
        #expect(error?.code == .operationFailed)
        #expect(error?.message.contains("did not accept the recipient ana@example.com") == true)
        #expect(error?.message.contains("refused for good") == true && error?.message.contains("550") == true)
        #expect(server.count == 0)
    }

    @Test("STARTTLS required but not offered: nothing is sent in the clear, and the error says what to change")
    func startTLSRequiredButMissing() async throws {
        guard let server = try await SMTPTestServer.start() else { return }
        defer { Task { await server.stop() } }
        let error = await #expect(throws: ServiceError.self) {
            try await Self.sender("smtp://127.0.0.1:\(server.port)").send(Self.message)
        }
        #expect(error?.message.contains("does not offer STARTTLS") == true)
        #expect(error?.message.contains("?starttls=opportunistic") == true)
        #expect(server.count == 0)
        // Opportunistic sends without it.
        try await Self.sender("smtp://127.0.0.1:\(server.port)?starttls=opportunistic").send(Self.message)
        #expect(try await server.envelope(1).tls == false)
    }

    @Test("a server that never answers: TIMED_OUT once the injected clock passes the timeout")
    func silentServer() async throws {
        guard let server = try await SMTPTestServer.start(["--silent"]) else { return }
        defer { Task { await server.stop() } }
        let clock = ManualClock()
        let sender = try Self.sender(
            "smtp://127.0.0.1:\(server.port)?starttls=off", clock: clock, timeout: .seconds(20))
        let sending = Task { try await sender.send(Self.message) }
        // One sleeper for the connection's timeout, one for the greeting's.
        try await waitUntil("the client waits for the greeting") { clock.sleeperCount >= 2 }
        clock.advance(by: .seconds(21))
        let error = await #expect(throws: ServiceError.self) { try await sending.value }
        #expect(error?.code == .timedOut)
        #expect(
            error?.message
                == "The mail server smtp://127.0.0.1:\(server.port)?starttls=off did not answer within 20 seconds after connecting; the mail was not sent. Check that --smtp-url names a mail server (smtps:// for a port that expects TLS at once)."
        )
    }

    @Test("nothing listening: a clear connection error")
    func nothingListening() async throws {
        // A port that was free a moment ago: bound and released.
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(
            host: "127.0.0.1", port: 0
        ).get()
        let port = try #require(channel.localAddress?.port)
        try await channel.close()
        let error = await #expect(throws: ServiceError.self) {
            try await Self.sender("smtp://127.0.0.1:\(port)").send(Self.message)
        }
        #expect(error?.code == .operationFailed)
        #expect(error?.message.hasPrefix("Cannot connect to the mail server smtp://127.0.0.1:\(port)") == true)
    }
}
