import Foundation
import HearthCore
import NIOCore
import NIOSSL

/// One SMTP conversation over a connected channel: each command written, each answer awaited within the
/// timeout on the injected clock and checked.
struct SMTPConversation {
    let channel: any Channel
    let inbox: SMTPInbox
    let clock: any Clock<Duration>
    let timeout: Duration
    /// The server without its password, for messages.
    let server: String

    /// Greeting, EHLO, TLS, AUTH, then the envelope and the data, and QUIT.
    func deliver(
        _ message: String, from: String, to recipients: [String], configuration: SMTPConfiguration, tls: NIOSSLContext
    ) async throws {
        _ = try await expect(200..<300, after: "connecting", "greet")
        var extensions = try await hello(configuration.clientName)
        switch configuration.security {
        case .implicitTLS, .none:
            break
        case .startTLSRequired, .startTLSOpportunistic:
            if extensions.keys.contains("STARTTLS") {
                _ = try await command("STARTTLS", expect: 200..<300, what: "start TLS")
                try await startTLS(tls, host: configuration.host)
                extensions = try await hello(configuration.clientName)
            } else if configuration.security == .startTLSRequired {
                throw ServiceError(
                    .operationFailed,
                    "The mail server \(server) does not offer STARTTLS, so mail to it would travel unencrypted. Use smtps:// if it expects TLS at once, or add ?starttls=opportunistic (or off) to --smtp-url to send without it."
                )
            }
        }
        if let username = configuration.username {
            try await authenticate(username, configuration.password ?? "", offered: extensions["AUTH"] ?? [])
        }
        _ = try await command("MAIL FROM:<\(from)>", expect: 200..<300, what: "accept the sender \(from)")
        for recipient in recipients {
            _ = try await command(
                "RCPT TO:<\(recipient)>", expect: 200..<300, what: "accept the recipient \(recipient)")
        }
        _ = try await command("DATA", expect: 300..<400, what: "take the message")
        try await write(MIMEText.dotStuffed(message))
        _ = try await expect(200..<300, after: "the message", "accept the message")
        // The message is accepted; a server that does not say goodbye changes nothing.
        try? await write("QUIT\r\n")
        _ = try? await reply(after: "QUIT")
    }

    /// EHLO, and the extensions the server names: keyword → parameters.
    private func hello(_ name: String) async throws -> [String: [String]] {
        let reply = try await command("EHLO \(name)", expect: 200..<300, what: "greet the client (EHLO)")
        var extensions: [String: [String]] = [:]
        for line in reply.lines.dropFirst() {
            let words = line.split(separator: " ").map { String($0).uppercased() }
            if let keyword = words.first { extensions[keyword] = Array(words.dropFirst()) }
        }
        return extensions
    }

    /// TLS over the open connection, refusing anything the server sent ahead of it.
    private func startTLS(_ tls: NIOSSLContext, host: String) async throws {
        guard inbox.unread == 0 else {
            throw ServiceError(
                .operationFailed,
                "The mail server \(server) sent more after agreeing to STARTTLS, which could be text slipped into the encrypted conversation; the mail was not sent."
            )
        }
        let channel = channel
        let server = server
        try await channel.eventLoop.submit {
            let handler = try channel.pipeline.syncOperations.handler(type: SMTPReplyHandler.self)
            guard !handler.holdsPartialReply else {
                throw ServiceError(
                    .operationFailed,
                    "The mail server \(server) sent more after agreeing to STARTTLS, which could be text slipped into the encrypted conversation; the mail was not sent."
                )
            }
            try channel.pipeline.syncOperations.addHandler(
                try NIOSSLClientHandler(context: tls, serverHostname: SMTPMailSender.sniName(host)), position: .first)
        }.get()
    }

    /// AUTH PLAIN when offered, else AUTH LOGIN; `UNAUTHORIZED` when the server refuses the credentials.
    private func authenticate(_ username: String, _ password: String, offered: [String]) async throws {
        let refused = "The mail server \(server) refused the user name or password in --smtp-url"
        if offered.contains("PLAIN") {
            let token = Data("\0\(username)\0\(password)".utf8).base64EncodedString()
            let reply = try await command("AUTH PLAIN \(token)", shown: "AUTH PLAIN …", what: "sign in")
            guard reply.isPositive else { throw ServiceError(.unauthorized, "\(refused) (\(reply)).") }
        } else if offered.contains("LOGIN") {
            _ = try await command("AUTH LOGIN", expect: 300..<400, what: "sign in (AUTH LOGIN)")
            _ = try await command(
                Data(username.utf8).base64EncodedString(), shown: "the user name", expect: 300..<400,
                what: "take the user name")
            let reply = try await command(
                Data(password.utf8).base64EncodedString(), shown: "the password", what: "take the password")
            guard reply.isPositive else { throw ServiceError(.unauthorized, "\(refused) (\(reply)).") }
        } else {
            let offer = offered.isEmpty ? "no way of signing in" : "only AUTH " + offered.joined(separator: ", ")
            throw ServiceError(
                .operationFailed,
                "The mail server \(server) offers \(offer) on this connection; Hearth signs in with AUTH PLAIN or LOGIN. Remove the user name from --smtp-url if the server needs none, or use TLS (many servers offer AUTH only over it)."
            )
        }
    }

    /// Writes `line` and returns the answer, which must be in `expect` (any answer when nil).
    private func command(
        _ line: String, shown: String? = nil, expect: Range<Int>? = nil, what: String
    ) async throws -> SMTPReply {
        guard !line.contains("\r") && !line.contains("\n") else {
            throw ServiceError.validationFailed("An SMTP command may not contain a line break.")
        }
        try await write(line + "\r\n")
        let said = shown ?? line.split(separator: " ").prefix(2).joined(separator: " ")
        guard let expect else { return try await reply(after: said) }
        return try await self.expect(expect, after: said, what)
    }

    private func expect(_ range: Range<Int>, after said: String, _ what: String) async throws -> SMTPReply {
        let reply = try await reply(after: said)
        guard range.contains(reply.code) else {
            let kind = reply.code >= 500 ? "refused for good" : "refused for now (try again later)"
            throw ServiceError(
                .operationFailed, "The mail server \(server) did not \(what): it \(kind) with \"\(reply)\".")
        }
        return reply
    }

    /// The next answer, within the timeout.
    private func reply(after said: String) async throws -> SMTPReply {
        let inbox = inbox
        let outcome = await withTimeout(timeout, clock: clock) { () -> Result<SMTPReply, any Error> in
            do {
                return .success(try await inbox.next())
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let reply)?:
            return reply
        case .failure(let error)?:
            throw error
        case nil:
            inbox.fail(CancellationError())
            throw ServiceError(
                .timedOut,
                "The mail server \(server) did not answer within \(timeout.seconds.formatted()) seconds after \(said); the mail was not sent. Check that --smtp-url names a mail server (smtps:// for a port that expects TLS at once)."
            )
        }
    }

    private func write(_ text: String) async throws {
        do {
            try await channel.writeAndFlush(ByteBuffer(string: text))
        } catch {
            throw ServiceError(
                .operationFailed, "Writing to the mail server \(server) failed: \(error)", underlying: error)
        }
    }
}
