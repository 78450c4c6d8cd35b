public import HearthCore

/// What an operation does on the pantry server: read, change, or follow changes.
public enum PantryOperationKind: String, Sendable {
    case query, mutation, subscription
}

/// One operation of the pantry server's GraphQL API, typed: the document sent, its variables, and the type of
/// the answer's top-level field.
///
/// The client services send these and the tests validate their documents against the server's schema, so a
/// document and the type its answer is read into cannot drift apart.
///
/// ```swift
/// let items = try await graphQL.perform(ItemsQuery(householdId: id))   // [PantryItem]
/// ```
public protocol PantryOperation: Sendable {
    /// The type the answer's ``field`` is read into.
    associatedtype Answer: Decodable & Sendable
    /// Query, mutation or subscription.
    static var kind: PantryOperationKind { get }
    /// The GraphQL document, with `$` variables.
    static var document: String { get }
    /// The top-level field of `data` that holds the answer.
    static var field: String { get }
    /// The values of the document's variables.
    var variables: [String: AnyJSON] { get }
}

extension PantryOperation {
    public var variables: [String: AnyJSON] { [:] }
}

/// The selections the operations share, so every operation reads an object into its model with the same fields.
public enum PantrySelection {
    /// A ``HouseholdMember``.
    public static let member = "id userId householdId role joinedAt"
    /// A ``Household`` with its members.
    public static let household = "id name description createdBy createdAt updatedAt memberCount members { \(member) }"
    /// An ``InviteCode``.
    public static let invite = "code householdId createdBy createdAt expiresAt"
    /// A ``PantryItem``.
    public static let item =
        "id householdId name quantity unit category expirationDate dueDateKind minimumQuantity location notes barcode addedBy createdAt updatedAt"
}
