import Foundation
import Graphiti
import HearthCore
import HearthPantryModel
import HearthPermissions

/// The caller's daily digest preferences: each member reads and sets only their own.
extension PantryResolver {
    func digestPreferences(context: PantryContext, arguments: DigestPreferencesArguments) async throws
        -> DigestPreferences
    {
        let viewer = try Self.digestOwner(context, arguments.userId, "read")
        return try await context.store.digestPreferences(of: viewer.userID) ?? DigestPreferences()
    }

    /// Changes the caller's digest preferences: fields left out stay as they are, an empty webhookUrl clears it.
    /// Every field is checked before anything is stored.
    func setDigestPreferences(context: PantryContext, arguments: SetDigestPreferencesArguments) async throws
        -> DigestPreferences
    {
        let viewer = try Self.digestOwner(context, arguments.userId, "change")
        try Self.allow(
            try await context.ability().can("update", PantryPermissions.user(id: viewer.userID)),
            "You may only change your own digest preferences.")
        let input = arguments.input
        var preferences = try await context.store.digestPreferences(of: viewer.userID) ?? DigestPreferences()
        if let enabled = input.enabled { preferences.enabled = enabled }
        if let email = input.email { preferences.email = email }
        if let url = input.webhookUrl { preferences.webhookURL = url }
        if let hour = input.hour { preferences.hour = hour }
        if let zone = input.timeZone { preferences.timeZone = zone }
        if let days = input.daysAhead { preferences.daysAhead = days }
        let checked = try preferences.validated()
        try await context.store.save(digestPreferences: checked, of: viewer.userID, at: context.now)
        context.changed()
        return checked
    }

    /// The caller, when `userId` is left out or is theirs; `FORBIDDEN` for anyone else's.
    static func digestOwner(_ context: PantryContext, _ userId: String?, _ verb: String) throws -> PantryViewer {
        let viewer = try context.signedIn()
        if let userId, userId != viewer.userID {
            throw ServiceError.unauthorized(
                "You may only \(verb) your own digest preferences; leave userId out (or give your own id).")
        }
        return viewer
    }
}
