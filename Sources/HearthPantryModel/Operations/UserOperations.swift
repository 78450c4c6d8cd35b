public import HearthCore

extension PantrySelection {
    /// A ``User`` as other members see them.
    public static let user = "id email firstName lastName displayName avatarUrl createdAt updatedAt"
    /// The signed-in ``User``, with what only they see.
    public static let viewer = "\(user) phone primaryHouseholdId permissions { rules version }"
}

/// Changes to the signed-in user's profile, as `updateMe` takes them: nil leaves a field as it is, an empty
/// string clears it.
public struct ProfileChanges: Sendable, Hashable {
    public let firstName: String?
    public let lastName: String?
    public let displayName: String?
    public let avatarUrl: String?
    public let phone: String?
    public let primaryHouseholdId: String?

    public init(
        firstName: String? = nil, lastName: String? = nil, displayName: String? = nil, avatarUrl: String? = nil,
        phone: String? = nil, primaryHouseholdId: String? = nil
    ) {
        self.firstName = firstName
        self.lastName = lastName
        self.displayName = displayName
        self.avatarUrl = avatarUrl
        self.phone = phone
        self.primaryHouseholdId = primaryHouseholdId
    }

    /// Whether nothing would change.
    public var isEmpty: Bool {
        [firstName, lastName, displayName, avatarUrl, phone, primaryHouseholdId].allSatisfy { $0 == nil }
    }

    var json: AnyJSON {
        var input: [String: AnyJSON] = [:]
        if let firstName { input["firstName"] = .string(firstName) }
        if let lastName { input["lastName"] = .string(lastName) }
        if let displayName { input["displayName"] = .string(displayName) }
        if let avatarUrl { input["avatarUrl"] = .string(avatarUrl) }
        if let phone { input["phone"] = .string(phone) }
        if let primaryHouseholdId { input["primaryHouseholdId"] = .string(primaryHouseholdId) }
        return .object(input)
    }
}

/// The signed-in user: their profile and permission rules.
public struct MeQuery: PantryOperation {
    public typealias Answer = User
    public static let kind = PantryOperationKind.query
    public static let document = "query Me { me { \(PantrySelection.viewer) } }"
    public static let field = "me"
    public init() {}
}

/// Changes the signed-in user's profile.
public struct UpdateMeMutation: PantryOperation {
    public typealias Answer = User
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation UpdateMe($input: ProfileInput!) { updateMe(input: $input) { \(PantrySelection.viewer) } }"
    public static let field = "updateMe"
    public let changes: ProfileChanges
    public init(changes: ProfileChanges) { self.changes = changes }
    public var variables: [String: AnyJSON] { ["input": changes.json] }
}

/// People who share a household with the signed-in user (themselves included) whose name or e-mail address
/// contains `text`.
public struct SearchUsersQuery: PantryOperation {
    public typealias Answer = [User]
    public static let kind = PantryOperationKind.query
    public static let document =
        "query SearchUsers($text: String!) { searchUsers(text: $text) { \(PantrySelection.user) } }"
    public static let field = "searchUsers"
    public let text: String
    public init(text: String) { self.text = text }
    public var variables: [String: AnyJSON] { ["text": .string(text)] }
}
