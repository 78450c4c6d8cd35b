import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel
import HearthTestSupport
import Testing

@Suite("Signing out forgets everything of the account", .timeLimit(.minutes(10)))
struct SignOutTests {
    @Test("A loads everything, signs out, B signs in on the same services: nothing of A is served, even from caches")
    func nothingOfTheLastAccount() async throws {
        try await withLiveServer { server in
            let services = server.client()
            let a = freshEmail("a")
            let b = freshEmail("b")
            try await services.auth().signUp(email: b, password: "long enough password")
            try await services.auth().signOut()
            try await services.auth().signUp(email: a, password: "long enough password")

            // A loads households, recipes, rules, the current household and watched queries.
            let households = try services.households()
            let home = try await households.createHousehold(name: "A's home", description: nil)
            try await households.selectHousehold(id: home.id)
            let recipe = try await services.recipes().addRecipe(
                householdId: home.id,
                RecipeFields(
                    name: "A's pancakes", ingredients: [Ingredient(name: "flour", quantity: 250, unit: "g")],
                    instructions: ["Mix"]))
            #expect(try await services.recipes().recipes(in: home.id).map(\.id) == [recipe.id])
            #expect(try await households.households().map(\.id) == [home.id])
            #expect(try await households.household(id: home.id).name == "A's home")
            #expect(try await services.permissions().canManageHousehold(home.id))
            #expect(try await households.getCurrentHousehold()?.id == home.id)
            _ = try await services.graphQL().query(HouseholdsQuery.document, variables: [:], policy: .networkOnly)
            try await services.liveUpdates().follow(householdId: home.id)
            try await services.membershipUpdates().start()
            let watched = Task {
                var answers: [[Household]] = []
                for try await value in households.watchHouseholds() { answers.append(value) }
                return answers
            }
            let live = try #require(try services.liveUpdates() as? PantryLiveUpdates)
            let membership = try #require(try services.membershipUpdates() as? MembershipUpdates)
            let graphQL = try #require(try services.graphQL() as? GraphQLService)
            try await waitUntil("the watcher is registered") { await graphQL.watcherCount == 1 }

            try await services.signOut()
            let seenByA = try await watched.value
            #expect(
                seenByA.allSatisfy { $0.map(\.id) == [home.id] }, "the watcher's stream ended with A's answers only")
            #expect(await graphQL.watcherCount == 0)
            #expect(await live.households.isEmpty)
            #expect(await membership.followed.isEmpty)
            #expect(try await services.preferences().preferences().lastSelectedHouseholdId == nil)
            let cached = await serviceError {
                _ = try await services.graphQL().query(HouseholdsQuery.document, variables: [:], policy: .cacheOnly)
            }
            #expect(cached?.code == .notFound, "no normalized answer of A")

            try await services.auth().signIn(email: b, password: "long enough password")
            #expect(try await households.households().isEmpty, "no cached household list of A")
            #expect(
                await serviceError { _ = try await households.household(id: home.id) }?.code == .notFound,
                "no cached household of A")
            #expect(
                await serviceError { _ = try await services.recipes().recipes(in: home.id) }?.code == .notFound,
                "no cached recipes of A")
            #expect(try await services.permissions().canReadHousehold(home.id) == false, "no rules of A")
            #expect(try await households.getCurrentHousehold() == nil)
            let cachedForB = try await services.graphQL().query(
                HouseholdsQuery.document, variables: [:], policy: .cacheOnly)
            #expect(!"\(cachedForB)".contains(home.id), "the normalized cache holds B's answer only")
            #expect(try await services.users().currentUser().email?.lowercased() == b.lowercased())
        }
    }
}
