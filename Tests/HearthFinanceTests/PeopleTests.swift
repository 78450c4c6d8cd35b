import Foundation
import HearthCore
import HearthStore
import HearthTestSupport
import Testing

@testable import HearthFinance

@Suite struct PeopleTests {
    @Test func saveUpsertsByIDAndFetchAllSortsByName() async throws {
        let (store, clock) = try makeStore()
        let zed = try await store.save(Person(name: "zed"))
        try await store.save(Person(name: "Ada"))
        try await store.save(Person(name: "bo"))
        #expect(try await store.fetchAllPeople().map(\.name) == ["Ada", "bo", "zed"])

        clock.advance(by: 60)
        let renamed = try await store.save(zed.with(name: "Zed Shaw", balance: 5))
        #expect(renamed.updatedAt == clock.now)
        #expect(try await store.fetchAllPeople().count == 3)
        #expect(try await store.fetchPerson(byID: zed.id) == renamed)
        #expect(try await store.fetchPerson(byID: UUID()) == nil)
    }

    @Test func updateAndDeleteOfAMissingIDThrowEntityNotFound() async throws {
        let (store, _) = try makeStore()
        let ghost = Person(name: "Ghost")
        let error = await expectError(.entityNotFound) { try await store.updatePerson(ghost) }
        #expect(error?.entityID == ghost.id)
        #expect(error?.message.contains(ghost.id.uuidString) == true)
        await expectError(.entityNotFound) { try await store.deletePerson(id: ghost.id) }
        #expect(try await store.fetchAllPeople().isEmpty)
    }

    @Test func updateAndDelete() async throws {
        let (store, _) = try makeStore()
        let ada = try await store.save(Person(name: "Ada"))
        let updated = try await store.updatePerson(ada.with(email: .some("ada@example.com")))
        #expect(try await store.fetchPerson(byID: ada.id)?.email == "ada@example.com")
        try await store.deletePerson(id: updated.id)
        #expect(try await store.fetchPerson(byID: ada.id) == nil)
    }

    @Test func peopleWithBalancesLeavesOutZero() async throws {
        let (store, _) = try makeStore()
        try await store.save(Person(name: "Owes", balance: -4))
        try await store.save(Person(name: "Even", balance: 0))
        try await store.save(Person(name: "Owed", balance: Decimal(string: "0.01")!))
        #expect(try await store.fetchPeopleWithBalances().map(\.name) == ["Owed", "Owes"])
    }

    @Test func searchIsCaseInsensitiveAndFindsPartsOfNames() async throws {
        let (store, _) = try makeStore()
        for name in ["Alice Smith", "Natalie Portman", "Bob", "ÉLODIE", "al-Khwarizmi"] {
            try await store.save(Person(name: name))
        }
        #expect(try await store.searchPeople(byName: "ALI").map(\.name) == ["Alice Smith", "Natalie Portman"])
        #expect(try await store.searchPeople(byName: "smith").map(\.name) == ["Alice Smith"])
        #expect(try await store.searchPeople(byName: "élo").map(\.name) == ["ÉLODIE"])
        // One or two letters match the start of the name.
        #expect(try await store.searchPeople(byName: "al").map(\.name) == ["al-Khwarizmi", "Alice Smith"])
        #expect(try await store.searchPeople(byName: "b").map(\.name) == ["Bob"])
        #expect(try await store.searchPeople(byName: "%").isEmpty)
        #expect(try await store.searchPeople(byName: "   ").isEmpty)
        #expect(try await store.searchPeople(byName: "\"quoted\"").isEmpty)
    }

    @Test func searchFollowsRenamesAndDeletes() async throws {
        let (store, _) = try makeStore()
        let person = try await store.save(Person(name: "Margaret"))
        try await store.save(person.with(name: "Grace"))
        #expect(try await store.searchPeople(byName: "marg").isEmpty)
        #expect(try await store.searchPeople(byName: "race").map(\.id) == [person.id])
        try await store.deletePerson(id: person.id)
        #expect(try await store.searchPeople(byName: "race").isEmpty)
    }

    @Test func aPersonInAGroupOrSharedSubscriptionCannotBeDeleted() async throws {
        let (store, _) = try makeStore()
        let ada = try await store.save(Person(name: "Ada"))
        let bo = try await store.save(Person(name: "Bo"))
        try await store.save(Group(name: "Flat", members: [ada.id]))
        try await store.save(
            Subscription(
                name: "Music", price: 10, nextBillingDate: date(2025, 4, 1), isShared: true, sharedWith: [bo.id]))
        await expectError(.relationshipError, "\"Ada\" is a member of group \"Flat\"; remove them from the group first")
        {
            try await store.deletePerson(id: ada.id)
        }
        await expectError(.relationshipError, "\"Bo\" shares subscription \"Music\"; remove them from it first") {
            try await store.deletePerson(id: bo.id)
        }
        #expect(try await store.fetchAllPeople().count == 2)
    }
}
