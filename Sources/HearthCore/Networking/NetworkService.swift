public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The live ``NetworkServicing`` on `URLSession` (Foundation on Apple platforms, FoundationNetworking on Linux).
public actor NetworkService: NetworkServicing {
    public let configuration: NetworkConfiguration
    private let session: URLSession
    private let clock: any Clock<Duration>

    /// Creates a service.
    /// - Parameters:
    ///   - configuration: base URL, timeouts, retry policy, headers.
    ///   - clock: what the backoff between retries and each request's timeout wait on.
    public init(
        configuration: NetworkConfiguration = NetworkConfiguration(), clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout.seconds
        sessionConfiguration.timeoutIntervalForResource = configuration.timeout.seconds
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        self.session = URLSession(configuration: sessionConfiguration)
        self.clock = clock
    }

    deinit { session.invalidateAndCancel() }

    public func send(
        _ method: HTTPMethodName, _ path: String, query: [URLQueryItem] = [], headers: [String: String] = [:],
        body: Data? = nil
    ) async throws -> NetworkResponse {
        let request = try makeRequest(method, path, query: query, headers: headers, body: body)
        // Errors and logs name the endpoint by its scheme, host and port only: a webhook's secret is in its path.
        let label = "\(method) \(request.url.map(Redaction.origin) ?? Redaction.scrub(path))"
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
            try await clock.sleep(for: delay ?? backoff(forAttempt: attempt))
        }
    }

    private func backoff(forAttempt attempt: Int) -> Duration {
        let doubled = configuration.initialBackoff * (1 << min(attempt - 1, 20))
        return min(doubled, configuration.maxBackoff)
    }

    private func makeRequest(
        _ method: HTTPMethodName, _ path: String, query: [URLQueryItem], headers: [String: String], body: Data?
    ) throws -> URLRequest {
        let resolved: URL? =
            if let base = configuration.baseURL, !path.lowercased().hasPrefix("http") {
                path.isEmpty
                    ? base
                    : URL(string: path, relativeTo: base.hasDirectoryPath ? base : base.appendingPathComponent(""))
            } else {
                URL(string: path)
            }
        guard let resolved, var components = URLComponents(url: resolved.absoluteURL, resolvingAgainstBaseURL: true),
            let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme), components.host != nil
        else {
            throw ServiceError(
                .invalidURL,
                "\"\(path)\" is not a valid http(s) URL\(configuration.baseURL == nil ? " and no base URL is configured" : "")."
            )
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
        let clock = self.clock
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
                    try await clock.sleep(for: timeout)
                    throw ServiceError(.timedOut, "\(label) did not answer within \(timeout.formattedSeconds).")
                }
                defer { group.cancelAll() }
                return try await group.next()!
            }
        } catch let error as ServiceError {
            throw error
        } catch let error as URLError where error.code == .timedOut {
            throw ServiceError(
                .timedOut, "\(label) did not answer within \(timeout.formattedSeconds).", underlying: error)
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
            return ServiceError(
                .rateLimited, "\(label) was rate limited (HTTP 429)\(detail)\(wait)", httpStatus: 429,
                retryAfter: response.retryAfter)
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
        guard
            let text = String(data: body.prefix(200), encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
            !text.isEmpty
        else { return nil }
        return text
    }
}
