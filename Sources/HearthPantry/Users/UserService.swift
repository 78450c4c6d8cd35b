import Foundation
public import HearthCore
public import HearthPantryModel

/// The signed-in user's profile, and the people they share households with.
public protocol UserServicing: ServiceHealth {
    /// The signed-in user: profile and permission rules (preferences stay on the device; see
    /// ``UserPreferencesServicing``).
    func currentUser() async throws -> User
    /// The signed-in user now, and again whenever a later answer changes them (their profile saved here, say).
    func watchCurrentUser() -> Watched<User>
    /// Changes the signed-in user's profile: nil leaves a field, an empty string clears it.
    func updateProfile(_ changes: ProfileChanges) async throws -> User
    /// People who share a household with the user (the user included) whose name or email address contains
    /// `text` (2 characters at least), by name. Nobody else's account can be found.
    func searchUsers(_ text: String) async throws -> [User]
    /// The user's daily pantry digest preferences, kept on the server (which sends the digest).
    func digestPreferences() async throws -> DigestPreferences
    /// Changes the user's daily digest preferences: nil leaves a field, an empty webhook URL removes it.
    func updateDigestPreferences(_ changes: DigestPreferencesChanges) async throws -> DigestPreferences
}

/// Users over the pantry server's GraphQL (`me`, `updateMe`, `searchUsers`, `digestPreferences`,
/// `setDigestPreferences`). Inputs are trimmed before they are
/// sent; the server checks each field and names the one it refuses.
public actor UserService: UserServicing {
    public nonisolated let serviceName = "UserService"
    private let graphQL: any GraphQLServing

    /// A service over `graphQL`.
    public init(graphQL: any GraphQLServing) {
        self.graphQL = graphQL
    }

    public func currentUser() async throws -> User {
        try await graphQL.perform(MeQuery())
    }

    public nonisolated func watchCurrentUser() -> Watched<User> {
        graphQL.watch(MeQuery())
    }

    public func updateProfile(_ changes: ProfileChanges) async throws -> User {
        func trim(_ value: String?) -> String? { value?.trimmingCharacters(in: .whitespacesAndNewlines) }
        let trimmed = ProfileChanges(
            firstName: trim(changes.firstName), lastName: trim(changes.lastName),
            displayName: trim(changes.displayName),
            avatarUrl: trim(changes.avatarUrl), phone: trim(changes.phone),
            primaryHouseholdId: trim(changes.primaryHouseholdId))
        guard !trimmed.isEmpty else {
            throw ServiceError.validationFailed(
                "Give at least one of firstName, lastName, displayName, avatarUrl, phone or primaryHouseholdId to change."
            )
        }
        return try await graphQL.perform(UpdateMeMutation(changes: trimmed))
    }

    public func searchUsers(_ text: String) async throws -> [User] {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.count >= 2 else {
            throw ServiceError.validationFailed("Search text must have at least 2 characters; it is \"\(text)\".")
        }
        return try await graphQL.perform(SearchUsersQuery(text: text))
    }

    public func digestPreferences() async throws -> DigestPreferences {
        try await graphQL.perform(DigestPreferencesQuery())
    }

    public func updateDigestPreferences(_ changes: DigestPreferencesChanges) async throws -> DigestPreferences {
        guard !changes.isEmpty else {
            throw ServiceError.validationFailed(
                "Give at least one of enabled, email, webhookUrl, hour, timeZone or daysAhead to change.")
        }
        return try await graphQL.perform(SetDigestPreferencesMutation(changes: changes))
    }

    public func checkHealth() async -> HealthStatus {
        await ServiceInput.health { [graphQL] in _ = try await graphQL.perform(MeQuery()) }
    }
}
