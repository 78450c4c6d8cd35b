public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
        _ path: String, query: [URLQueryItem] = [], headers: [String: String] = [:],
        as type: Response.Type = Response.self
    ) async throws -> Response {
        try decode(type, from: try await send(.get, path, query: query, headers: headers, body: nil), path: path)
    }

    /// POSTs `body` as JSON to `path` and decodes the JSON answer.
    public func post<Body: Encodable, Response: Decodable>(
        _ path: String, body: Body, headers: [String: String] = [:], as type: Response.Type = Response.self
    ) async throws -> Response {
        try decode(
            type, from: try await send(.post, path, query: [], headers: headers, body: try encode(body, path: path)),
            path: path)
    }

    /// PUTs `body` as JSON to `path` and decodes the JSON answer.
    public func put<Body: Encodable, Response: Decodable>(
        _ path: String, body: Body, headers: [String: String] = [:], as type: Response.Type = Response.self
    ) async throws -> Response {
        try decode(
            type, from: try await send(.put, path, query: [], headers: headers, body: try encode(body, path: path)),
            path: path)
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

    private func decode<Response: Decodable>(_ type: Response.Type, from response: NetworkResponse, path: String) throws
        -> Response
    {
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
