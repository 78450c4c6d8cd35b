import Foundation
import HearthCore
import Logging
import NIOCore

/// Closes connections whose clients are too slow or send too much before a request starts: the first handler
/// of every connection's pipeline, so it sees each byte before HTTP parsing, and the one place that knows the
/// connection's deadline (``ConnectionDeadlines``).
///
/// ``ConnectionGuardProgress``, behind the HTTP codec, tells it when a request's head and end arrive and when
/// an answer starts and ends. Where the client can still be told why, it is answered `408` (too slow) or
/// `431` (headers too large) with the server's error body before the connection closes; otherwise the
/// connection just closes. Time is the event loop's, so tests drive it with an `EmbeddedEventLoop`.
final class ConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var state: ConnectionDeadlines?
    private let limits: ConnectionLimits
    private let logger: Logger
    private var timer: Scheduled<Void>?
    private var timerDeadline: NIODeadline?
    private var context: ChannelHandlerContext?
    private var closing = false

    init(limits: ConnectionLimits, logger: Logger) {
        self.limits = limits
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { start(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }
        let count = unwrapInboundIn(data).readableBytes
        state?.bytesArrived(count, at: context.eventLoop.now)
        context.fireChannelRead(data)
        // The bytes have been parsed by now: a head they completed has been reported, so only a head still
        // open counts against the limit.
        if state?.headerTooLarge == true {
            refuse(
                context, status: "431 Request Header Fields Too Large", code: "LIMIT_EXCEEDED",
                reason:
                    "The request line and headers are larger than \(limits.maxHeaderBytes) bytes; send shorter headers (a long query belongs in a POST body)."
            )
            return
        }
        reschedule(context)
    }

    // MARK: Progress of the HTTP exchange (from ConnectionGuardProgress)

    func headReceived() { update { $0.headReceived(at: $1) } }
    func requestEnded() { update { state, _ in state.requestEnded() } }
    func responseStarted() { update { state, _ in state.responseStarted() } }
    func responseEnded() { update { $0.responseEnded(at: $1) } }

    /// The connection became a WebSocket: its deadlines end here.
    func upgraded() {
        state?.upgrade()
        cancelTimer()
    }

    private func update(_ change: (inout ConnectionDeadlines, NIODeadline) -> Void) {
        guard let context, var state else { return }
        change(&state, context.eventLoop.now)
        self.state = state
        reschedule(context)
    }

    // MARK: Time

    private func start(_ context: ChannelHandlerContext) {
        guard state == nil else { return }
        state = ConnectionDeadlines(limits: limits, openedAt: context.eventLoop.now)
        reschedule(context)
    }

    /// Makes sure the timer fires no later than the current deadline. A later deadline (bytes of a body buying
    /// time) leaves the timer as it is: when it fires, it looks again.
    private func reschedule(_ context: ChannelHandlerContext) {
        guard let deadline = state?.deadline else {
            cancelTimer()
            return
        }
        if let timerDeadline, timerDeadline <= deadline { return }
        cancelTimer()
        timerDeadline = deadline
        timer = context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(deadline: deadline) { [self] in
            self.timer = nil
            self.timerDeadline = nil
            self.check()
        }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
        timerDeadline = nil
    }

    private func check() {
        guard let context, let state, !closing else { return }
        switch state.expiry(at: context.eventLoop.now) {
        case nil:
            reschedule(context)
        case .idle:
            logger.debug("Closing an idle connection", metadata: ["http.idle_timeout": "\(limits.idleTimeout)"])
            closing = true
            context.close(promise: nil)
        case .headerTimeout:
            if state.mayAnswer {
                refuse(
                    context, status: "408 Request Timeout", code: "REQUEST_TIMEOUT",
                    reason:
                        "The request line and headers did not arrive within \(Self.seconds(limits.headerTimeout)) seconds of their first byte; send them whole, at once."
                )
            } else {
                close(context, "a request's headers took too long")
            }
        case .bodyTimeout:
            if state.mayAnswer {
                refuse(
                    context, status: "408 Request Timeout", code: "REQUEST_TIMEOUT",
                    reason:
                        "The request body arrived too slowly: after \(Self.seconds(limits.bodyTimeout)) seconds it must keep coming at \(limits.bodyMinimumRate) bytes a second or more; send it at once, or in smaller requests."
                )
            } else {
                close(context, "a request's body came too slowly")
            }
        }
    }

    private func close(_ context: ChannelHandlerContext, _ why: String) {
        logger.debug("Closing a slow connection", metadata: ["http.reason": "\(why)"])
        closing = true
        cancelTimer()
        context.close(promise: nil)
    }

    /// Answers with the server's error body and closes the connection: the bytes go straight to the socket,
    /// since nothing else will answer this request.
    private func refuse(_ context: ChannelHandlerContext, status: String, code: String, reason: String) {
        logger.debug(
            "Refusing a request before it was read", metadata: ["http.status": "\(status)", "http.reason": "\(reason)"])
        closing = true
        cancelTimer()
        let body = ErrorBody(serverErrorCode: code, reason: reason)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(body)) ?? Data()
        var buffer = context.channel.allocator.buffer(capacity: 256 + json.count)
        buffer.writeString(
            "HTTP/1.1 \(status)\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: \(json.count)\r\nConnection: close\r\n\r\n"
        )
        buffer.writeBytes(json)
        context.writeAndFlush(wrapOutboundOut(buffer)).whenComplete { _ in context.close(promise: nil) }
    }

    private static func seconds(_ duration: Duration) -> String {
        duration.seconds.formatted(.number.precision(.fractionLength(0...1)))
    }
}
