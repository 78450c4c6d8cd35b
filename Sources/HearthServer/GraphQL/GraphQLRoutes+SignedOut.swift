import Foundation
import GraphQL
import HTTPTypes
import HearthCloud
import HearthPantryServer
import Hummingbird
import NIOCore

extension GraphQLRoutes {
    /// For a request without a valid token: spends one of its client address's signed-out requests, before
    /// its body is read. nil lets the request go on; past the limit the answer is HTTP 429 with `Retry-After`
    /// and a `RATE_LIMITED` error.
    func limitSignedOut(_ request: Request, _ context: HearthRequestContext) async -> Response? {
        guard let signedOutLimiter else { return nil }
        if let header = request.headers[.authorization], (try? await viewer(header)) != nil { return nil }
        let wait: Int?
        do {
            wait = try await signedOutLimiter.acquire(context.clientAddress.limitKey)
        } catch {
            return Self.answer(
                .internalServerError, GraphQLErrorShaper(logger: logger).shape(GraphQLError(error), phase: .execution))
        }
        guard let wait else { return nil }
        let error = GraphQLError(
            message:
                "Too many operations without a valid sign-in from your address (\(context.clientAddress)); wait \(wait) s, or sign in (POST /cloud/v1/accounts/signin) and send \"Authorization: Bearer <token>\".",
            extensions: ["code": .string(GraphQLErrorCode.rateLimited.rawValue), "retryAfter": .int(wait)])
        var response = Self.answer(.tooManyRequests, error)
        response.headers[.retryAfter] = String(wait)
        return response
    }

    private static func answer(_ status: HTTPResponse.Status, _ error: GraphQLError) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/graphql-response+json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: GraphQLResponseBody.bytes(GraphQLResult(errors: [error])))))
    }
}
