import Foundation
import GraphQL
import HearthCore
import HearthPantryModel
import Testing

@testable import HearthPantryServer

@Suite("The signed-in user's profile and finding housemates over GraphQL")
struct ProfileSliceTests {
    static let me =
        "{ me { id email firstName lastName displayName name avatarUrl phone primaryHouseholdId createdAt updatedAt } }"
    static let updateMe = """
        mutation($input: ProfileInput!) { updateMe(input: $input) { id firstName lastName displayName name avatarUrl phone primaryHouseholdId updatedAt } }
        """
    static let search = "query($text: String!) { searchUsers(text: $text) { id email name } }"

    @Test(
        "updateMe sets, keeps and clears fields; members see each other's names; every bad field is named and nothing is stored",
        arguments: DatabaseKind.allCases)
    func profile(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let ada = try await pantry.user("ada")
            let grace = try await pantry.user("grace")
            let home = try await pantry.household("Home", owner: ada, members: [(grace, .member)])
            let elsewhere = try await pantry.household("Elsewhere", owner: grace)

            let fresh = try await pantry.data(Self.me, as: ada)["me"]
            #expect(
                fresh["firstName"] == "" && fresh["lastName"] == "" && fresh["displayName"] == .null
                    && fresh["phone"] == .null)
            #expect(fresh["name"].text == ada.email, "without names, the email address is the name")
            #expect(fresh["updatedAt"] == fresh["createdAt"])

            let set = try await pantry.data(
                Self.updateMe, as: ada,
                [
                    "input": [
                        "firstName": " Ada ", "lastName": "Lovelace", "phone": "+44 20 7946 0958",
                        "avatarUrl": "https://example.com/ada.png",
                        "primaryHouseholdId": .string(home.id),
                    ]
                ])["updateMe"]
            #expect(set["name"] == "Ada Lovelace")
            #expect(set["firstName"] == "Ada")
            #expect(set["phone"] == "+44 20 7946 0958")
            #expect(set["primaryHouseholdId"].text == home.id)
            let shown = try await pantry.data(Self.updateMe, as: ada, ["input": ["displayName": " Countess "]])[
                "updateMe"]
            #expect(shown["name"] == "Countess")
            #expect(shown["lastName"] == "Lovelace", "fields left out stay as they are")

            // Grace sees Ada's names through their household, but never her phone number.
            let members = try await pantry.data(
                "query($h: String!) { household(id: $h) { members { user { email firstName name } } } }", as: grace,
                ["h": .string(home.id)])
            #expect(
                members["household", "members", 0, "user"] == [
                    "email": .string(ada.email), "firstName": "Ada", "name": "Countess",
                ])

            let stored = try await pantry.store.accounts(ids: [ada.userID])[ada.userID]
            let refused = await pantry.run(
                Self.updateMe, as: ada,
                [
                    "input": [
                        "firstName": .string(String(repeating: "a", count: 101)),
                        "avatarUrl": "ftp://example.com/a.png", "phone": "call me",
                        "primaryHouseholdId": .string(elsewhere.id),
                    ]
                ])
            #expect(refused.codes == ["BAD_USER_INPUT"])
            #expect(
                refused.errors.first?.message
                    == [
                        "firstName is longer than 100 characters.",
                        "avatarUrl must be an http:// or https:// address; it is \"ftp://example.com/a.png\".",
                        "phone must be a phone number of digits, spaces and + - ( ) .; it is \"call me\".",
                        "primaryHouseholdId \"\(elsewhere.id)\" is not a household you belong to.",
                    ].joined(separator: "; "))
            let empty = await pantry.run(Self.updateMe, as: ada, ["input": [:]])
            #expect(
                empty.errors.first?.message
                    == "Give at least one of firstName, lastName, displayName, avatarUrl, phone or primaryHouseholdId to change."
            )
            #expect(try await pantry.store.accounts(ids: [ada.userID])[ada.userID] == stored, "refusals change nothing")

            let cleared = try await pantry.data(Self.updateMe, as: ada, ["input": ["displayName": "", "phone": " "]])[
                "updateMe"]
            #expect(cleared["displayName"] == .null && cleared["phone"] == .null)
            #expect(cleared["name"] == "Ada Lovelace")

            // A main household one no longer belongs to is not shown.
            _ = try await pantry.data(Self.updateMe, as: grace, ["input": ["primaryHouseholdId": .string(home.id)]])
            _ = try await pantry.data(
                "mutation($h: String!) { leaveHousehold(householdId: $h) }", as: grace, ["h": .string(home.id)])
            #expect(try await pantry.data(Self.me, as: grace)["me", "primaryHouseholdId"] == .null)
        }
    }

    @Test("searchUsers finds only people who share a household with the caller", arguments: DatabaseKind.allCases)
    func search(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let ada = try await pantry.user("ada")
            let grace = try await pantry.user("grace")
            let adam = try await pantry.user("adam")
            _ = try await pantry.household("Home", owner: ada, members: [(grace, .member)])
            _ = try await pantry.household("Shed", owner: adam)
            _ = try await pantry.data(
                Self.updateMe, as: grace, ["input": ["firstName": "Grace", "lastName": "Hopper"]])
            _ = try await pantry.data(Self.updateMe, as: ada, ["input": ["firstName": "Ada", "lastName": "Lovelace"]])
            _ = try await pantry.data(
                Self.updateMe, as: adam, ["input": ["firstName": "Adam", "lastName": "Lovelace"]])

            let found = try await pantry.data(Self.search, as: ada, ["text": "HOPP"])["searchUsers"]
            #expect(found == [["id": .string(grace.userID), "email": .string(grace.email), "name": "Grace Hopper"]])
            let namesake = try await pantry.data(Self.search, as: ada, ["text": " LOVEL "])["searchUsers"].elements
            #expect(
                namesake.compactMap { $0["id"].text } == [ada.userID], "Adam Lovelace's account is not Ada's to find")
            let exact = try await pantry.data(Self.search, as: ada, ["text": .string(adam.email)])["searchUsers"]
            #expect(exact == [], "not even by the exact email address")
            let lonely = try await pantry.data(Self.search, as: adam, ["text": "grace"])["searchUsers"]
            #expect(lonely == [])
            let short = await pantry.run(Self.search, as: ada, ["text": " g "])
            #expect(short.codes == ["BAD_USER_INPUT"])
            #expect(short.errors.first?.message == "text must have at least 2 characters; it is \"g\".")
            let signedOut = await pantry.run(Self.search, as: nil, ["text": "grace"])
            #expect(signedOut.codes == ["UNAUTHENTICATED"])
        }
    }
}
