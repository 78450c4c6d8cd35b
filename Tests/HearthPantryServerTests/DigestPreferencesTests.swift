import Foundation
import GraphQL
import HearthCore
import HearthPantryModel
import Testing

@testable import HearthPantryServer

@Suite("Daily digest preferences over GraphQL")
struct DigestPreferencesTests {
    static let read =
        "query($userId: String) { digestPreferences(userId: $userId) { enabled email webhookUrl hour timeZone daysAhead } }"
    static let set = """
        mutation($userId: String, $input: DigestPreferencesInput!) {
          setDigestPreferences(userId: $userId, input: $input) { enabled email webhookUrl hour timeZone daysAhead }
        }
        """

    @Test(
        "a member reads the defaults, sets their own, keeps what they leave out, and clears the webhook",
        arguments: DatabaseKind.allCases)
    func ownPreferences(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let ada = try await pantry.user("ada")
            let defaults = try await pantry.data(Self.read, as: ada)["digestPreferences"]
            #expect(defaults["enabled"] == false && defaults["email"] == true && defaults["webhookUrl"] == .null)
            #expect(defaults["hour"] == 7 && defaults["timeZone"] == "UTC" && defaults["daysAhead"] == 5)

            let set = try await pantry.data(
                Self.set, as: ada,
                [
                    "input": [
                        "enabled": true, "webhookUrl": " https://hooks.example.com/pantry ", "hour": 18,
                        "timeZone": "Europe/Madrid", "daysAhead": 2,
                    ]
                ])["setDigestPreferences"]
            #expect(set["enabled"] == true && set["email"] == true)
            #expect(set["webhookUrl"] == "https://hooks.example.com/pantry")
            #expect(set["hour"] == 18 && set["timeZone"] == "Europe/Madrid" && set["daysAhead"] == 2)
            #expect(
                try await pantry.data(Self.read, as: ada, ["userId": .string(ada.userID)])["digestPreferences"] == set)

            let cleared = try await pantry.data(
                Self.set, as: ada, ["input": ["webhookUrl": "", "email": false]])["setDigestPreferences"]
            #expect(cleared["webhookUrl"] == .null && cleared["email"] == false && cleared["hour"] == 18)
            #expect(
                try await pantry.store.digestPreferences(of: ada.userID)
                    == DigestPreferences(enabled: true, email: false, hour: 18, timeZone: "Europe/Madrid", daysAhead: 2)
            )
        }
    }

    @Test(
        "another member's preferences, a bad URL scheme, a bad hour, zone or window, and no sign-in are refused; nothing changes",
        arguments: DatabaseKind.allCases)
    func hostile(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let ada = try await pantry.user("ada")
            let grace = try await pantry.user("grace")
            _ = try await pantry.household("Home", owner: ada, members: [(grace, .admin)])
            _ = try await pantry.data(Self.set, as: grace, ["input": ["enabled": true, "hour": 6]])
            let before = try await pantry.store.digestPreferences(of: grace.userID)

            // Even an admin of a shared household cannot read or change a housemate's.
            let peek = await pantry.run(Self.read, as: ada, ["userId": .string(grace.userID)])
            #expect(peek.codes == ["FORBIDDEN"])
            #expect(peek.errors.first?.message.contains("only read your own digest preferences") == true)
            let meddle = await pantry.run(
                Self.set, as: ada, ["userId": .string(grace.userID), "input": ["enabled": false]])
            #expect(meddle.codes == ["FORBIDDEN"])
            #expect(try await pantry.store.digestPreferences(of: grace.userID) == before)
            #expect(try await pantry.store.digestPreferences(of: ada.userID) == nil)

            for (input, problem) in [
                (
                    ["webhookUrl": "ftp://hooks.example.com/x"] as Map,
                    "webhookUrl must be an http:// or https:// address"
                ),
                (["webhookUrl": "javascript:alert(1)"], "webhookUrl must be an http:// or https:// address"),
                (
                    ["webhookUrl": .string("https://example.com/" + String(repeating: "a", count: 3000))],
                    "longer than 2048"
                ),
                (["hour": 24], "hour must be a whole hour from 0 to 23"),
                (["hour": -1], "hour must be a whole hour from 0 to 23"),
                (["daysAhead": 61], "daysAhead must be from 0"),
                (["timeZone": "Mars/Olympus_Mons"], "timeZone must be an IANA time zone"),
            ] {
                let refused = await pantry.run(Self.set, as: grace, ["input": input])
                #expect(refused.codes == ["BAD_USER_INPUT"], "\(input)")
                #expect(refused.errors.first?.message.contains(problem) == true, "\(refused.errors.map(\.message))")
            }
            // Two problems at once are both named.
            let both = await pantry.run(Self.set, as: grace, ["input": ["hour": 99, "daysAhead": -3]])
            #expect(
                both.errors.first?.message.contains("hour") == true
                    && both.errors.first?.message.contains("daysAhead") == true)
            #expect(try await pantry.store.digestPreferences(of: grace.userID) == before)

            let signedOut = await pantry.run(Self.read, as: nil)
            #expect(signedOut.codes == ["UNAUTHENTICATED"])
        }
    }
}
