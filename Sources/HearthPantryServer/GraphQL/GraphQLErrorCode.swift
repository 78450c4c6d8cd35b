/// The `extensions.code` of every error the GraphQL endpoint answers with.
public enum GraphQLErrorCode: String, Sendable, CaseIterable {
    /// No caller, or a token that is unknown, revoked or expired: sign in.
    case unauthenticated = "UNAUTHENTICATED"
    /// The caller may not do this; nothing was changed.
    case forbidden = "FORBIDDEN"
    /// What the operation names does not exist (or the caller may not know that it does).
    case notFound = "NOT_FOUND"
    /// The operation or its input is wrong: syntax, validation, limits, or a domain rule it breaks.
    case badUserInput = "BAD_USER_INPUT"
    /// The caller sent more operations than their rate allows; `extensions.retryAfter` says how many seconds to wait.
    case rateLimited = "RATE_LIMITED"
    /// The server failed; the cause is in its log, never in the answer.
    case `internal` = "INTERNAL"
}
