import AsyncHTTPClient
import Foundation
import HearthCloud
import HearthCloudModel
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOHTTP1
import Testing
@testable import HearthServer

/// A server configuration for tests: a fresh data directory, port 0, a cheap bcrypt cost.
func testConfiguration(_ cloud: CloudConfiguration = CloudConfiguration(bcryptCost: 4)) -> ServerConfiguration {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-cloud-\(UUID().uuidString)")
    var cloud = cloud
    cloud.bcryptCost = 4
    return ServerConfiguration(host: "127.0.0.1", port: 0, dataDirectory: folder, logLevel: .error, cloud: cloud)
}

let jsonHeaders: HTTPFields = [.contentType: "application/json"]

func body<T: Encodable>(_ value: T) -> ByteBuffer {
    ByteBuffer(bytes: try! JSONEncoder().encode(value))
}

func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(buffer: response.body))
}

extension Data {
    init(buffer: ByteBuffer) { self.init(buffer.readableBytesView) }
}

/// Signs up and signs in a new user through the API; returns the bearer token and user id.
func signUp(_ client: some TestClientProtocol, _ name: String = "user") async throws -> (token: String, user: String) {
    let email = "\(name)-\(UUID().uuidString.prefix(8))@example.com".lowercased()
    let created = try await client.execute(uri: "/cloud/v1/accounts/signup", method: .post, headers: jsonHeaders, body: body(CloudSignUpRequest(emailAddress: email, password: "long enough password")))
    #expect(created.status == .created)
    let signedIn = try await client.execute(uri: "/cloud/v1/accounts/signin", method: .post, headers: jsonHeaders, body: body(CloudSignInRequest(emailAddress: email, password: "long enough password")))
    let session = try decode(CloudSession.self, signedIn)
    return (session.token, session.userRecordName)
}

func authorized(_ token: String, device: String? = nil) -> HTTPFields {
    var headers = jsonHeaders
    headers[.authorization] = "Bearer \(token)"
    if let device { headers[HTTPField.Name("X-Hearth-Device-ID")!] = device }
    return headers
}

/// Posts `value` as JSON with the token.
func post<T: Encodable>(_ client: some TestClientProtocol, _ path: String, _ token: String, _ value: T, device: String? = nil) async throws -> TestResponse {
    try await client.execute(uri: path, method: .post, headers: authorized(token, device: device), body: body(value))
}

/// Posts raw bytes as the body.
func postRaw(_ client: some TestClientProtocol, _ path: String, _ token: String, _ bytes: ByteBuffer) async throws -> TestResponse {
    try await client.execute(uri: path, method: .post, headers: authorized(token), body: bytes)
}

/// The error body of a failed response, checked for the fields every error carries.
func errorBody(_ response: TestResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> CloudError {
    let error = try decode(CloudError.self, response)
    #expect(!error.reason.isEmpty, sourceLocation: sourceLocation)
    #expect(error.uuid.count >= 16, sourceLocation: sourceLocation)
    #expect(Int(response.status.code) == error.httpStatus, sourceLocation: sourceLocation)
    return error
}

/// Reads Server-Sent Events from a streaming response body.
final class EventStream: @unchecked Sendable {
    struct Event: Sendable { var name: String; var data: String }
    private var buffer = ""
    private var iterator: HTTPClientResponse.Body.AsyncIterator

    init(_ response: HTTPClientResponse) {
        iterator = response.body.makeAsyncIterator()
    }

    /// The next event, or nil when the stream ends or `timeout` passes.
    func next(timeout: Duration = .seconds(10)) async throws -> Event? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let range = buffer.range(of: "\n\n") {
                let block = String(buffer[..<range.lowerBound])
                buffer.removeSubrange(..<range.upperBound)
                var name = "message", data = ""
                for line in block.split(separator: "\n") {
                    if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                    if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
                }
                if block.hasPrefix(":") { continue }
                return Event(name: name, data: data)
            }
            guard ContinuousClock.now < deadline else { return nil }
            guard let chunk = try await iterator.next() else { return nil }
            buffer += String(buffer: chunk)
        }
    }

    /// The next notification, skipping anything else.
    func nextNotification(timeout: Duration = .seconds(10)) async throws -> CloudNotification? {
        while let event = try await next(timeout: timeout) {
            if event.name == "notification" { return try JSONDecoder().decode(CloudNotification.self, from: Data(event.data.utf8)) }
        }
        return nil
    }
}

/// Opens the push channel of a live server.
func openPush(port: Int, token: String, device: String) async throws -> EventStream {
    var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/cloud/v1/push")
    request.headers.add(name: "Authorization", value: "Bearer \(token)")
    request.headers.add(name: "X-Hearth-Device-ID", value: device)
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
    #expect(response.status == .ok)
    let stream = EventStream(response)
    let ready = try await stream.next()
    #expect(ready?.name == "ready")
    return stream
}
