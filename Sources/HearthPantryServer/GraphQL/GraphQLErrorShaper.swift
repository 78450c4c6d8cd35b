import Foundation
public import GraphQL
import HearthCore
public import Logging

/// Turns whatever went wrong in an operation into what the client may see: a message and an
/// `extensions.code` from ``GraphQLErrorCode``, never internal text.
///
/// A ``ServiceError`` speaks for itself (its code picks the GraphQL code, its message is meant for people).
/// Errors GraphQL itself reports before anything runs (syntax, validation, limits, variables) are the
/// client's: `BAD_USER_INPUT` with GraphQL's message. Anything else is logged with its cause under an
/// error id, and answered `INTERNAL` with a generic message naming that id.
public struct GraphQLErrorShaper: Sendable {
    let logger: Logger

    public init(logger: Logger) {
        self.logger = logger
    }

    /// `result` with every error shaped.
    public func shape(_ result: GraphQLResult) -> GraphQLResult {
        GraphQLResult(data: result.data, errors: result.errors.map(shape))
    }

    /// One error as the client sees it.
    public func shape(_ error: GraphQLError) -> GraphQLError {
        if let service = error.originalError as? ServiceError {
            guard let code = Self.code(for: service.code) else { return internalError(error, cause: service) }
            return GraphQLError(message: service.message, locations: error.locations, path: error.path, extensions: Self.extensions(code, service))
        }
        if let original = error.originalError {
            return internalError(error, cause: original)
        }
        if case .string(let code)? = error.extensions["code"], GraphQLErrorCode(rawValue: code) != nil {
            return error
        }
        // Errors with a path come from executing a field (a null where the schema promised a value): the
        // server's fault. Without one, GraphQL refused the document or its variables.
        if !error.path.elements.isEmpty {
            return internalError(error, cause: error)
        }
        var extensions = error.extensions
        extensions["code"] = .string(GraphQLErrorCode.badUserInput.rawValue)
        return GraphQLError(message: error.message, locations: error.locations, path: error.path, extensions: extensions)
    }

    /// A request-level error (no operation ran) with `code`.
    public static func error(_ code: GraphQLErrorCode, _ message: String) -> GraphQLError {
        GraphQLError(message: message, extensions: ["code": .string(code.rawValue)])
    }

    static func code(for code: ServiceError.Code) -> GraphQLErrorCode? {
        switch code {
        case .notAuthenticated: .unauthenticated
        case .unauthorized: .forbidden
        case .notFound: .notFound
        case .validationFailed, .conflict: .badUserInput
        default: nil
        }
    }

    private static func extensions(_ code: GraphQLErrorCode, _ error: ServiceError) -> [String: Map] {
        var extensions: [String: Map] = ["code": .string(code.rawValue)]
        if error.reasons.count > 1 { extensions["reasons"] = .array(error.reasons.map(Map.string)) }
        return extensions
    }

    private func internalError(_ error: GraphQLError, cause: any Error) -> GraphQLError {
        let id = UUID().uuidString
        logger.error("GraphQL operation failed", metadata: [
            "error.id": "\(id)", "graphql.path": "\(error.path.elements.map(\.description).joined(separator: "."))",
            "error": "\(String(reflecting: cause))",
        ])
        return GraphQLError(
            message: "The server failed to answer this part of the operation; the error id \(id) is in its log.",
            locations: error.locations, path: error.path, extensions: ["code": .string(GraphQLErrorCode.internal.rawValue), "errorId": .string(id)])
    }
}
