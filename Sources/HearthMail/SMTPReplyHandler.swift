import HearthCore
import NIOCore

/// The channel handler that turns a mail server's bytes into answers in an ``SMTPInbox``.
final class SMTPReplyHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let inbox: SMTPInbox
    private var parser = SMTPReplyParser()
    private let server: String

    init(inbox: SMTPInbox, server: String) {
        self.inbox = inbox
        self.server = server
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        do {
            for reply in try parser.feed(unwrapInboundIn(data)) { inbox.deliver(reply) }
        } catch {
            inbox.fail(error)
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        inbox.fail(
            ServiceError(
                .operationFailed, "The mail server \(server) closed the connection in the middle of the conversation."))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        inbox.fail(
            ServiceError(
                .operationFailed, "The connection to the mail server \(server) failed: \(error)", underlying: error))
        context.close(promise: nil)
    }
}

extension SMTPReplyHandler {
    /// Whether bytes of an answer are held that arrived before TLS started: a server (or someone between) that
    /// sends ahead of STARTTLS is trying to slip plain text into the protected conversation.
    var holdsPartialReply: Bool { parser.holdsPartialReply }
}
