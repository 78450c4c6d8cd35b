import NIOCore
import NIOPosix
import Synchronization

/// A plain TCP connection to a live server, for sending HTTP as a hostile client would: a byte at a time,
/// half a request, or nothing at all, and seeing whether the server hangs up.
///
/// Bytes are written and read on NIO's event loop, never waiting for a task of the test's own (busy) pool,
/// so what the server sees follows the calls as closely as the network allows.
///
/// ```swift
/// let connection = try await RawConnection(port: port)
/// connection.send("GET /health HTTP/1.1\r\nHost: x\r\n")   // and never the blank line
/// let answer = try await connection.closedByServer(within: .seconds(30))
/// ```
public final class RawConnection: Sendable {
    private let channel: any Channel
    private let state: Received

    /// Connects to `127.0.0.1:port`.
    public init(port: Int) async throws {
        let state = Received()
        self.state = state
        channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(Collector(state: state))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
    }

    /// Sends `text`'s bytes.
    public func send(_ text: String) {
        channel.writeAndFlush(ByteBuffer(string: text), promise: nil)
    }

    /// Sends `bytes`.
    public func send(_ bytes: [UInt8]) {
        channel.writeAndFlush(ByteBuffer(bytes: bytes), promise: nil)
    }

    /// Whether the server has closed the connection.
    public var isClosed: Bool { state.lock.withLock { $0.closed } }

    /// What the server has sent so far, as text.
    public var received: String { state.lock.withLock { String(decoding: $0.received, as: UTF8.self) } }

    /// Waits until the server closes the connection, at most `timeout`, and returns what it sent.
    /// - Throws: ``WaitTimedOut`` when the connection is still open after `timeout`.
    @discardableResult
    public func closedByServer(within timeout: Duration) async throws -> String {
        try await waitUntil("the server closes the connection", timeout: timeout, interval: .milliseconds(20)) {
            isClosed
        }
        return received
    }

    /// Closes the connection from this side.
    public func close() async {
        try? await channel.close()
    }

    deinit {
        channel.close(promise: nil)
    }

    /// What arrived and whether the connection ended, written on the event loop and read by the test.
    private final class Received: Sendable {
        let lock = Mutex<(received: [UInt8], closed: Bool)>(([], false))
    }

    private final class Collector: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let state: Received

        init(state: Received) { self.state = state }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let buffer = unwrapInboundIn(data)
            state.lock.withLock { $0.received += buffer.readableBytesView }
        }

        func channelInactive(context: ChannelHandlerContext) {
            state.lock.withLock { $0.closed = true }
            context.fireChannelInactive()
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }
    }
}
