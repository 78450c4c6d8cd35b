public import AsyncHTTPClient
public import Foundation
public import HearthCloudModel
import HearthCore
public import Logging
import NIOCore
import NIOHTTP1

/// The HTTP client for the whole HearthCloud API: accounts, the private and shared databases, shares,
/// assets and the push channel, with typed requests and errors.
///
/// A server error arrives as `CloudError` (its `serverErrorCode`, `reason`, `retryAfter`, and for a conflict
/// the server's record); a server that cannot be reached as ``CloudTransportError``.
///
/// ```swift
/// let http = CloudClient.makeHTTPClient()
/// let client = CloudClient(configuration: try .server("http://127.0.0.1:8080"), httpClient: http)
/// try await client.signIn(email: "ada@example.com", password: "correct horse")
/// let zones = try await client.privateDatabase.zones()
/// ```
public final class CloudClient: CloudService {
    /// Where the client connects.
    public let configuration: CloudClientConfiguration
    let http: HTTPClient
    let logger: Logger
    /// What the push channel's watchdog waits on.
    let clock: any Clock<Duration>
    private let credentials: Locked<String?>

    /// A connection pool set up for Hearth's server, for the app to own, share between its clients and shut
    /// down (`try await http.shutdown()`) when it is done: it fails a request at once when the server
    /// refuses the connection (so the engine can report offline), instead of retrying until the request's
    /// deadline.
    public static func makeHTTPClient() -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(10))
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// Runs `body` with a connection pool from ``makeHTTPClient()``, shut down afterwards whatever happens.
    public static func withHTTPClient<T>(_ body: (HTTPClient) async throws -> T) async throws -> T {
        let http = makeHTTPClient()
        do {
            let result = try await body(http)
            try await http.shutdown()
            return result
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    /// A client for the server in `configuration`.
    /// - Parameters:
    ///   - httpClient: The HTTP client to send through: the app's own, usually from ``makeHTTPClient()``,
    ///     shared by its clients; the app shuts it down.
    ///   - token: A bearer token saved from an earlier sign-in.
    ///   - clock: What the push channel's silence is measured on (``CloudClientConfiguration/pushIdleTimeout``).
    public init(
        configuration: CloudClientConfiguration, httpClient: HTTPClient, token: String? = nil,
        clock: any Clock<Duration> = ContinuousClock(), logger: Logger = Logger(label: "hearth.sync.client")
    ) {
        self.configuration = configuration
        self.http = httpClient
        self.credentials = Locked(token)
        self.clock = clock
        self.logger = logger
    }

    private init(
        configuration: CloudClientConfiguration, http: HTTPClient, credentials: Locked<String?>,
        clock: any Clock<Duration>, logger: Logger
    ) {
        self.configuration = configuration
        self.http = http
        self.credentials = credentials
        self.clock = clock
        self.logger = logger
    }

    /// The bearer token requests are sent with, if signed in.
    public var token: String? { credentials.current }

    /// Uses `token` for every later request (nil to send none).
    public func setToken(_ token: String?) {
        credentials.withLock { $0 = token }
    }

    /// The same client (sharing its sign-in) naming `deviceID` on every request.
    public func withDeviceID(_ deviceID: String) -> CloudClient {
        var configuration = configuration
        configuration.deviceID = deviceID
        return CloudClient(
            configuration: configuration, http: http, credentials: credentials, clock: clock, logger: logger)
    }

    public func forDevice(_ deviceID: String) -> any CloudService { withDeviceID(deviceID) }

    /// The private or the shared database.
    public func database(_ scope: CloudDatabaseScope) -> any CloudDatabase {
        RemoteCloudDatabase(client: self, scope: scope)
    }
    /// The signed-in user's own zones.
    public var privateDatabase: any CloudDatabase { database(.private) }
    /// Zones other users shared with the signed-in user.
    public var sharedDatabase: any CloudDatabase { database(.shared) }

    // MARK: Accounts

    /// Creates an account (email, password of at least 8 characters) and signs in to it.
    @discardableResult
    public func signUp(email: String, password: String) async throws -> CloudSession {
        let _: CloudCaller = try await post(
            "accounts/signup", CloudSignUpRequest(emailAddress: email, password: password), authenticated: false)
        return try await signIn(email: email, password: password)
    }

    /// Signs in; later requests carry the new token.
    @discardableResult
    public func signIn(email: String, password: String) async throws -> CloudSession {
        let session: CloudSession = try await post(
            "accounts/signin", CloudSignInRequest(emailAddress: email, password: password), authenticated: false)
        setToken(session.token)
        return session
    }

    /// Revokes the token on the server and forgets it.
    public func signOut() async throws {
        try await postEmpty("accounts/signout", Optional<Int>.none)
        setToken(nil)
    }

    /// Who the token belongs to.
    public func caller() async throws -> CloudCaller {
        try await send(.GET, "accounts/caller", body: Optional<Int>.none)
    }

    // MARK: Shares across databases

    /// Joins a share with its token (an invitation, or a public link).
    public func acceptShare(token: String) async throws -> CloudShare {
        try await post("shares/accept", CloudShareAcceptRequest(shareToken: token))
    }

    /// Shares the caller has been invited to and not yet accepted.
    public func invitations() async throws -> [CloudShare] {
        let list: CloudSharesListResponse = try await send(.GET, "shares/invitations", body: Optional<Int>.none)
        return list.shares
    }

    // MARK: Assets

    /// Uploads a file; put the answer in an asset field.
    public func uploadAsset(_ data: Data) async throws -> CloudAsset {
        try await execute(
            .POST, "assets/upload", body: ByteBuffer(bytes: data), contentType: "application/octet-stream",
            authenticated: true
        ) { data in
            try self.decode(CloudAsset.self, from: data)
        }
    }

    /// Downloads the file with the given SHA-256 (lowercase hex).
    public func downloadAsset(checksum: String) async throws -> Data {
        try await execute(.GET, "assets/" + checksum, body: nil, contentType: nil, authenticated: true) { $0 }
    }

    // MARK: Plumbing

    func post<Body: Encodable, Answer: Decodable>(_ path: String, _ body: Body, authenticated: Bool = true) async throws
        -> Answer
    {
        try await send(.POST, path, body: body, authenticated: authenticated)
    }

    func postEmpty<Body: Encodable>(_ path: String, _ body: Body?, authenticated: Bool = true) async throws {
        let buffer = try body.map { ByteBuffer(bytes: try encode($0)) }
        _ = try await execute(
            .POST, path, body: buffer, contentType: buffer == nil ? nil : "application/json",
            authenticated: authenticated
        ) { _ in () }
    }

    func send<Body: Encodable, Answer: Decodable>(
        _ method: HTTPMethod, _ path: String, body: Body?, authenticated: Bool = true
    ) async throws -> Answer {
        let buffer = try body.map { ByteBuffer(bytes: try encode($0)) }
        return try await execute(
            method, path, body: buffer, contentType: buffer == nil ? nil : "application/json",
            authenticated: authenticated
        ) { data in
            try self.decode(Answer.self, from: data)
        }
    }

    func encode<Body: Encodable>(_ body: Body) throws -> Data {
        do {
            return try JSONEncoder().encode(body)
        } catch {
            throw CloudTransportError(
                .invalidRequest, "The request body could not be encoded: \(error)", underlying: error)
        }
    }

    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw CloudTransportError(
                .invalidResponse,
                "The server's answer is not what the HearthCloud API returns: \(DecodingErrorSummary.describe(error))",
                underlying: error)
        }
    }

    func request(_ method: HTTPMethod, _ path: String, authenticated: Bool) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: configuration.url(path))
        request.method = method
        request.headers.add(name: "Accept", value: "application/json")
        if authenticated, let token = credentials.current {
            request.headers.add(name: "Authorization", value: "Bearer " + token)
        }
        if let device = configuration.deviceID {
            request.headers.add(name: "X-Hearth-Device-ID", value: device)
        }
        return request
    }

    /// Sends one request and hands a successful answer's body to `handle`; an error answer becomes a `CloudError`.
    func execute<T>(
        _ method: HTTPMethod, _ path: String, body: ByteBuffer?, contentType: String?, authenticated: Bool,
        handle: (Data) throws -> T
    ) async throws -> T {
        var request = request(method, path, authenticated: authenticated)
        if let body {
            request.body = .bytes(body)
            if let contentType { request.headers.add(name: "Content-Type", value: contentType) }
        }
        let response: HTTPClientResponse
        let data: Data
        do {
            response = try await http.execute(
                request, timeout: .nanoseconds(configuration.requestTimeout.nanoseconds), logger: logger)
            let buffer = try await response.body.collect(upTo: configuration.maxResponseBytes)
            data = Data(buffer.readableBytesView)
        } catch {
            throw Self.transportError(error, method: method, url: configuration.url(path))
        }
        guard (200..<300).contains(Int(response.status.code)) else {
            throw Self.serverError(status: Int(response.status.code), headers: response.headers, body: data)
        }
        return try handle(data)
    }

    /// The `CloudError` an error answer carries, or a transport error when it carries none.
    static func serverError(status: Int, headers: HTTPHeaders, body: Data) -> any Error {
        if var error = try? JSONDecoder().decode(CloudError.self, from: body) {
            if error.retryAfter == nil, let header = headers.first(name: "Retry-After"), let seconds = Int(header) {
                error.retryAfter = seconds
            }
            return error
        }
        let text = String(decoding: body.prefix(200), as: UTF8.self)
        if status == 429 || status == 503 {
            let retry = headers.first(name: "Retry-After").flatMap(Int.init)
            return CloudError(
                status == 429 ? .throttled : .tryAgainLater,
                "The server answered \(status) without a HearthCloud error body.", retryAfter: retry)
        }
        return CloudTransportError(
            .invalidResponse,
            "The server answered HTTP \(status) with a body that is not a HearthCloud error: \(text.isEmpty ? "(empty)" : text). Check that the URL points at a Hearth server."
        )
    }

    static func transportError(_ error: any Error, method: HTTPMethod, url: String) -> any Error {
        if error is CancellationError || error is CloudTransportError { return error }
        if error is NIOTooManyBytesError {
            return CloudTransportError(
                .invalidResponse, "\(method) \(url) answered with a body larger than the client accepts.",
                underlying: error)
        }
        if let client = error as? HTTPClientError {
            if client == .cancelled { return CancellationError() }
            if client == .deadlineExceeded || client == .readTimeout || client == .connectTimeout
                || client == .writeTimeout
            {
                return CloudTransportError(
                    .timedOut, "\(method) \(url) timed out; the server is slow or unreachable.", underlying: error)
            }
            if client == .invalidURL || client == .emptyHost || client == .emptyScheme {
                return CloudTransportError(.invalidRequest, "\(url) is not a usable URL.", underlying: error)
            }
        }
        var reason = "\(error)"
        if let io = error as? IOError {
            reason = String(cString: strerror(io.errnoCode)).lowercased()
        }
        return CloudTransportError(
            .unreachable,
            "Could not reach the server at \(url): \(reason). Check the address and that the server is running.",
            underlying: error)
    }
}

extension Duration {
    /// The duration in whole nanoseconds (saturating).
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        return product.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
    }
}
