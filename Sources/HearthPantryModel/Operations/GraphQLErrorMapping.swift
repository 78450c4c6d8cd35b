public import Foundation
public import HearthCore

/// The `errors` of a GraphQL answer, turned into the `ServiceError` a caller handles.
public enum GraphQLErrorMapping {
    /// One entry of an answer's `errors`.
    public struct Failure: Decodable, Sendable {
        public let message: String
        public let extensions: [String: RawJSON]?

        public var code: String? {
            if case .string(let code)? = extensions?["code"] { return code }
            return nil
        }
    }

    /// The error for `failures`, from the first failure's `extensions.code`: `UNAUTHENTICATED` → notAuthenticated,
    /// `FORBIDDEN` → unauthorized, `NOT_FOUND` → notFound, `BAD_USER_INPUT` → validationFailed (with every such
    /// message as a reason) or, with `extensions.reason` `STALE_VERSION`, staleVersion, `RATE_LIMITED` → rateLimited, anything else → operationFailed.
    public static func error(for failures: [Failure]) -> ServiceError {
        guard let first = failures.first else {
            return .operationFailed("The server answered with an error but gave no message.")
        }
        switch first.code {
        case "UNAUTHENTICATED":
            return ServiceError(.notAuthenticated, first.message)
        case "FORBIDDEN":
            return ServiceError(.unauthorized, first.message)
        case "NOT_FOUND":
            return ServiceError(.notFound, first.message)
        case "RATE_LIMITED":
            return ServiceError(.rateLimited, first.message)
        case "BAD_USER_INPUT":
            if case .string("STALE_VERSION")? = first.extensions?["reason"] {
                return ServiceError(.staleVersion, first.message)
            }
            let reasons = failures.filter { $0.code == "BAD_USER_INPUT" }.map(\.message)
            return .validationFailed(reasons)
        default:
            let code = first.code.map { " (\($0))" } ?? ""
            return .operationFailed("The server could not run the operation\(code): \(first.message)")
        }
    }
}
