import Foundation
public import GraphQL
import HearthCore
public import Logging

/// Turns whatever went wrong in an operation into what the client may see: a message and an
/// `extensions.code` from ``GraphQLErrorCode``, never internal text.
///
/// A ``ServiceError`` speaks for itself (its code picks the GraphQL code, its message is meant for people).
/// Errors GraphQL itself reports about the request (syntax, validation, limits, variables, the operation's
/// name) are the client's: `BAD_USER_INPUT` with GraphQL's message. Anything else is logged with its cause
/// under an error id, and answered `INTERNAL` with a generic message naming that id.
public struct GraphQLErrorShaper: Sendable {
    /// Where in an operation's life an error arose.
    public enum Phase: Sendable {
        /// Parsing and validating the document: every error is about the request.
        case validation
        /// Coercing variables and running resolvers.
        case execution
    }

    let logger: Logger

    public init(logger: Logger) {
        self.logger = logger
    }

    /// `result` with every error shaped.
    public func shape(_ result: GraphQLResult, phase: Phase) -> GraphQLResult {
        GraphQLResult(data: result.data, errors: result.errors.map { shape($0, phase: phase) })
    }

    /// One error as the client sees it.
    public func shape(_ error: GraphQLError, phase: Phase) -> GraphQLError {
        if let service = error.originalError as? ServiceError {
            guard let code = Self.code(for: service.code) else { return internalError(error, cause: service) }
            return GraphQLError(
                message: service.message, locations: error.locations, path: error.path,
                extensions: Self.extensions(code, service))
        }
        if let original = error.originalError {
            return internalError(error, cause: original)
        }
        if case .string(let code)? = error.extensions["code"], GraphQLErrorCode(rawValue: code) != nil {
            return error
        }
        // While executing, GraphQL's own errors are about the request only when they are about its variables
        // or the operation it names; the others (a null where the schema promised a value) are the server's.
        if phase == .execution, !Self.requestProblems.contains(where: { error.message.hasPrefix($0) }) {
            return internalError(error, cause: error)
        }
        var extensions = error.extensions
        extensions["code"] = .string(GraphQLErrorCode.badUserInput.rawValue)
        return GraphQLError(
            message: error.message, locations: error.locations, path: error.path, extensions: extensions)
    }

    /// How GraphQL's messages about a request's variables, arguments and operation name begin. An argument's
    /// literal can pass validation and still not fit its type (an Int past 32 bits), which only execution finds.
    static let requestProblems = [
        "Variable \"$", "Argument \"", "Unknown operation named", "Must provide operation name",
        "Must provide an operation",
    ]

    /// `result` with ``withoutSuggestions(_:)-(GraphQLError)`` applied to every error.
    public static func withoutSuggestions(_ result: GraphQLResult) -> GraphQLResult {
        guard result.errors.contains(where: { $0.message.contains(suggestion) }) else { return result }
        return GraphQLResult(data: result.data, errors: result.errors.map { withoutSuggestions($0) })
    }

    /// `error` without GraphQL's "Did you mean …?" suggestions, which name fields, arguments, types and enum
    /// values of the schema: callers who are not signed in may not introspect, so they are not told them either.
    public static func withoutSuggestions(_ error: GraphQLError) -> GraphQLError {
        guard error.message.contains(suggestion) else { return error }
        var message = error.message
        // A suggestion runs from " Did you mean" to its question mark; the names it quotes hold none.
        while let start = message.range(of: suggestion), let end = message[start.upperBound...].firstIndex(of: "?") {
            message.removeSubrange(start.lowerBound...end)
        }
        return GraphQLError(
            message: message, locations: error.locations, path: error.path, extensions: error.extensions)
    }

    private static let suggestion = " Did you mean "

    /// A request-level error (no operation ran) with `code`.
    public static func error(_ code: GraphQLErrorCode, _ message: String) -> GraphQLError {
        GraphQLError(message: message, extensions: ["code": .string(code.rawValue)])
    }

    static func code(for code: ServiceError.Code) -> GraphQLErrorCode? {
        switch code {
        case .notAuthenticated: .unauthenticated
        case .unauthorized: .forbidden
        case .notFound: .notFound
        case .validationFailed, .conflict, .staleVersion: .badUserInput
        case .rateLimited: .rateLimited
        default: nil
        }
    }

    private static func extensions(_ code: GraphQLErrorCode, _ error: ServiceError) -> [String: Map] {
        var extensions: [String: Map] = ["code": .string(code.rawValue)]
        if error.reasons.count > 1 { extensions["reasons"] = .array(error.reasons.map(Map.string)) }
        if error.code == .staleVersion { extensions["reason"] = .string(ServiceError.Code.staleVersion.rawValue) }
        return extensions
    }

    private func internalError(_ error: GraphQLError, cause: any Error) -> GraphQLError {
        let id = UUID().uuidString
        logger.error(
            "GraphQL operation failed",
            metadata: [
                "error.id": "\(id)", "graphql.path": "\(error.path.elements.map(\.description).joined(separator: "."))",
                "error": "\(String(reflecting: cause))",
            ])
        return GraphQLError(
            message: "The server failed to answer this part of the operation; the error id \(id) is in its log.",
            locations: error.locations, path: error.path,
            extensions: ["code": .string(GraphQLErrorCode.internal.rawValue), "errorId": .string(id)])
    }
}
