public import HearthPantryModel

/// A member a digest goes to: their account's id and e-mail address, and their digest preferences.
public struct DigestRecipient: Sendable, Hashable {
    /// The account's id.
    public var userID: String
    /// The account's e-mail address.
    public var email: String
    public var preferences: DigestPreferences

    /// Whether they want it by e-mail.
    public var wantsEmail: Bool { preferences.email }

    public init(userID: String, email: String, preferences: DigestPreferences) {
        self.userID = userID
        self.email = email
        self.preferences = preferences
    }
}
