public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Settings for a ``NetworkService``.
public struct NetworkConfiguration: Sendable {
    /// Relative paths are resolved against this URL.
    public var baseURL: URL?
    /// The longest a request may take, retries excluded.
    public var timeout: Duration
    /// How many times an idempotent request is retried after a transient failure.
    public var maxRetries: Int
    /// The first backoff delay; each retry doubles it, up to ``maxBackoff``.
    public var initialBackoff: Duration
    /// The longest backoff delay between retries.
    public var maxBackoff: Duration
    /// The longest `Retry-After` honoured; a peer asking for more gets a ``ServiceError/Code/rateLimited`` error.
    public var maxRetryAfter: Duration
    /// Headers sent with every request.
    public var headers: [String: String]

    public init(
        baseURL: URL? = nil,
        timeout: Duration = .seconds(15),
        maxRetries: Int = 3,
        initialBackoff: Duration = .milliseconds(250),
        maxBackoff: Duration = .seconds(10),
        maxRetryAfter: Duration = .seconds(60),
        headers: [String: String] = [:]
    ) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.maxRetries = maxRetries
        self.initialBackoff = initialBackoff
        self.maxBackoff = maxBackoff
        self.maxRetryAfter = maxRetryAfter
        self.headers = headers
    }
}

/// An HTTP method.
public struct HTTPMethodName: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let get = HTTPMethodName(rawValue: "GET")
    public static let post = HTTPMethodName(rawValue: "POST")
    public static let put = HTTPMethodName(rawValue: "PUT")
    public static let patch = HTTPMethodName(rawValue: "PATCH")
    public static let delete = HTTPMethodName(rawValue: "DELETE")
    public static let head = HTTPMethodName(rawValue: "HEAD")
    /// Whether repeating the request has the same effect as sending it once (RFC 9110 §9.2.2).
    public var isIdempotent: Bool { [.get, .put, .delete, .head].contains(self) }
    public var description: String { rawValue }
}

/// A raw HTTP exchange's result.
public struct NetworkResponse: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// Response headers, with lower-cased names.
    public var headers: [String: String]
    /// The body.
    public var body: Data
}

/// JSON over HTTP for the services: typed bodies, typed errors, timeouts, and retries with backoff.
public protocol NetworkServicing: Sendable {
    /// Sends a request and returns the raw response when the status is 2xx.
    func send(
        _ method: HTTPMethodName, _ path: String, query: [URLQueryItem], headers: [String: String], body: Data?
    ) async throws -> NetworkResponse
}

extension NetworkServicing {
    /// GETs `path` and decodes the JSON body.
    public func get<Response: Decodable>(
        _ path: String, query: [URLQueryItem] = [], headers: [String: String] = [:], as type: Response.Type = Response.self
    ) async throws -> Response {
        try decode(type, from: try await send(.get, path, query: query, headers: headers, body: nil), path: path)
    }

    /// POSTs `body` as JSON to `path` and decodes the JSON answer.
    public func post<Body: Encodable, Response: Decodable>(
        _ path: String, body: Body, headers: [String: String] = [:], as type: Response.Type = Response.self
    ) async throws -> Response {
        try decode(type, from: try await send(.post, path, query: [], headers: headers, body: try encode(body, path: path)), path: path)
    }

    /// PUTs `body` as JSON to `path` and decodes the JSON answer.
    public func put<Body: Encodable, Response: Decodable>(
        _ path: String, body: Body, headers: [String: String] = [:], as type: Response.Type = Response.self
    ) async throws -> Response {
        try decode(type, from: try await send(.put, path, query: [], headers: headers, body: try encode(body, path: path)), path: path)
    }

    /// DELETEs `path`, ignoring any body.
    public func delete(_ path: String, headers: [String: String] = [:]) async throws {
        _ = try await send(.delete, path, query: [], headers: headers, body: nil)
    }

    private func encode<Body: Encodable>(_ body: Body, path: String) throws -> Data {
        do {
            return try JSONEncoder.hearth.encode(body)
        } catch {
            throw ServiceError(.operationFailed, "Could not encode the request body for \(path).", underlying: error)
        }
    }

    private func decode<Response: Decodable>(_ type: Response.Type, from response: NetworkResponse, path: String) throws -> Response {
        if Response.self == EmptyResponse.self { return EmptyResponse() as! Response }
        guard !response.body.isEmpty else {
            throw ServiceError(.noData, "The response to \(path) had no body, but a \(Response.self) was expected.")
        }
        do {
            return try JSONDecoder.hearth.decode(type, from: response.body)
        } catch {
            throw ServiceError(
                .decodingFailed,
                "The response to \(path) is not a valid \(Response.self): \(DecodingErrorSummary.describe(error))",
                underlying: error
            )
        }
    }
}

/// The response type for calls whose answer has no useful body.
public struct EmptyResponse: Codable, Sendable, Equatable {
    public init() {}
}

/// The live ``NetworkServicing`` on `URLSession` (Foundation on Apple platforms, FoundationNetworking on Linux).
public actor NetworkService: NetworkServicing {
    public let configuration: NetworkConfiguration
    private let session: URLSession
    private let sleep: @Sendable (Duration) async throws -> Void

    /// Creates a service.
    /// - Parameters:
    ///   - configuration: base URL, timeouts, retry policy, headers.
    ///   - sleep: how backoff waits; tests pass a recorder.
    public init(
        configuration: NetworkConfiguration = NetworkConfiguration(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout.seconds
        sessionConfiguration.timeoutIntervalForResource = configuration.timeout.seconds
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        self.session = URLSession(configuration: sessionConfiguration)
        self.sleep = sleep
    }

    deinit { session.invalidateAndCancel() }

    public func send(
        _ method: HTTPMethodName, _ path: String, query: [URLQueryItem] = [], headers: [String: String] = [:], body: Data? = nil
    ) async throws -> NetworkResponse {
        let request = try makeRequest(method, path, query: query, headers: headers, body: body)
        let label = "\(method) \(request.url?.absoluteString ?? path)"
        var attempt = 0
        while true {
            let failure: ServiceError
            var delay: Duration?
            do {
                let response = try await perform(request, label: label)
                if (200..<300).contains(response.status) { return response }
                failure = Self.statusError(response, label: label)
                delay = response.retryAfter
            } catch let error as ServiceError {
                failure = error
            }
            attempt += 1
            guard method.isIdempotent, attempt <= configuration.maxRetries, Self.isTransient(failure) else {
                throw failure
            }
            if let requested = delay, requested > configuration.maxRetryAfter { throw failure }
            try await sleep(delay ?? backoff(forAttempt: attempt))
        }
    }

    private func backoff(forAttempt attempt: Int) -> Duration {
        let doubled = configuration.initialBackoff * (1 << min(attempt - 1, 20))
        return min(doubled, configuration.maxBackoff)
    }

    private func makeRequest(
        _ method: HTTPMethodName, _ path: String, query: [URLQueryItem], headers: [String: String], body: Data?
    ) throws -> URLRequest {
        let resolved: URL? = if let base = configuration.baseURL, !path.lowercased().hasPrefix("http") {
            path.isEmpty ? base : URL(string: path, relativeTo: base.hasDirectoryPath ? base : base.appendingPathComponent(""))
        } else {
            URL(string: path)
        }
        guard let resolved, var components = URLComponents(url: resolved.absoluteURL, resolvingAgainstBaseURL: true),
              let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme), components.host != nil
        else {
            throw ServiceError(.invalidURL, "\"\(path)\" is not a valid http(s) URL\(configuration.baseURL == nil ? " and no base URL is configured" : "").")
        }
        if !query.isEmpty { components.queryItems = (components.queryItems ?? []) + query }
        guard let url = components.url else {
            throw ServiceError(.invalidURL, "\"\(path)\" with the given query does not form a valid URL.")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method.rawValue
        request.timeoutInterval = configuration.timeout.seconds
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        for (name, value) in configuration.headers.merging(headers, uniquingKeysWith: { $1 }) {
            request.setValue(value, forHTTPHeaderField: name)
        }
        request.httpBody = body
        return request
    }

    private func perform(_ request: URLRequest, label: String) async throws -> NetworkResponse {
        let timeout = configuration.timeout
        let session = self.session
        do {
            return try await withThrowingTaskGroup(of: NetworkResponse.self) { group in
                group.addTask {
                    let (data, response) = try await session.data(for: request)
                    guard let http = response as? HTTPURLResponse else {
                        throw ServiceError(.noData, "\(label) returned no HTTP response.")
                    }
                    var headers: [String: String] = [:]
                    for (name, value) in http.allHeaderFields {
                        headers[String(describing: name).lowercased()] = String(describing: value)
                    }
                    return NetworkResponse(status: http.statusCode, headers: headers, body: data)
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    throw ServiceError(.timedOut, "\(label) did not answer within \(timeout.formattedSeconds).")
                }
                defer { group.cancelAll() }
                return try await group.next()!
            }
        } catch let error as ServiceError {
            throw error
        } catch let error as URLError where error.code == .timedOut {
            throw ServiceError(.timedOut, "\(label) did not answer within \(timeout.formattedSeconds).", underlying: error)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw ServiceError(.operationFailed, "\(label) failed: \(error.localizedDescription)", underlying: error)
        }
    }

    private static func isTransient(_ error: ServiceError) -> Bool {
        switch error.code {
        case .timedOut, .rateLimited: return true
        case .httpStatus: return [408, 425, 500, 502, 503, 504].contains(error.httpStatus ?? 0)
        case .operationFailed: return error.underlying is URLError
        default: return false
        }
    }

    private static func statusError(_ response: NetworkResponse, label: String) -> ServiceError {
        let reason = serverReason(in: response.body)
        let statusText = HTTPURLResponse.localizedString(forStatusCode: response.status).capitalized
        let detail = reason.map { ": \($0)" } ?? "."
        if response.status == 429 {
            let wait = response.retryAfter.map { " Try again in \($0.formattedSeconds)." } ?? ""
            return ServiceError(.rateLimited, "\(label) was rate limited (HTTP 429)\(detail)\(wait)", httpStatus: 429, retryAfter: response.retryAfter)
        }
        return ServiceError(
            .httpStatus, "\(label) failed with HTTP \(response.status) \(statusText)\(detail)",
            httpStatus: response.status, retryAfter: response.retryAfter
        )
    }

    /// A short reason from a JSON error body (`reason`, `message` or `error`), or the start of a text body.
    private static func serverReason(in body: Data) -> String? {
        guard !body.isEmpty else { return nil }
        if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] {
            for key in ["reason", "message", "error"] {
                if let text = object[key] as? String, !text.isEmpty { return text }
                if let nested = object[key] as? [String: Any], let text = nested["message"] as? String { return text }
            }
        }
        guard let text = String(data: body.prefix(200), encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
              !text.isEmpty else { return nil }
        return text
    }
}

extension NetworkResponse {
    /// The delay a `Retry-After` header asks for: delta-seconds or an HTTP date.
    public var retryAfter: Duration? {
        guard let value = headers["retry-after"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value), seconds >= 0 { return .milliseconds(Int64(seconds * 1000)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return .milliseconds(Int64(max(0, date.timeIntervalSinceNow) * 1000))
    }
}
