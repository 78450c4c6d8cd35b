import HearthCore
import NIOCore
import NIOHTTP1
import NIOPosix

/// A real HTTP server on 127.0.0.1 and a free port that plays web sites in a test: it answers each path with the
/// page given for it, and remembers every path asked for.
///
/// ```swift
/// let server = try await PageServer.start(["/pancakes": .html("<html>…</html>")])
/// defer { Task { try await server.stop() } }
/// // fetch server.url("/pancakes")
/// ```
public final class PageServer: Sendable {
    /// What the server answers a path with.
    public struct Page: Sendable {
        let status: Int
        let headers: [(String, String)]
        let body: [UInt8]
        /// Never answers: the connection stays open with nothing sent.
        let hangs: Bool

        /// An HTML page.
        public static func html(_ text: String, status: Int = 200) -> Page {
            Page(
                status: status, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(text.utf8),
                hangs: false)
        }

        /// A JSON document, as an API answers.
        public static func json(_ text: String, status: Int = 200) -> Page {
            Page(status: status, headers: [("Content-Type", "application/json")], body: Array(text.utf8), hangs: false)
        }

        /// A `status` redirect to `location`.
        public static func redirect(to location: String, status: Int = 302) -> Page {
            Page(status: status, headers: [("Location", location)], body: [], hangs: false)
        }

        /// A page of `count` bytes sent in chunks without a Content-Length, as a stream would.
        public static func chunked(_ count: Int) -> Page {
            Page(
                status: 200, headers: [("Content-Type", "text/html"), ("Transfer-Encoding", "chunked")],
                body: Array(repeating: UInt8(ascii: "a"), count: count), hangs: false)
        }

        /// No answer at all.
        public static let hang = Page(status: 0, headers: [], body: [], hangs: true)
    }

    /// The port it listens on.
    public let port: Int
    private let group: MultiThreadedEventLoopGroup
    private let asked = Locked<[String]>([])
    private let agents = Locked<[String]>([])

    private init(port: Int, group: MultiThreadedEventLoopGroup) {
        self.port = port
        self.group = group
    }

    /// The address of `path` on this server.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Every path asked for so far, in order.
    public var requests: [String] { asked.withLock { $0 } }

    /// The User-Agent header of every request so far, in order ("" for none).
    public var userAgents: [String] { agents.withLock { $0 } }

    /// Starts a server answering each path of `pages` with its page, and any other path with 404.
    public static func start(_ pages: [String: Page]) async throws -> PageServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(
                        wrappingChannelSynchronously: channel)
                }
            }
        guard let port = channel.channel.localAddress?.port else { throw ChannelError.unknownLocalAddress }
        let server = PageServer(port: port, group: group)
        Task {
            try? await channel.executeThenClose { connections in
                for try await connection in connections {
                    Task { try? await server.serve(connection, pages) }
                }
            }
        }
        return server
    }

    /// Stops listening and closes every connection.
    public func stop() async throws {
        try await group.shutdownGracefully()
    }

    private func serve(
        _ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, _ pages: [String: Page]
    ) async throws {
        try await connection.executeThenClose { inbound, outbound in
            var path = ""
            for try await part in inbound {
                switch part {
                case .head(let head):
                    path = head.uri
                    asked.withLock { $0.append(head.uri) }
                    agents.withLock { $0.append(head.headers.first(name: "User-Agent") ?? "") }
                case .body: break
                case .end:
                    let page = pages[path] ?? .html("<h1>Not found</h1>", status: 404)
                    if page.hangs { continue }
                    var headers = HTTPHeaders(page.headers)
                    if !headers.contains(name: "Transfer-Encoding") {
                        headers.add(name: "Content-Length", value: String(page.body.count))
                    }
                    try await outbound.write(
                        .head(
                            HTTPResponseHead(
                                version: .http1_1, status: HTTPResponseStatus(statusCode: page.status),
                                headers: headers)))
                    var offset = 0
                    while offset < page.body.count {
                        let end = min(offset + 64 * 1024, page.body.count)
                        try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: page.body[offset..<end]))))
                        offset = end
                    }
                    try await outbound.write(.end(nil))
                }
            }
        }
    }
}
