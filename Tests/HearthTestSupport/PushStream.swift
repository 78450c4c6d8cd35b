import AsyncHTTPClient
import Foundation
public import HearthCloudModel
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// A live server's push channel (`GET /cloud/v1/push`), read as Server-Sent Events.
public final class PushStream: @unchecked Sendable {
    /// One Server-Sent Event: its name and its data line.
    public struct Event: Sendable {
        public var name: String
        public var data: String
    }

    /// Why the channel could not be opened.
    public struct OpenError: Error, CustomStringConvertible {
        public let description: String
    }

    private var buffer = ""
    private var iterator: HTTPClientResponse.Body.AsyncIterator

    /// Opens the channel on `127.0.0.1:port` as `device` and waits for its `ready` event.
    public init(port: Int, token: String, device: String) async throws {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/cloud/v1/push")
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "X-Hearth-Device-ID", value: device)
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        guard response.status == .ok else {
            throw OpenError(description: "GET /cloud/v1/push answered \(response.status)")
        }
        iterator = response.body.makeAsyncIterator()
        let first = try await next()
        guard first?.name == "ready" else {
            throw OpenError(description: "the push channel began with \(first?.name ?? "nothing"), not ready")
        }
    }

    /// The next event (heartbeat comments skipped), or nil when the stream ends or `timeout` passes
    /// between two chunks.
    public func next(timeout: Duration = .seconds(60)) async throws -> Event? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let range = buffer.range(of: "\n\n") {
                let block = String(buffer[..<range.lowerBound])
                buffer.removeSubrange(..<range.upperBound)
                if block.hasPrefix(":") { continue }
                var name = "message"
                var data = ""
                for line in block.split(separator: "\n") {
                    if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                    if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
                }
                return Event(name: name, data: data)
            }
            guard ContinuousClock.now < deadline else { return nil }
            guard let chunk = try await iterator.next() else { return nil }
            buffer += String(buffer: chunk)
        }
    }

    /// The next notification, skipping anything else.
    public func nextNotification(timeout: Duration = .seconds(60)) async throws -> CloudNotification? {
        while let event = try await next(timeout: timeout) {
            if event.name == "notification" {
                return try JSONDecoder().decode(CloudNotification.self, from: Data(event.data.utf8))
            }
        }
        return nil
    }
}
