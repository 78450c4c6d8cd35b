import Foundation
import Graphiti
import HearthCore
import HearthPantryModel
import HearthPermissions

/// The signed-in user's profile, and finding people.
///
/// Finding people never reveals the server's list of accounts: `searchUsers` looks only among the people who
/// share at least one household with the caller (the caller included), so it cannot tell whether anyone else has
/// an account. Someone new joins with an invite code instead.
extension PantryResolver {
    /// Longest a name may be, in characters.
    static let longestName = 100
    /// Most people one search answers with.
    static let searchLimit = 20

    func me(context: PantryContext, arguments: NoArguments) async throws -> ViewerProfile {
        try await Self.profile(context)
    }

    /// Changes the caller's profile: fields left out stay as they are, an empty string clears one. Every field is
    /// checked before anything is stored.
    func updateMe(context: PantryContext, arguments: UpdateMeArguments) async throws -> ViewerProfile {
        let viewer = try context.signedIn()
        try Self.allow(
            try await context.ability().can("update", PantryPermissions.user(id: viewer.userID)),
            "You may only change your own profile.")
        let input = arguments.input
        let given = [
            input.firstName, input.lastName, input.displayName, input.avatarUrl, input.phone, input.primaryHouseholdId,
        ]
        guard given.contains(where: { $0 != nil }) else {
            throw ServiceError.validationFailed(
                "Give at least one of firstName, lastName, displayName, avatarUrl, phone or primaryHouseholdId to change."
            )
        }
        var profile = try await Self.profile(context).account.profile
        var problems: [String] = []
        func name(_ value: String?, _ field: String) -> String? {
            guard let value else { return nil }
            let trimmed = Validation.trimmed(value)
            if trimmed.count > Self.longestName {
                problems.append("\(field) is longer than \(Self.longestName) characters.")
            }
            return trimmed
        }
        if let first = name(input.firstName, "firstName") { profile.firstName = first }
        if let last = name(input.lastName, "lastName") { profile.lastName = last }
        if let display = name(input.displayName, "displayName") {
            profile.displayName = display.isEmpty ? nil : display
        }
        if let avatar = input.avatarUrl.map(Validation.trimmed) {
            if avatar.isEmpty {
                profile.avatarUrl = nil
            } else if Validation.isValidURL(avatar) {
                profile.avatarUrl = avatar
            } else {
                problems.append("avatarUrl must be an http:// or https:// address; it is \"\(avatar)\".")
            }
        }
        if let phone = input.phone.map(Validation.trimmed) {
            if phone.isEmpty {
                profile.phone = nil
            } else if Self.isPhoneNumber(phone) {
                profile.phone = phone
            } else {
                problems.append("phone must be a phone number of digits, spaces and + - ( ) .; it is \"\(phone)\".")
            }
        }
        if let household = input.primaryHouseholdId.map(Validation.trimmed) {
            if household.isEmpty {
                profile.primaryHouseholdId = nil
            } else if try await context.viewerMemberships().contains(where: { $0.householdId == household }) {
                profile.primaryHouseholdId = household
            } else {
                problems.append("primaryHouseholdId \"\(household)\" is not a household you belong to.")
            }
        }
        guard problems.isEmpty else { throw ServiceError.validationFailed(problems) }
        try await context.store.save(profile: profile, of: viewer.userID, at: context.now)
        context.changed()
        return try await Self.profile(context)
    }

    /// People who share a household with the caller (the caller included) whose name or email address contains
    /// `text`, ignoring case and accents: at most ``searchLimit``, by name.
    func searchUsers(context: PantryContext, arguments: SearchUsersArguments) async throws -> [AccountRecord] {
        let viewer = try context.signedIn()
        let text = Validation.trimmed(arguments.text)
        guard text.count >= 2 else {
            throw ServiceError.validationFailed("text must have at least 2 characters; it is \"\(text)\".")
        }
        let needle = TextSearch.fold(text)
        let ids = try await context.store.housemates(of: viewer.userID)
        let people = try await context.loaders.accounts.loadMany(ids).compactMap { $0 }
        return people.filter { person in
            [person.email, person.firstName, person.lastName, person.displayName ?? "", person.name].contains {
                TextSearch.fold($0).contains(needle)
            }
        }
        .sorted { (TextSearch.fold($0.name), $0.id) < (TextSearch.fold($1.name), $1.id) }
        .prefix(Self.searchLimit).map { $0 }
    }

    /// The caller with their account and profile as stored now.
    static func profile(_ context: PantryContext) async throws -> ViewerProfile {
        let viewer = try context.signedIn()
        let account =
            try await context.loaders.accounts.load(viewer.userID)
            ?? AccountRecord(id: viewer.userID, email: viewer.email)
        return ViewerProfile(viewer: viewer, account: account)
    }

    /// Digits with spaces, dots, dashes, brackets and a leading +; at least three digits, at most 32 characters.
    static func isPhoneNumber(_ text: String) -> Bool {
        guard text.count <= 32, text.filter(\.isASCII).filter(\.isNumber).count >= 3 else { return false }
        for (offset, character) in text.enumerated() {
            if character.isASCII && character.isNumber { continue }
            if " .-()".contains(character) { continue }
            if character == "+" && offset == 0 { continue }
            return false
        }
        return true
    }
}

/// The signed-in user as `me` answers: who signed in, and their account and profile.
struct ViewerProfile: Sendable {
    let viewer: PantryViewer
    let account: AccountRecord

    var id: String { viewer.userID }
    var email: String { account.email }
    var firstName: String { account.firstName }
    var lastName: String { account.lastName }
    var displayName: String? { account.displayName }
    var name: String { account.name }
    var avatarUrl: String? { account.avatarUrl }
    var phone: String? { account.profile.phone }
    var createdAt: String { account.createdAtText }
    var updatedAt: String { account.updatedAtText }

    /// The household the user chose as their main one, while they still belong to it.
    func primaryHouseholdId(context: PantryContext, arguments: NoArguments) async throws -> String? {
        guard let id = account.profile.primaryHouseholdId else { return nil }
        return try await context.viewerMemberships().contains { $0.householdId == id } ? id : nil
    }

    func permissions(context: PantryContext, arguments: NoArguments) async throws -> Permissions {
        try await context.permissions()
    }
}
