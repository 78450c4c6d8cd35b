import HearthCore
import HearthMail
import Logging
import ServiceLifecycle

/// Mail sent after the request that asked for it has been answered, one message at a time: a password-reset
/// request answers at once and alike whether or not a message goes out, so neither its answer nor its timing
/// tells whether the address has an account. A message that cannot be sent is logged by its recipient's domain and
/// the error, never by its subject or body, which carry codes.
final class MailOutbox: Service, Sendable {
    let sender: any MailSending
    private let logger: Logger
    private let messages: AsyncStream<MailMessage>
    private let continuation: AsyncStream<MailMessage>.Continuation

    /// At most this many messages wait; past it the oldest are dropped (and the ones asking ask again).
    static let capacity = 1_000

    init(sender: any MailSending, logger: Logger) {
        self.sender = sender
        self.logger = logger
        (messages, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(Self.capacity))
    }

    /// Queues `message` to be sent.
    func enqueue(_ message: MailMessage) {
        continuation.yield(message)
    }

    /// What went wrong sending, for the log: the error's own message, with any URL in it cut to its host.
    static func reason(_ error: any Error) -> String {
        Redaction.scrub((error as? ServiceError)?.message ?? String(describing: type(of: error)))
    }

    func run() async throws {
        for await message in messages.cancelOnGracefulShutdown() {
            do {
                try await sender.send(message)
            } catch {
                // Neither the subject nor the body: they carry codes. The recipient's domain says which mail
                // server refused, the error why.
                logger.error(
                    "An email could not be sent",
                    metadata: [
                        "mail.to.domain": .string(message.to.map(\.domain).joined(separator: ",")),
                        "error": .string(Self.reason(error)),
                    ])
            }
        }
    }
}
