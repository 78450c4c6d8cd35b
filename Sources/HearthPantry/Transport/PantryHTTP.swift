import AsyncHTTPClient
import Foundation
import HearthCore
import NIOCore
import NIOHTTP1

/// Sends JSON requests to a Hearth server for the pantry's services and hands back the status and body.
///
/// Failures to reach the server become `operationFailed` errors naming the URL; the status is left to the
/// caller, since the GraphQL endpoint and the accounts API read error bodies differently.
struct PantryHTTP: Sendable {
    let client: HTTPClient
    let timeout: Duration
    let maxResponseBytes: Int

    init(client: HTTPClient, timeout: Duration = .seconds(30), maxResponseBytes: Int = 8 << 20) {
        self.client = client
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
    }

    /// Sends `body` (JSON) with `method` to `url`, with the bearer `token` when given.
    func send(_ method: HTTPMethod, _ url: URL, body: Data?, token: String?) async throws -> (status: Int, body: Data) {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = method
        request.headers.add(name: "Accept", value: "application/json")
        if let token { request.headers.add(name: "Authorization", value: "Bearer " + token) }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        do {
            let response = try await client.execute(
                request, timeout: .nanoseconds(Int64(timeout.components.seconds) * 1_000_000_000), logger: nil)
            let buffer = try await response.body.collect(upTo: maxResponseBytes)
            return (Int(response.status.code), Data(buffer.readableBytesView))
        } catch let error as HTTPClientError where error == .cancelled {
            throw CancellationError()
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw ServiceError.operationFailed(
                "Could not reach the server at \(url.absoluteString): \(error). Check the server address and that it is running.",
                underlying: error)
        }
    }
}
