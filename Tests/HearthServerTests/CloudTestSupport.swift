import AsyncHTTPClient
import Foundation
import HTTPTypes
import HearthCloud
import HearthCloudModel
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOHTTP1
import Testing

@testable import HearthServer

/// A server configuration for tests: a fresh data directory, port 0, a cheap bcrypt cost.
func testConfiguration(_ cloud: CloudConfiguration = CloudConfiguration(bcryptCost: 4)) -> ServerConfiguration {
    let folder = scratchDirectory("hearth-cloud")
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
    let created = try await client.execute(
        uri: "/cloud/v1/accounts/signup", method: .post, headers: jsonHeaders,
        body: body(CloudSignUpRequest(emailAddress: email, password: "long enough password")))
    #expect(created.status == .created)
    let signedIn = try await client.execute(
        uri: "/cloud/v1/accounts/signin", method: .post, headers: jsonHeaders,
        body: body(CloudSignInRequest(emailAddress: email, password: "long enough password")))
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
func post<T: Encodable>(
    _ client: some TestClientProtocol, _ path: String, _ token: String, _ value: T, device: String? = nil
) async throws -> TestResponse {
    try await client.execute(uri: path, method: .post, headers: authorized(token, device: device), body: body(value))
}

/// Posts raw bytes as the body.
func postRaw(_ client: some TestClientProtocol, _ path: String, _ token: String, _ bytes: ByteBuffer) async throws
    -> TestResponse
{
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

/// Opens the push channel of a live server.
func openPush(port: Int, token: String, device: String) async throws -> PushStream {
    try await PushStream(port: port, token: token, device: device)
}
