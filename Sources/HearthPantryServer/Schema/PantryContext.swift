import Foundation
import HearthCore
import HearthPantryModel
import HearthPermissions
import Synchronization

/// What every resolver of one GraphQL operation shares: who is asking, the store and the request's loaders.
public final class PantryContext: Sendable {
    /// The signed-in caller; nil when the request carried no token.
    public let viewer: PantryViewer?
    let store: PantryStore
    private let current: Mutex<(loaders: PantryLoaders, today: CalendarDay)>
    private let clockRead = Atomic(false)

    init(viewer: PantryViewer?, store: PantryStore) {
        self.viewer = viewer
        self.store = store
        self.current = Mutex((PantryLoaders(store: store), Self.day(store.clock())))
    }

    /// The loaders of the current operation (a subscription gets fresh ones for each event it sends).
    var loaders: PantryLoaders { current.withLock { $0.loaders } }

    /// The time a mutation records.
    var now: Date { store.clock() }

    /// The day it is, in UTC: what items' due days are compared with. Read once per operation (and again after
    /// a write), so every item of an answer is judged on the same day.
    var today: CalendarDay { current.withLock { $0.today } }

    /// Notes that the answer depends on the time of day, not only on the stored data and the day: such an
    /// answer is never kept (``AnswerCache``).
    func readsTheClock() { clockRead.store(true, ordering: .relaxed) }

    /// Whether a resolver has called ``readsTheClock()``.
    var hasReadTheClock: Bool { clockRead.load(ordering: .relaxed) }

    private static let utc = TimeZone(identifier: "UTC") ?? .current

    private static func day(_ date: Date) -> CalendarDay { CalendarDay(date, in: utc) }

    /// Forgets everything loaded so far, so the next reads see the database as it is now.
    func resetLoaders() {
        let fresh = (PantryLoaders(store: store), Self.day(store.clock()))
        current.withLock { $0 = fresh }
    }

    /// After a write: forgets what was loaded, so the rest of the mutation reads what is stored now.
    func changed() {
        resetLoaders()
    }

    /// The caller, or `UNAUTHENTICATED` when nobody is signed in.
    func signedIn() throws -> PantryViewer {
        guard let viewer else {
            throw ServiceError.notAuthenticated(
                "Sign in first: send \"Authorization: Bearer <token>\" with a token from POST /cloud/v1/accounts/signin."
            )
        }
        return viewer
    }

    /// The caller's memberships (loaded once per request).
    func viewerMemberships() async throws -> [HouseholdMember] {
        try await loaders.memberships.load(try signedIn().userID) ?? []
    }

    /// The caller's permissions: the Pantry rules filled from their memberships as they are now.
    func permissions() async throws -> Permissions {
        let viewer = try signedIn()
        let memberships = try await viewerMemberships().map {
            PantryPermissions.Membership(
                householdId: $0.householdId, role: PantryPermissions.Role(rawValue: $0.role.rawValue) ?? .member)
        }
        return try PantryPermissions.permissions(userId: viewer.userID, memberships: memberships)
    }

    /// What the caller may do, from ``permissions()``.
    func ability() async throws -> Ability {
        try Ability(try await permissions())
    }
}
