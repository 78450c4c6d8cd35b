public import Logging

/// Writes each message to the log, at `warning`, instead of sending it: what a server without a mail server
/// does (a household's own server, where the owner reads codes from its log).
public struct LogMailSender: MailSending {
    let logger: Logger

    public init(logger: Logger) {
        self.logger = logger
    }

    public var delivers: Bool { false }

    public func send(_ message: MailMessage) async throws {
        let recipients = message.to.map(\.address).joined(separator: ", ")
        logger.warning(
            "No mail server is configured (--smtp-url or HEARTH_SMTP_URL), so this email was not sent; it is written here instead.\nTo: \(recipients)\nSubject: \(message.subject)\n\n\(message.text)",
            metadata: ["mail.to": .string(recipients), "mail.subject": .string(message.subject)])
    }
}
