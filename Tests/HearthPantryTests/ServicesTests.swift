import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel
import HearthStore
import HearthTestSupport
import Testing

@Suite("Preferences, permissions and the service container", .timeLimit(.minutes(10)))
struct ServicesTests {
    static func files() -> ProtectedFileStore {
        ProtectedFileStore(directory: scratchDirectory("hearth-pantry-prefs"))
    }

    @Test("preferences start at the app's defaults, persist, and import and export as JSON")
    func preferences() async throws {
        let files = Self.files()
        let service = UserPreferencesService(files: files)
        let defaults = try await service.preferences()
        #expect(defaults.theme == .system)
        #expect(
            defaults.notifications.expirationReminders && defaults.notifications.shoppingListUpdates
                && defaults.notifications.householdInvitations && defaults.notifications.pushNotifications)
        #expect(defaults.notifications.emailNotifications == false)
        #expect(defaults.app.defaultView == .pantry)
        #expect(defaults.app.sort == .alphabetical)
        #expect(defaults.app.measurementUnit == .metric)
        #expect(defaults.app.language == "en")
        #expect(defaults.app.autoSync)
        #expect(defaults.lastSelectedHouseholdId == nil)

        let changed = UserPreferences(
            theme: .dark, app: UserPreferences.AppSettings(sort: .expirationDate), lastSelectedHouseholdId: "h1")
        try await service.save(changed)
        #expect(try await UserPreferencesService(files: files).preferences() == changed, "kept for the next run")

        let exported = try await service.exportJSON()
        let elsewhere = UserPreferencesService(files: Self.files())
        #expect(try await elsewhere.importJSON(exported) == changed)

        let partial = try await elsewhere.importJSON(
            Data(#"{"theme":"light","app":{"defaultView":"shopping_list"}}"#.utf8))
        #expect(partial.theme == .light)
        #expect(partial.app.defaultView == .shoppingList)
        #expect(partial.app.language == "en")

        let bad = await serviceError { _ = try await elsewhere.importJSON(Data(#"{"theme":"purple"}"#.utf8)) }
        #expect(bad?.code == .validationFailed)
        #expect(bad?.message.contains("theme") == true)
        let notJSON = await serviceError { _ = try await elsewhere.importJSON(Data("theme=dark".utf8)) }
        #expect(notJSON?.message == "The preferences to import are not JSON; export them again and import that file.")
        #expect(try await elsewhere.preferences() == partial, "a refused import changes nothing")
    }

    @Test("watching preferences yields the current ones, then each saved change")
    func watchPreferences() async throws {
        let service = UserPreferencesService(files: Self.files())
        var updates = service.watch().makeAsyncIterator()
        #expect(try await updates.next() == UserPreferences())
        try await service.save(UserPreferences(theme: .dark))
        #expect(try await updates.next()?.theme == .dark)
    }

    @Test("permissions come from me { permissions }: an owner manages, a member only reads, an outsider neither")
    func permissions() async throws {
        try await withLiveServer { server in
            let owner = try await server.signedUpClient("owner")
            let guest = try await server.signedUpClient("guest")
            let home = try await owner.households().createHousehold(name: "Home", description: nil)
            let code = try await owner.households().createInvite(householdId: home.id).code
            _ = try await guest.households().joinHousehold(inviteCode: code)

            let ownerRules = try owner.permissions()
            #expect(try await ownerRules.canManageHousehold(home.id))
            #expect(try await ownerRules.canDeleteHousehold(home.id))
            #expect(try await ownerRules.canManageMembers(in: home.id))
            let guestRules = try guest.permissions()
            #expect(try await guestRules.canReadHousehold(home.id))
            #expect(try await guestRules.canUpdateHousehold(home.id) == false)
            #expect(try await guestRules.canManageMembers(in: home.id) == false)
            #expect(try await guestRules.canReadHousehold("another") == false)
        }
    }

    @Test("a service that was not set up is named in the error; the factory sets up all of them")
    func container() async throws {
        let empty = DependencyContainer(container: ServiceContainer())
        let missing = await serviceError { _ = try empty.households() }
        #expect(missing?.code == .notRegistered)
        #expect(missing?.message.contains("HouseholdService was not set up") == true)

        try await withLiveServer { server in
            let services = try await server.signedUpClient()
            let report = await services.health()
            #expect(
                Set(report.keys) == [
                    "GraphQLService", "AuthService", "HouseholdService", "PantryService", "UserPreferencesService",
                    "PermissionService",
                    "RecipeService", "ShoppingListService", "UserService", "MealPlanService",
                ])
            #expect(report.values.allSatisfy { $0.isHealthy }, "\(report)")

            // Signing out through the container also empties the cache, so nothing of this account is served later.
            _ = try await services.households().createHousehold(name: "Home", description: nil)
            _ = try await services.graphQL().query("{ households { id name } }", variables: [:], policy: .networkOnly)
            try await services.signOut()
            #expect(try await services.auth().currentSession() == nil)
            let cached = await serviceError {
                _ = try await services.graphQL().query("{ households { id name } }", variables: [:], policy: .cacheOnly)
            }
            #expect(cached?.code == .notFound)
        }
    }
}
