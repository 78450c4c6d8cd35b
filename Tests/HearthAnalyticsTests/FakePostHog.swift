import Foundation
import HTTPTypes
import HearthCompression
import HearthCore
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// A local server that answers `POST /batch/` as PostHog does, with failures a test asks for, and keeps
/// every body it received (inflated from gzip and decoded).
final class FakePostHog: Sendable {
    struct Event: Decodable, Sendable, Equatable {
        var event: String
        var distinct_id: String
        var properties: [String: Property]
        var timestamp: String
        var uuid: String
    }

    enum Property: Decodable, Sendable, Equatable {
        case bool(Bool)
        case string(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) {
                self = .bool(flag)
            } else {
                self = .string(try container.decode(String.self))
            }
        }
    }

    struct Body: Decodable, Sendable {
        var api_key: String
        var batch: [Event]
        var sentAt: String
    }

    /// One request as received: its Content-Encoding, the decoded body, and the status answered.
    struct Received: Sendable {
        var contentEncoding: String?
        var body: Body
        var status: Int
    }

    struct Script: Sendable {
        /// Statuses answered first, one per request, before the normal answer.
        var failures: [Int] = []
        /// Batches with more events than this are answered 413.
        var maximumBatch: Int?
        /// Sent with a 429.
        var retryAfter: Int?
    }

    let script: Locked<Script>
    let received = Locked<[Received]>([])

    init(_ script: Script = Script()) { self.script = Locked(script) }

    var events: [Event] { received.withLock { $0.filter { (200..<300).contains($0.status) }.flatMap(\.body.batch) } }
    var batchSizes: [Int] { received.withLock { $0.map(\.body.batch.count) } }

    /// Runs the server on a free port of 127.0.0.1 for `body`, which gets its base URL.
    func run(_ body: @escaping @Sendable (URL) async throws -> Void) async throws {
        let router = Router()
        router.post("/batch") { request, _ -> Response in
            var request = request
            let buffer = try await request.collectBody(upTo: 50_000_000)
            let encoding = request.headers[.contentEncoding]
            let bytes = Data(buffer.readableBytesView)
            let json = encoding == "gzip" ? try Zlib.decompress(bytes, limit: 50_000_000) : bytes
            let decoded = try JSONDecoder().decode(Body.self, from: json)
            let (status, retryAfter) = self.script.withLock { script -> (Int, Int?) in
                if !script.failures.isEmpty {
                    let status = script.failures.removeFirst()
                    return (status, status == 429 ? script.retryAfter : nil)
                }
                if let maximum = script.maximumBatch, decoded.batch.count > maximum { return (413, nil) }
                return (200, nil)
            }
            self.received.withLock { $0.append(Received(contentEncoding: encoding, body: decoded, status: status)) }
            var headers: HTTPFields = [.contentType: "application/json"]
            if let retryAfter { headers[.retryAfter] = String(retryAfter) }
            let answer =
                status == 200
                ? "{\"status\":1}"
                : "{\"type\":\"validation_error\",\"code\":\"test\",\"detail\":\"answered \(status) by the test\",\"attr\":null}"
            return Response(
                status: HTTPResponse.Status(code: status), headers: headers,
                body: .init(byteBuffer: ByteBuffer(string: answer)))
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            try await body(URL(string: "http://127.0.0.1:\(port)")!)
        }
    }
}
