public import Foundation

/// A person who uses the pantry: their profile, the rules they hold and their preferences.
public struct User: Codable, Sendable, Hashable, Identifiable {
    /// The user's id.
    public let id: String
    /// The given name.
    public let firstName: String
    /// The family name.
    public let lastName: String
    /// When the account was created.
    public let createdAt: Date
    /// When the profile last changed.
    public let updatedAt: Date
    /// The e-mail address, if known.
    public let email: String?
    /// The name the user chose to be shown by, if any.
    public let displayName: String?
    /// Where the user's picture is, if they have one.
    public let avatarUrl: String?
    /// A phone number, if given.
    public let phone: String?
    /// The household the user mainly belongs to.
    public let primaryHouseholdId: String?
    /// The permission rules the user holds.
    public let permissions: UserPermissions
    /// The user's preferences.
    public let preferences: UserPreferences

    public init(
        id: String, firstName: String, lastName: String, createdAt: Date, updatedAt: Date,
        email: String? = nil, displayName: String? = nil, avatarUrl: String? = nil, phone: String? = nil,
        primaryHouseholdId: String? = nil, permissions: UserPermissions = UserPermissions(),
        preferences: UserPreferences = UserPreferences()
    ) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.email = email
        self.displayName = displayName
        self.avatarUrl = avatarUrl
        self.phone = phone
        self.primaryHouseholdId = primaryHouseholdId
        self.permissions = permissions
        self.preferences = preferences
    }

    /// Reads a user as the server writes one: names left out are empty, and permissions and preferences left out
    /// (the server sends a user's rules only for the signed-in user, and preferences stay on the device) are the
    /// defaults.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try c.decode(String.self, forKey: .id),
            firstName: try c.decodeIfPresent(String.self, forKey: .firstName) ?? "",
            lastName: try c.decodeIfPresent(String.self, forKey: .lastName) ?? "",
            createdAt: try c.decode(Date.self, forKey: .createdAt),
            updatedAt: try c.decode(Date.self, forKey: .updatedAt),
            email: try c.decodeIfPresent(String.self, forKey: .email),
            displayName: try c.decodeIfPresent(String.self, forKey: .displayName),
            avatarUrl: try c.decodeIfPresent(String.self, forKey: .avatarUrl),
            phone: try c.decodeIfPresent(String.self, forKey: .phone),
            primaryHouseholdId: try c.decodeIfPresent(String.self, forKey: .primaryHouseholdId),
            permissions: try c.decodeIfPresent(UserPermissions.self, forKey: .permissions) ?? UserPermissions(),
            preferences: try c.decodeIfPresent(UserPreferences.self, forKey: .preferences) ?? UserPreferences())
    }

    private enum CodingKeys: String, CodingKey {
        case id, firstName, lastName, createdAt, updatedAt, email, displayName, avatarUrl, phone, primaryHouseholdId,
            permissions, preferences
    }

    /// The name to show: the display name when set, otherwise "first last", otherwise the e-mail address.
    public var name: String {
        if let displayName, !displayName.trimmingCharacters(in: .whitespaces).isEmpty { return displayName }
        let full = [firstName, lastName].map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(
            separator: " ")
        return full.isEmpty ? (email ?? id) : full
    }
}
