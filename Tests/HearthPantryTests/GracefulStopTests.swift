import Foundation
import HearthCore
import HearthTestSupport
import NIOCore
import NIOPosix
import Testing

@Suite("Stopping the server: connections that never sent a request do not hold the stop", .timeLimit(.minutes(2)))
struct GracefulStopTests {
    @Test(
        "a connection opened ahead of time and never used, and one kept alive after a request, are closed when the server stops"
    )
    func idleConnection() async throws {
        let server = try await LiveServer.start()
        let port = try #require(server.url.port)
        // What an HTTP client's pool does when it opens a connection for a request that another one then takes.
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port).get()
        // And one kept alive after answering a request.
        let answer = RawBytes()
        let used = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in channel.pipeline.addHandler(answer) }
            .connect(host: "127.0.0.1", port: port).get()
        try await used.writeAndFlush(ByteBuffer(string: "GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")).get()
        try await waitUntil("the server answers the request", timeout: .seconds(10)) {
            answer.text.contains("\r\n\r\n")
        }
        #expect(answer.text.hasPrefix("HTTP/1.1 404"), "\(answer.text.prefix(40))")
        #expect(
            !answer.text.lowercased().contains("connection: close") && used.isActive,
            "the server keeps the answered connection alive")
        // Before the fix the stop waited for as long as the unused connection stayed open: for good, here.
        let stopped = await server.stop(within: .seconds(20))
        #expect(stopped, "the stop waited on a connection that never sent a byte")
        try await channel.closeFuture.get()
        try await used.closeFuture.get()
        #expect(!channel.isActive && !used.isActive, "the server closed both connections")
    }

    @Test("a WebSocket client that never answers the server's closing frame does not hold the stop")
    func silentWebSocketClient() async throws {
        let server = try await LiveServer.start()
        let port = try #require(server.url.port)
        let received = RawBytes()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in channel.pipeline.addHandler(received) }
            .connect(host: "127.0.0.1", port: port).get()
        // A hand-made upgrade: the client then reads, but never sends a frame, not even the answering close.
        try await channel.writeAndFlush(
            ByteBuffer(
                string: """
                    GET /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
                    Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\
                    Sec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n
                    """)
        ).get()
        try await waitUntil("the upgrade is answered", timeout: .seconds(10), interval: .milliseconds(20)) {
            received.text.contains("\r\n\r\n")
        }
        #expect(received.text.hasPrefix("HTTP/1.1 101"), "the upgrade was answered \(received.text.prefix(40))")
        let stopped = await server.stop(within: .seconds(30))
        #expect(stopped, "the stop waited on a WebSocket client that never answered the closing frame")
        // The server's closing frame: opcode 8, with 1000 ("normal closure", sent by the WebSocket library when the
        // server stops) or 1001 ("going away", sent by the GraphQL session), whichever goes out first.
        let bytes = received.bytes
        let code = bytes.firstRange(of: [0x88]).map { Array(bytes[($0.lowerBound + 2)...].prefix(2)) }
        #expect(code == [0x03, 0xE8] || code == [0x03, 0xE9], "no closing frame came: \(String(describing: code))")
        try await channel.closeFuture.get()
        #expect(!channel.isActive, "the server dropped the silent client's connection")
    }
}

/// Every byte a raw client connection receives.
private final class RawBytes: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    private let stored = Locked<[UInt8]>([])

    var bytes: [UInt8] { stored.withLock { $0 } }
    var text: String { String(decoding: bytes, as: UTF8.self) }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        stored.withLock { $0 += buffer.readableBytesView }
    }
}
