import Foundation
import NIOCore
import NIOPosix
import Testing

@Suite("Stopping the server: connections that never sent a request do not hold the stop", .timeLimit(.minutes(2)))
struct GracefulStopTests {
    @Test("a connection opened ahead of time and never used, and one kept alive after a request, are closed when the server stops")
    func idleConnection() async throws {
        let server = try await LiveServer.start()
        let port = try #require(server.url.port)
        // What an HTTP client's pool does when it opens a connection for a request that another one then takes.
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port).get()
        // And one kept alive after answering a request.
        let used = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port).get()
        try await used.writeAndFlush(ByteBuffer(string: "GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")).get()
        try await Task.sleep(for: .milliseconds(300))
        #expect(used.isActive, "the server keeps the answered connection alive")
        // Before the fix the stop waited for as long as the unused connection stayed open: for good, here.
        let stopped = await server.stop(within: .seconds(20))
        #expect(stopped, "the stop waited on a connection that never sent a byte")
        try await channel.closeFuture.get()
        try await used.closeFuture.get()
        #expect(!channel.isActive && !used.isActive, "the server closed both connections")
    }
}
