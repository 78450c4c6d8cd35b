public import AsyncHTTPClient
public import Foundation
import NIOCore
import NIOHTTP1

/// One upload's answer: the status, a `Retry-After` in seconds when given, and the start of the body.
public struct AnalyticsHTTPResponse: Sendable, Equatable {
    public var status: Int
    public var retryAfter: Int?
    public var body: String

    public init(status: Int, retryAfter: Int? = nil, body: String = "") {
        self.status = status
        self.retryAfter = retryAfter
        self.body = body
    }
}

/// How the analytics client posts a body: the seam tests replace (they still use a real server, through
/// ``HTTPAnalyticsTransport``, or record what is sent).
public protocol AnalyticsTransport: Sendable {
    /// Posts `body` to `url` with `headers`; throws only when no answer came (network failure, timeout).
    func post(_ url: URL, headers: [(String, String)], body: Data, timeout: Duration) async throws
        -> AnalyticsHTTPResponse
}

/// ``AnalyticsTransport`` over AsyncHTTPClient.
public struct HTTPAnalyticsTransport: AnalyticsTransport {
    private let client: HTTPClient

    /// Posts through `client` (the process-wide shared one by default).
    public init(client: HTTPClient = .shared) { self.client = client }

    public func post(_ url: URL, headers: [(String, String)], body: Data, timeout: Duration) async throws
        -> AnalyticsHTTPResponse
    {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await client.execute(
            request,
            timeout: .nanoseconds(
                Int64(timeout.components.seconds) * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000))
        // Only the start of an error body is kept, for the log.
        let collected = (try? await response.body.collect(upTo: 64 * 1024)) ?? ByteBuffer()
        let text = String(buffer: collected)
        return AnalyticsHTTPResponse(
            status: Int(response.status.code),
            retryAfter: response.headers.first(name: "Retry-After").flatMap {
                Int($0.trimmingCharacters(in: .whitespaces))
            },
            body: String(text.prefix(500)))
    }
}
