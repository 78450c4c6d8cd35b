/// Who may ask the schema about itself (`__schema`, `__type`); `__typename` is always answered.
///
/// A signed-out caller can do nothing with the pantry but ask for its schema, and a full schema is the
/// largest answer a short query can get, so by default only signed-in callers (GraphQL tools given a bearer
/// token, the clients) introspect. Refused introspection is an `INTROSPECTION_DISABLED` error, HTTP 403.
public enum GraphQLIntrospection: String, Sendable, CaseIterable {
    /// Everyone, signed in or not.
    case on
    /// Signed-in callers only (the default).
    case signedIn = "signed-in"
    /// No one.
    case off

    /// Whether a caller, signed in or not, may introspect.
    public func allows(signedIn: Bool) -> Bool {
        switch self {
        case .on: true
        case .signedIn: signedIn
        case .off: false
        }
    }
}
