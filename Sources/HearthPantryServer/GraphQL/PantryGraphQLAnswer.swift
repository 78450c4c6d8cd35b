public import Foundation

/// An answer of ``PantryGraphQLServing/respond(_:viewer:)``: the JSON body, and whether the operation was
/// refused before anything ran, so the HTTP route can pick the status.
public struct PantryGraphQLAnswer: Sendable {
    /// The `application/graphql-response+json` body.
    public let body: Data
    /// The `extensions.code` of the first error when the document was refused before it ran — too long, over a
    /// limit, malformed, invalid, or introspection this caller may not do; nil when it ran (even with errors).
    public let refusal: GraphQLErrorCode?

    public init(body: Data, refusal: GraphQLErrorCode? = nil) {
        self.body = body
        self.refusal = refusal
    }
}
