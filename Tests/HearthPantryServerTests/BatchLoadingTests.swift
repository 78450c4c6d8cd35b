import Foundation
import GraphQL
import HearthPantryModel
import Testing

@testable import HearthPantryServer

@Suite("Batched loading: a nested households query costs a bounded number of statements")
struct BatchLoadingTests {
    static let query = """
        { households { id name memberCount members { id role user { id email } } items { id name quantity unit } } }
        """

    /// `households` households, each with the viewer as owner, `others` more members, and `items` items.
    static func fill(_ pantry: Pantry, households: Int, others: Int, items: Int) async throws -> PantryViewer {
        let viewer = try await pantry.user("viewer")
        var people: [(PantryViewer, MemberRole)] = []
        for index in 0..<others { people.append((try await pantry.user("member\(index)"), .member)) }
        for number in 0..<households {
            let household = try await pantry.household("Home \(number)", owner: viewer, members: people)
            for index in 0..<items { try await pantry.item("Item \(index)", quantity: Double(index), in: household) }
        }
        return viewer
    }

    @Test(
        "20 households × 4 members × 100 items cost as many statements as 2 households",
        arguments: DatabaseKind.allCases)
    func constantStatements(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind, limits: GraphQLLimits(maxCost: 1_000_000)) { pantry in
            let small = try await Self.fill(pantry, households: 2, others: 3, items: 100)
            let large = try await Self.fill(pantry, households: 20, others: 3, items: 100)

            let beforeSmall = pantry.statements
            let smallData = try await pantry.data(Self.query, as: small)
            let smallCost = pantry.statements - beforeSmall

            let beforeLarge = pantry.statements
            let largeData = try await pantry.data(Self.query, as: large)
            let largeCost = pantry.statements - beforeLarge

            #expect(smallData["households"].elements.count == 2)
            #expect(largeData["households"].elements.count == 20)
            let first = largeData["households", 0]
            #expect(first["members"].elements.count == 4)
            #expect(first["memberCount"] == .number(4))
            #expect(first["items"].elements.count == 100)
            #expect(first["members", 0, "role"].text == "owner")
            #expect(first["members", 0, "user", "email"].text == large.email)
            // memberships, households, members, accounts: one statement each, whatever the count; items: their
            // households' revisions, then the rows not already kept.
            #expect(largeCost == smallCost)
            #expect(largeCost <= 6, "the query ran \(largeCost) statements")
        }
    }

    @Test(
        "an item list with every item's bookings costs as many statements for 60 items as for 3",
        arguments: DatabaseKind.allCases)
    func bookingsBatched(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind, limits: GraphQLLimits(maxCost: 1_000_000)) { pantry in
            let viewer = try await pantry.user("viewer")
            var costs: [Int] = []
            for count in [3, 60] {
                let household = try await pantry.household("Home \(count)", owner: viewer)
                for index in 0..<count { _ = try await pantry.stockedItem("Item \(index)", grams: 10, in: household) }
                let before = pantry.statements
                let data = try await pantry.data(
                    "query($h: String!) { items(householdId: $h) { id statuses bookings { id kind } } }", as: viewer,
                    ["h": .string(household.id)])
                costs.append(pantry.statements - before)
                #expect(data["items"].elements.count == count)
                #expect(data["items"].elements.allSatisfy { $0["bookings"].elements.count == 1 })
            }
            #expect(costs[0] == costs[1], "statements: \(costs)")
        }
    }
}
