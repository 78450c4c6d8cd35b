import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle

@testable import HearthServer

/// Runs a server built from `configuration` on a free port while `body` runs, then stops it. Unlike
/// `app.test(.live)` it keeps no client connection of its own, so a test may let the server close idle ones.
func withRunningServer<T: Sendable>(_ configuration: ServerConfiguration, _ body: (Int) async throws -> T) async throws
    -> T
{
    let (ports, found) = AsyncStream.makeStream(of: Int.self)
    var logger = Logger(label: "hearth.tests.server")
    logger.logLevel = .critical
    let app = try await buildApplication(configuration, logger: logger, onListening: { port in found.yield(port) })
    let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [app], logger: logger))
    let running = Task { try await group.run() }
    defer { running.cancel() }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else { throw CancellationError() }
    do {
        let result = try await body(port)
        await group.triggerGracefulShutdown()
        return result
    } catch {
        await group.triggerGracefulShutdown()
        throw error
    }
}

/// A request to the server on `port` through AsyncHTTPClient (a pool that notices connections the server closed).
func request(
    _ port: Int, _ path: String, method: HTTPMethod = .POST, token: String? = nil, headers: [(String, String)] = [],
    body: ByteBuffer? = nil
) async throws -> (status: Int, headers: HTTPHeaders, body: ByteBuffer) {
    var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
    request.method = method
    request.headers.add(name: "Content-Type", value: "application/json")
    if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
    for (name, value) in headers { request.headers.add(name: name, value: value) }
    if let body { request.body = .bytes(body) }
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
    return (Int(response.status.code), response.headers, try await response.body.collect(upTo: 64 << 20))
}
