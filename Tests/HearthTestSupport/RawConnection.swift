import NIOCore
import NIOPosix
import Synchronization

/// A plain TCP connection to a live server, for sending HTTP as a hostile client would: a byte at a time,
/// half a request, or nothing at all, and seeing whether the server hangs up.
///
/// ```swift
/// let connection = try await RawConnection(port: port)
/// connection.send("GET /health HTTP/1.1\r\nHost: x\r\n")   // and never the blank line
/// let answer = try await connection.closedByServer(within: .seconds(30))
/// ```
public final class RawConnection: Sendable {
    private let channel: any Channel
    private let state = Received()
    private let outgoing: AsyncStream<ByteBuffer>.Continuation
    private let running: Task<Void, Never>

    /// Connects to `127.0.0.1:port`.
    public init(port: Int) async throws {
        let connection = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        channel = connection.channel
        let (sends, outgoing) = AsyncStream.makeStream(of: ByteBuffer.self)
        self.outgoing = outgoing
        let state = self.state
        running = Task {
            try? await connection.executeThenClose { inbound, outbound in
                let writing = Task {
                    for await buffer in sends { try await outbound.write(buffer) }
                }
                defer { writing.cancel() }
                do {
                    for try await buffer in inbound {
                        state.lock.withLock { $0.received += buffer.readableBytesView }
                    }
                } catch {}
                state.lock.withLock { $0.closed = true }
            }
            state.lock.withLock { $0.closed = true }
        }
    }

    /// Sends `text`'s bytes.
    public func send(_ text: String) {
        outgoing.yield(ByteBuffer(string: text))
    }

    /// Sends `bytes`.
    public func send(_ bytes: [UInt8]) {
        outgoing.yield(ByteBuffer(bytes: bytes))
    }

    /// Whether the server has closed the connection.
    public var isClosed: Bool { state.lock.withLock { $0.closed } }

    /// What the server has sent so far, as text.
    public var received: String { state.lock.withLock { String(decoding: $0.received, as: UTF8.self) } }

    /// Waits until the server closes the connection, at most `timeout`, and returns what it sent.
    /// - Throws: ``WaitTimedOut`` when the connection is still open after `timeout`.
    @discardableResult
    public func closedByServer(within timeout: Duration) async throws -> String {
        try await waitUntil("the server closes the connection", timeout: timeout, interval: .milliseconds(20)) { isClosed }
        return received
    }

    /// Closes the connection from this side.
    public func close() async {
        outgoing.finish()
        try? await channel.close()
        await running.value
    }

    /// What arrived and whether the connection ended, shared with the task that reads.
    private final class Received: Sendable {
        let lock = Mutex<(received: [UInt8], closed: Bool)>(([], false))
    }

    deinit {
        outgoing.finish()
        channel.close(promise: nil)
    }
}
