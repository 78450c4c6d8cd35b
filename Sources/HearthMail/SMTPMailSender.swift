public import Foundation
public import HearthCore
public import Logging
public import NIOCore
public import NIOPosix
import NIOSSL

/// Sends messages through a mail server with SMTP: EHLO, STARTTLS (or TLS from the start), AUTH PLAIN or
/// LOGIN, MAIL, RCPT, DATA (dot-stuffed), QUIT — one connection per message.
///
/// Every wait (the connection, each answer) ends after ``SMTPConfiguration/timeout`` on the injected clock.
/// Failures are ``ServiceError``s that name the server and its answer: `TIMED_OUT` when it does not answer,
/// `OPERATION_FAILED` when it refuses (a 4xx or 5xx, with its text) or the connection fails, `UNAUTHORIZED`
/// when it refuses the user name or password.
///
/// ```swift
/// let mailer = SMTPMailSender(configuration: try SMTPConfiguration(url: url, from: "hearth@example.com"), logger: logger)
/// try await mailer.send(MailMessage(to: [try MailAddress("ana@example.com")], subject: "Hello", text: "…"))
/// ```
public struct SMTPMailSender: MailSending {
    public let configuration: SMTPConfiguration
    let clock: any Clock<Duration>
    let now: @Sendable () -> Date
    let eventLoopGroup: any EventLoopGroup
    let logger: Logger

    public init(
        configuration: SMTPConfiguration, clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = Date.init,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton, logger: Logger
    ) {
        self.configuration = configuration
        self.clock = clock
        self.now = now
        self.eventLoopGroup = eventLoopGroup
        self.logger = logger
    }

    public var delivers: Bool { true }

    public func send(_ message: MailMessage) async throws {
        guard !message.to.isEmpty else {
            throw ServiceError.validationFailed("The email has no recipient; name at least one in \"to\".")
        }
        let sender = configuration.from
        let text = message.rendered(
            from: sender, date: now(), messageID: message.messageID(domain: sender.domain))
        let tls = try makeTLSContext()
        let inbox = SMTPInbox()
        let channel = try await connect(inbox: inbox, tls: configuration.security == .implicitTLS ? tls : nil)
        let conversation = SMTPConversation(
            channel: channel, inbox: inbox, clock: clock, timeout: configuration.timeout,
            server: configuration.description)
        do {
            try await conversation.deliver(
                text, from: sender.address, to: message.to.map(\.address), configuration: configuration, tls: tls)
            logger.debug(
                "Sent an email",
                metadata: [
                    "mail.to.domain": .string(message.to.map(\.domain).joined(separator: ",")),
                    "mail.server": .string(configuration.description),
                ])
        } catch {
            channel.close(promise: nil)
            throw error
        }
        channel.close(promise: nil)
    }

    private func makeTLSContext() throws -> NIOSSLContext {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let file = configuration.certificateAuthorityFile {
            do {
                tls.additionalTrustRoots = [.certificates(try NIOSSLCertificate.fromPEMFile(file))]
            } catch {
                throw ServiceError(
                    .validationFailed,
                    "The certificate authority file \(file) (ca= in --smtp-url) cannot be read as PEM: \(error)",
                    underlying: error)
            }
        }
        do {
            return try NIOSSLContext(configuration: tls)
        } catch {
            throw ServiceError(
                .operationFailed, "TLS for the mail server cannot be set up: \(error)", underlying: error)
        }
    }

    /// Connects within the timeout; with `tls`, TLS starts at once (smtps).
    private func connect(inbox: SMTPInbox, tls: NIOSSLContext?) async throws -> any Channel {
        let host = configuration.host
        let port = configuration.port
        let server = configuration.description
        let bootstrap = ClientBootstrap(group: eventLoopGroup)
            .channelOption(.socketOption(.so_reuseaddr), value: 1)
            .connectTimeout(.seconds(Int64(max(1, configuration.timeout.seconds.rounded(.up)))))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        try channel.pipeline.syncOperations.addHandler(
                            try NIOSSLClientHandler(context: tls, serverHostname: Self.sniName(host)))
                    }
                    try channel.pipeline.syncOperations.addHandler(SMTPReplyHandler(inbox: inbox, server: server))
                }
            }
        let connecting = bootstrap.connect(host: host, port: port)
        let outcome = await withTimeout(configuration.timeout, clock: clock) { () -> Result<any Channel, any Error> in
            do {
                return .success(try await connecting.get())
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let channel)?:
            return channel
        case .failure(let error)?:
            throw ServiceError(
                .operationFailed,
                "Cannot connect to the mail server \(server): \(error). Check the host and port in --smtp-url.",
                underlying: error)
        case nil:
            connecting.whenSuccess { $0.close(promise: nil) }
            throw ServiceError(
                .timedOut,
                "The mail server \(server) did not accept a connection within \(configuration.timeout.seconds.formatted()) seconds. Check the host and port in --smtp-url, and that a firewall lets the connection through."
            )
        }
    }

    /// The name to send for SNI: none for an address literal.
    static func sniName(_ host: String) -> String? {
        host.contains(":") || host.allSatisfy({ $0.isNumber || $0 == "." }) ? nil : host
    }
}
