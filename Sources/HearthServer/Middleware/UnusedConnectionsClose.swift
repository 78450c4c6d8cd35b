import HTTPTypes
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// The HTTP/1 server with the `/graphql` WebSocket upgrade, whose connections that never sent a byte close when
/// the server stops, and whose slow clients are cut off (``ConnectionGuard``).
///
/// Hummingbird's upgrade-capable channel only adds the handler that closes an idle connection on a graceful stop
/// once a first request has arrived. A connection that a client's pool opened ahead of time and never used (or
/// one that a peer opens and leaves silent) then kept the stop waiting until the peer hung up. For the same
/// reason the connection's deadlines are kept by a handler in front of the HTTP parser, from the first byte.
struct HTTP1WebSocketChannelClosingUnused: ServerChildChannel {
    let base: HTTP1WebSocketUpgradeChannel
    let limits: ConnectionLimits

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1WebSocketUpgradeChannel.Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            try channel.pipeline.syncOperations.addHandler(
                ConnectionGuard(limits: limits, logger: logger), position: .first)
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
    /// when the server stops, and clients slower than `limits` allow are cut off.
    static func http1WebSocketUpgradeClosingUnused(
        limits: ConnectionLimits = ConnectionLimits(),
        shouldUpgrade:
            @escaping @Sendable (HTTPRequest, any Channel, Logger) throws -> ShouldUpgradeResult<
                WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>
            >
    ) -> HTTPServerBuilder {
        // NIO's parser keeps a looser limit of its own: the guard counts the raw bytes and answers first.
        let decoder = HTTP1Channel.Configuration.DecoderConfiguration(
            maxHeaderFieldSize: 2 * limits.maxHeaderBytes, maxHeaderListSize: 2 * limits.maxHeaderBytes,
            maxHeaderFieldCount: 1_000)
        let http1 = HTTP1Channel.Configuration(
            additionalChannelHandlers: [ConnectionGuardProgress()], idleTimeout: nil, httpDecoderConfiguration: decoder)
        // A WebSocket keeps its own time (pings, its protocol's timeouts) once upgraded. The decision runs on the
        // connection's event loop, where the guard lives.
        let upgrading:
            @Sendable (HTTPRequest, any Channel, Logger) throws -> ShouldUpgradeResult<
                WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>
            > = { head, channel, logger in
                let result = try shouldUpgrade(head, channel, logger)
                if case .upgrade = result {
                    (try? channel.pipeline.syncOperations.handler(type: ConnectionGuard.self))?.upgraded()
                }
                return result
            }
        return .init { responder in
            HTTP1WebSocketChannelClosingUnused(
                base: HTTP1WebSocketUpgradeChannel(
                    responder: responder, configuration: .init(http1: http1, ws: .init()), shouldUpgrade: upgrading),
                limits: limits)
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
