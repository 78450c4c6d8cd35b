/// The `extensions.code` of every error the GraphQL endpoint answers with.
///
/// The limits' codes come with `extensions.limit`, the name of the limit, and a message that gives the
/// operation's own figure, the server's limit and how to stay under it; an operation refused by a limit never runs.
public enum GraphQLErrorCode: String, Sendable, CaseIterable {
    /// No caller, or a token that is unknown, revoked or expired: sign in.
    case unauthenticated = "UNAUTHENTICATED"
    /// The caller may not do this; nothing was changed.
    case forbidden = "FORBIDDEN"
    /// What the operation names does not exist (or the caller may not know that it does).
    case notFound = "NOT_FOUND"
    /// The operation or its input is wrong: syntax, validation, a cycle of fragments, or a domain rule it breaks.
    case badUserInput = "BAD_USER_INPUT"
    /// The caller sent more operations than their rate allows; `extensions.retryAfter` says how many seconds to wait.
    case rateLimited = "RATE_LIMITED"
    /// The document is longer than the byte limit (HTTP 413): move long values into variables, or split it.
    case queryTooLarge = "QUERY_TOO_LARGE"
    /// The document has more tokens than the limit: select fewer fields, or split it.
    case tooManyTokens = "TOO_MANY_TOKENS"
    /// Brackets nest deeper than the parser is allowed to go, or fields deeper than the depth limit.
    case tooDeep = "TOO_DEEP"
    /// More aliases than the limit, counting each fragment's at every spread.
    case tooManyAliases = "TOO_MANY_ALIASES"
    /// More directives than the limit, counting each fragment's at every spread.
    case tooManyDirectives = "TOO_MANY_DIRECTIVES"
    /// The operation costs more than the limit: ask for fewer fields or smaller pages.
    case tooCostly = "TOO_COSTLY"
    /// Introspection (`__schema`, `__type`) is not answered to this caller: signed out, or turned off on the server.
    case introspectionDisabled = "INTROSPECTION_DISABLED"
    /// A WebSocket connection, or a user across connections, already runs as many subscriptions as allowed.
    case tooManySubscriptions = "TOO_MANY_SUBSCRIPTIONS"
    /// The server failed; the cause is in its log, never in the answer.
    case `internal` = "INTERNAL"
}
