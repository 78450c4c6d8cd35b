import HTTPTypes
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// The HTTP/1 server with the `/graphql` WebSocket upgrade, whose connections that never sent a byte close when
/// the server stops.
///
/// Hummingbird's upgrade-capable channel only adds the handler that closes an idle connection on a graceful stop
/// once a first request has arrived. A connection that a client's pool opened ahead of time and never used (or
/// one that a peer opens and leaves silent) then kept the stop waiting until the peer hung up.
struct HTTP1WebSocketChannelClosingUnused: ServerChildChannel {
    let base: HTTP1WebSocketUpgradeChannel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1WebSocketUpgradeChannel.Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            try channel.pipeline.syncOperations.addHandler(CloseUnusedOnQuiesce(), position: .first)
            return value
        }
    }

    func handle(value: HTTP1WebSocketUpgradeChannel.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with WebSocket upgrades as `shouldUpgrade` decides; connections that never sent a byte close
    /// when the server stops.
    static func http1WebSocketUpgradeClosingUnused(
        shouldUpgrade: @escaping @Sendable (HTTPRequest, any Channel, Logger) throws -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>>
    ) -> HTTPServerBuilder {
        .init { responder in
            HTTP1WebSocketChannelClosingUnused(base: HTTP1WebSocketUpgradeChannel(responder: responder, configuration: .init(), shouldUpgrade: shouldUpgrade))
        }
    }
}

/// Closes the connection when the server asks it to quiesce before it has received anything; once bytes have
/// arrived, the HTTP or WebSocket handlers behind it decide.
private final class CloseUnusedOnQuiesce: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    private var used = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        used = true
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent, !used {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}
