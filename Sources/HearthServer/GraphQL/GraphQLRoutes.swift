import Foundation
import GraphQL
import HTTPTypes
import HearthCloud
import HearthCloudModel
import HearthCore
import HearthPantryServer
import Hummingbird
import Logging
import NIOCore

/// The pantry's GraphQL endpoint over HTTP, at `/graphql`.
///
/// `POST` takes a JSON body `{"query", "variables", "operationName"}`; `GET` takes the same as query-string
/// parameters (`variables` as JSON) and runs queries only. A bearer token from the cloud API's sign-in names
/// the caller; without one, operations run signed out (every pantry field answers `UNAUTHENTICATED`, and
/// introspection only where `--graphql-introspection on`). Each signed-in caller may send operations at the
/// GraphQL rate (`--graphql-rate-limit`, `--graphql-rate-burst`); past it the answer is HTTP 429 with
/// `Retry-After` and a `RATE_LIMITED` error. A request without a valid token spends its client address's
/// signed-out budget before its body is read, and is answered the same way past it. The document is then held
/// to ``GraphQLLimits`` before and while it is parsed. Every answer is a GraphQL response: failures are
/// `errors` with an `extensions.code`, and a document refused before it ran is answered 400 (413 when too
/// long, 403 for introspection not allowed).
struct GraphQLRoutes: Sendable {
    static let path = "/graphql"

    let graphQL: any PantryGraphQLServing
    let accounts: AccountService
    let maxRequestBytes: Int
    /// How deeply a request's variables may nest: the documents' bracket nesting limit.
    let nestingLimit: Int
    /// Takes one token per operation from the caller's bucket (signed-in callers; keyed by their user id).
    var limiter: (any RateLimiting)? = nil
    /// Takes one token per request without a valid token from its client address's bucket, before the body is read.
    var signedOutLimiter: (any RateLimiting)? = nil
    /// Counts operations by type and outcome on `/metrics`.
    var operations: GraphQLOperationCounter? = nil
    let logger: Logger

    func register(on router: Router<HearthRequestContext>) {
        router.post(RouterPath(Self.path)) { request, context in
            if let refused = await limitSignedOut(request, context) { return refused }
            return await post(request)
        }
        router.get(RouterPath(Self.path)) { request, context in
            if let refused = await limitSignedOut(request, context) { return refused }
            return await get(request)
        }
        // Other methods get a GraphQL answer too, rather than the cloud API's error body.
        for method in [HTTPRequest.Method.put, .patch, .delete] {
            router.on(RouterPath(Self.path), method: method) { request, _ in
                var response = answer(
                    .methodNotAllowed, .badUserInput,
                    "\(Self.path) answers GET (queries) and POST (any operation), not \(request.method).")
                response.headers[.allow] = "GET, POST"
                return response
            }
        }
    }

    private func post(_ request: Request) async -> Response {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: maxRequestBytes)
        } catch is NIOTooManyBytesError {
            return answer(
                .contentTooLarge, .badUserInput,
                "The request body is larger than \(maxRequestBytes) bytes; send a smaller operation.")
        } catch {
            return answer(.badRequest, .badUserInput, "The request body could not be read; send it again.")
        }
        guard buffer.readableBytes > 0 else {
            return answer(
                .badRequest, .badUserInput,
                "POST \(Self.path) needs a JSON body: {\"query\": \"…\", \"variables\": {…}, \"operationName\": \"…\"}."
            )
        }
        // The body is {"query": …, "variables": {…}}: two levels, then the variables, held to the nesting limit.
        guard !buffer.withUnsafeReadableBytes({ JSONNesting.exceeds(2 + nestingLimit, in: $0) }) else {
            return answer(
                .badRequest, .tooDeep,
                "The request's variables nest more than \(nestingLimit) deep; nest input values less deeply.")
        }
        let body: GraphQLRequest
        do {
            let decoded = try JSONDecoder().decode(Body.self, from: Data(buffer.readableBytesView))
            body = GraphQLRequest(
                query: decoded.query, operationName: decoded.operationName,
                variables: GraphQLJSONValue.variables(decoded.variables))
        } catch {
            return answer(
                .badRequest, .badUserInput,
                "The body is not a GraphQL request: \(DecodingErrorSummary.describe(error)). Send {\"query\": \"…\", \"variables\": {…}, \"operationName\": \"…\"}."
            )
        }
        return await run(body, request: request, method: .post)
    }

    private func get(_ request: Request) async -> Response {
        let parameters: [String: String]
        switch Self.formFields(request.uri.query ?? "") {
        case .success(let fields): parameters = fields
        case .failure(let bad):
            return answer(
                .badRequest, .badUserInput,
                "The \(bad) parameter is not percent-encoded properly; encode it as a URL query component (a space as + or %20)."
            )
        }
        guard let query = parameters["query"], !query.isEmpty else {
            return answer(
                .badRequest, .badUserInput,
                "GET \(Self.path) needs a query parameter: \(Self.path)?query={me{id}}; send mutations with POST.")
        }
        var variables: [String: Map] = [:]
        if let text = parameters["variables"], !text.isEmpty {
            guard !JSONNesting.exceeds(1 + nestingLimit, in: text.utf8) else {
                return answer(
                    .badRequest, .tooDeep,
                    "The variables parameter nests more than \(nestingLimit) deep; nest input values less deeply.")
            }
            guard
                let decoded = try? JSONDecoder().decode([String: GraphQLJSONValue].self, from: Data(text.utf8))
                    .mapValues(\.map)
            else {
                return answer(
                    .badRequest, .badUserInput, "The variables parameter must be a JSON object, such as {\"id\":\"…\"}."
                )
            }
            variables = decoded
        }
        let operationName = parameters["operationName"].flatMap { $0.isEmpty ? nil : $0 }
        return await run(
            GraphQLRequest(query: query, operationName: operationName, variables: variables), request: request,
            method: .get)
    }

    /// A POST body: `variables` are read once per value (``GraphQLJSONValue``), never as GraphQL's `Map` decodes them.
    struct Body: Decodable {
        let query: String
        let operationName: String?
        let variables: [String: GraphQLJSONValue]?
    }

    /// The fields of a query string as HTML forms and GraphQL-over-HTTP clients write it: `+` is a space, the
    /// rest percent-encoded; the first of repeated names counts. Fails with the name of a field that does not decode.
    static func formFields(_ query: String) -> Result<[String: String], FormFieldError> {
        var fields: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ text: Substring) -> String? {
                text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
            }
            guard let name = decoded(parts[0]) else { return .failure(FormFieldError(name: String(parts[0]))) }
            guard let value = parts.count > 1 ? decoded(parts[1]) : "" else {
                return .failure(FormFieldError(name: name))
            }
            if fields[name] == nil { fields[name] = value }
        }
        return .success(fields)
    }

    /// A query-string field whose percent-encoding is broken.
    struct FormFieldError: Error, CustomStringConvertible {
        let name: String
        var description: String { name }
    }

    private func run(_ body: GraphQLRequest, request: Request, method: HTTPRequest.Method) async -> Response {
        let viewer: PantryViewer?
        do {
            viewer = try await self.viewer(request.headers[.authorization])
        } catch let error as GraphQLError {
            return respond(.unauthorized, GraphQLResult(errors: [error]))
        } catch {
            return respond(
                .internalServerError,
                GraphQLResult(errors: [GraphQLErrorShaper(logger: logger).shape(GraphQLError(error), phase: .execution)]
                ))
        }
        if let viewer {
            let limited: (error: GraphQLError, wait: Int)?
            do {
                limited = try await rateLimit(viewer)
            } catch {
                return respond(
                    .internalServerError,
                    GraphQLResult(errors: [
                        GraphQLErrorShaper(logger: logger).shape(GraphQLError(error), phase: .execution)
                    ]))
            }
            if let limited {
                operations?.record(nil, .rateLimited)
                var response = respond(.tooManyRequests, GraphQLResult(errors: [limited.error]))
                response.headers[.retryAfter] = String(limited.wait)
                return response
            }
        }
        // Checks the document (limits, parse, validation) and keeps it, so answering below finds it kept.
        let type = graphQL.operationType(of: body, viewer: viewer)
        switch type {
        case .mutation where method == .get:
            operations?.record(type, .refused)
            var response = answer(
                .methodNotAllowed, .badUserInput,
                "Mutations change data, so GET \(Self.path) does not run them; send this one with POST.")
            response.headers[.allow] = "POST"
            return response
        case .subscription:
            operations?.record(type, .refused)
            return answer(
                .badRequest, .badUserInput,
                "Subscriptions run over a WebSocket at \(Self.path) with the graphql-transport-ws protocol, not over plain HTTP."
            )
        default:
            break
        }
        let answer = await graphQL.respond(body, viewer: viewer)
        operations?.record(type, answer.refusal == nil ? .answered : .refused)
        return respond(Self.status(answer.refusal), body: answer.body)
    }

    /// The status of an answer: 200 when the operation ran (even with errors in it); 413 for a document over
    /// the byte limit, 403 for introspection the caller may not do, and 400 for any other document refused
    /// before it ran (malformed, invalid, over a limit), as GraphQL over HTTP says for
    /// `application/graphql-response+json`.
    static func status(_ refusal: GraphQLErrorCode?) -> HTTPResponse.Status {
        switch refusal {
        case nil: .ok
        case .queryTooLarge?: .contentTooLarge
        case .introspectionDisabled?: .forbidden
        default: .badRequest
        }
    }

    /// Spends one of `viewer`'s operations: nil when it may run, or the `RATE_LIMITED` error (with `retryAfter`)
    /// and the seconds to wait when the caller is past the GraphQL limit. Every operation counts, over HTTP and
    /// over the WebSocket alike.
    func rateLimit(_ viewer: PantryViewer) async throws -> (error: GraphQLError, wait: Int)? {
        guard let limiter, let wait = try await limiter.acquire(viewer.userID) else { return nil }
        let error = GraphQLError(
            message: "Too many operations from \(viewer.email); wait \(wait) s before sending more.",
            extensions: ["code": .string(GraphQLErrorCode.rateLimited.rawValue), "retryAfter": .int(wait)])
        return (error, wait)
    }

    /// The caller the `Authorization` header names: nil without one; `UNAUTHENTICATED` for a header that is
    /// not a bearer token, or a token that is unknown, revoked or expired.
    func viewer(_ header: String?) async throws -> PantryViewer? {
        guard let header else { return nil }
        guard let token = bearerToken(header) else {
            throw GraphQLErrorShaper.error(
                .unauthenticated,
                "The Authorization header must be \"Bearer <token>\", with a token from POST /cloud/v1/accounts/signin."
            )
        }
        return try await viewer(token: token)
    }

    /// The caller `token` belongs to; `UNAUTHENTICATED` (a ``GraphQLError``) when it is not a valid session.
    func viewer(token: String) async throws -> PantryViewer {
        do {
            let caller = try await accounts.authenticate(token: token)
            return PantryViewer(userID: caller.userRecordName, email: caller.emailAddress)
        } catch let error as CloudError
            where error.serverErrorCode == .authenticationFailed || error.serverErrorCode == .authenticationRequired
        {
            throw GraphQLErrorShaper.error(.unauthenticated, error.reason)
        }
    }

    private func answer(_ status: HTTPResponse.Status, _ code: GraphQLErrorCode, _ message: String) -> Response {
        respond(status, GraphQLResult(errors: [GraphQLErrorShaper.error(code, message)]))
    }

    private func respond(_ status: HTTPResponse.Status, _ result: GraphQLResult) -> Response {
        respond(status, body: GraphQLResponseBody.bytes(result))
    }

    private func respond(_ status: HTTPResponse.Status, body data: Data) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/graphql-response+json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
