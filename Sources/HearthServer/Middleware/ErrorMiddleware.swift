import Foundation
import HTTPTypes
public import HearthCore
public import Hummingbird
import Logging

/// Turns every error a route throws into a JSON ``ErrorBody`` with the matching status, and logs server faults.
public struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The methods the router answers on a path, for telling a wrong method (405) from a wrong path (404).
    let methods: @Sendable (String) -> [HTTPRequest.Method]

    public init(methods: @escaping @Sendable (String) -> [HTTPRequest.Method] = { _ in [] }) {
        self.methods = methods
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPServiceError {
            throw error
        } catch let error as ServiceError {
            throw Self.translate(error)
        } catch let error as HTTPError {
            if error.status == .notFound, error.body == nil {
                let allowed = methods(request.uri.path)
                if !allowed.isEmpty, !allowed.contains(request.method) {
                    let names = allowed.map(\.rawValue).joined(separator: ", ")
                    throw HTTPServiceError(
                        status: .methodNotAllowed, code: "BAD_REQUEST",
                        reason: "\(request.uri.path) does not answer \(request.method); use \(names).", allow: allowed)
                }
            }
            let code: String =
                switch error.status.code {
                case 401: "AUTHENTICATION_REQUIRED"
                case 403: "ACCESS_DENIED"
                case 404: "NOT_FOUND"
                case 413: "QUOTA_EXCEEDED"
                case 429: "THROTTLED"
                case 500...: "INTERNAL_ERROR"
                default: "BAD_REQUEST"
                }
            let reason =
                error.body
                ?? (error.status.code == 404
                    ? "No route matches \(request.method) \(request.uri.path)." : error.status.reasonPhrase)
            throw HTTPServiceError(status: error.status, code: code, reason: reason)
        } catch let error as any HTTPResponseError {
            throw error
        } catch {
            let failure = HTTPServiceError(
                status: .internalServerError, code: "INTERNAL_ERROR",
                reason: "The server failed to answer this request; the error id is in its log.")
            context.logger.error(
                "Unhandled error",
                metadata: ["error.id": "\(failure.body.uuid)", "error": "\(String(reflecting: error))"])
            throw failure
        }
    }

    /// The HTTP answer for a ``ServiceError``.
    public static func translate(_ error: ServiceError) -> HTTPServiceError {
        let retry = error.retryAfter.map { Int($0.seconds.rounded(.up)) }
        switch error.code {
        case .notAuthenticated:
            return HTTPServiceError(status: .unauthorized, code: "AUTHENTICATION_REQUIRED", reason: error.message)
        case .unauthorized: return HTTPServiceError(status: .forbidden, code: "ACCESS_DENIED", reason: error.message)
        case .notFound: return HTTPServiceError(status: .notFound, code: "NOT_FOUND", reason: error.message)
        case .validationFailed, .decodingFailed, .invalidURL:
            return HTTPServiceError(status: .badRequest, code: "BAD_REQUEST", reason: error.message)
        case .conflict: return HTTPServiceError(status: .conflict, code: "CONFLICT", reason: error.message)
        case .rateLimited:
            return HTTPServiceError(
                status: .tooManyRequests, code: "THROTTLED", reason: error.message, retryAfter: retry ?? 1)
        case .timedOut:
            return HTTPServiceError(
                status: .serviceUnavailable, code: "TRY_AGAIN_LATER", reason: error.message, retryAfter: retry ?? 1)
        default: return HTTPServiceError(status: .internalServerError, code: "INTERNAL_ERROR", reason: error.message)
        }
    }
}
