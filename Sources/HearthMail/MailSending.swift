/// Something that delivers emails: ``SMTPMailSender`` through a mail server, ``LogMailSender`` into the log
/// when no server is configured.
public protocol MailSending: Sendable {
    /// Delivers `message`, or throws a `ServiceError` that says what went wrong and what to change.
    func send(_ message: MailMessage) async throws
    /// Whether messages reach their recipients (false for one that only logs them).
    var delivers: Bool { get }
}
