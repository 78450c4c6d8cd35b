import Foundation

/// What the pantry shows of an account of the server: the cloud API's user id and email, when the account was
/// made, and the profile its owner keeps in the pantry (empty until they set it).
struct AccountRecord: Sendable, Equatable {
    var id: String
    var email: String
    var createdAt: Date = Date(timeIntervalSince1970: 0)
    var profile = Profile()

    /// The parts of a user's profile the server holds: nil and empty names mean not set.
    struct Profile: Sendable, Equatable {
        var firstName = ""
        var lastName = ""
        var displayName: String?
        var avatarUrl: String?
        var phone: String?
        var primaryHouseholdId: String?
        /// When the profile last changed; nil until it first does.
        var updatedAt: Date?
    }

    var firstName: String { profile.firstName }
    var lastName: String { profile.lastName }
    var displayName: String? { profile.displayName }
    var avatarUrl: String? { profile.avatarUrl }
    var createdAtText: String { Timestamp.text(createdAt) }
    var updatedAtText: String { Timestamp.text(profile.updatedAt ?? createdAt) }

    /// The name to show: the display name, else first and last name, else the email address.
    var name: String {
        if let displayName, !displayName.isEmpty { return displayName }
        let full = [firstName, lastName].filter { !$0.isEmpty }.joined(separator: " ")
        return full.isEmpty ? email : full
    }
}
