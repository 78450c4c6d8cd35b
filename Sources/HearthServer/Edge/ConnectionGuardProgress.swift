import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Tells the connection's ``ConnectionGuard`` how the HTTP exchange goes: placed behind the HTTP codec, it sees
/// each request's head and end as they are parsed and each answer's head and end as they are written.
final class ConnectionGuardProgress: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var guardian: ConnectionGuard?

    func handlerAdded(context: ChannelHandlerContext) {
        guardian = try? context.pipeline.syncOperations.handler(type: ConnectionGuard.self)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: guardian?.headReceived()
        case .body: break
        case .end: guardian?.requestEnded()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status.code >= 200: guardian?.responseStarted()
        case .head, .body: break
        case .end: guardian?.responseEnded()
        }
        context.write(data, promise: promise)
    }
}
