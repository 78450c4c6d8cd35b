import Foundation
import GraphQL
import HearthPantryModel
import Testing

@testable import HearthPantryServer

@Suite(
    "Authorization: who may run each household, item, recipe and shopping list operation (nothing changes on a refusal)"
)
struct AuthorizationMatrixTests {
    enum Caller: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case owner, admin, member, outsider, signedOut
        var testDescription: String { rawValue }
    }

    /// A household with an owner, an admin and a member, an outsider, and an open invite.
    struct Setup: Sendable {
        let household: String
        let people: [Caller: PantryViewer]
        let memberIDs: [Caller: String]
        let invite: String
        /// An item with 500 g in the Pantry, from one purchase booking.
        let item: String
        let booking: String
        /// A recipe needing 700 g of the item, and one unchecked shopping list line.
        let recipe: String
        let shoppingLine: String
        /// Someone who shares another household ("Cabin") with the owner and the admin, but not this one.
        let housemate: String
    }

    static func setUp(_ pantry: Pantry) async throws -> Setup {
        var people: [Caller: PantryViewer] = [:]
        for caller in [Caller.owner, .admin, .member, .outsider] {
            people[caller] = try await pantry.user(caller.rawValue)
        }
        let household = try await pantry.household(
            "Home", owner: people[.owner]!, members: [(people[.admin]!, .admin), (people[.member]!, .member)])
        var memberIDs: [Caller: String] = [:]
        for member in household.members {
            if let caller = people.first(where: { $0.value.userID == member.userId })?.key {
                memberIDs[caller] = member.id
            }
        }
        let housemate = try await pantry.user("housemate")
        _ = try await pantry.household(
            "Cabin", owner: people[.owner]!, members: [(people[.admin]!, .member), (housemate, .member)])
        let invite = try await pantry.invite(to: household)
        let (item, booking) = try await pantry.stockedItem("Rice", grams: 500, in: household)
        let recipe = Recipe(
            id: PantryStore.newID(), householdId: household.id, name: "Risotto",
            ingredients: [Ingredient(name: "Rice", quantity: 700, unit: "g")])
        try await pantry.store.insert(recipe)
        let line = ShoppingListItem(
            id: PantryStore.newID(), householdId: household.id, name: "Rice", quantity: 1, unit: "kg")
        let bought = ShoppingListItem(
            id: PantryStore.newID(), householdId: household.id, name: "Tea", quantity: 1, unit: "box", checked: true)
        try await pantry.store.save(list: [line, bought], replacing: [], at: Date())
        return Setup(
            household: household.id, people: people, memberIDs: memberIDs, invite: invite.code, item: item,
            booking: booking,
            recipe: recipe.id, shoppingLine: line.id, housemate: housemate.userID)
    }

    /// What is stored about the household, to compare before and after a refused operation.
    struct Snapshot: Equatable {
        let household: Household?
        let invites: [InviteCode]
        let items: [PantryItem]
        let bookings: [StockBooking]
        let recipes: [Recipe]
        let shoppingList: [ShoppingListItem]
        let accounts: [String: AccountRecord]
    }

    static func snapshot(_ pantry: Pantry, _ setup: Setup) async throws -> Snapshot {
        Snapshot(
            household: try await pantry.store.household(id: setup.household),
            invites: try await pantry.store.invites(inHouseholds: [setup.household])[setup.household] ?? [],
            items: try await pantry.store.items(inHouseholds: [setup.household])[setup.household] ?? [],
            bookings: try await pantry.store.bookings(ofItems: [setup.item])[setup.item] ?? [],
            recipes: try await pantry.store.recipes(inHouseholds: [setup.household])[setup.household] ?? [],
            shoppingList: try await pantry.store.shoppingLists(ofHouseholds: [setup.household])[setup.household] ?? [],
            accounts: try await pantry.store.accounts(ids: setup.people.values.map(\.userID)))
    }

    /// One operation, and what each caller gets: nil for success, else the error code.
    struct Operation: Sendable, CustomTestStringConvertible {
        let name: String
        let document: @Sendable (Setup) -> String
        let outcomes: [Caller: String?]
        var testDescription: String { name }
    }

    static let forbidden = "FORBIDDEN"
    /// What an outsider gets for anything in a household they do not belong to: as if nothing were there.
    static let notFound = "NOT_FOUND"
    static let signIn = "UNAUTHENTICATED"
    /// What every member may do with the household's items, recipes and shopping list.
    static let members: [Caller: String?] = [
        .owner: nil, .admin: nil, .member: nil, .outsider: notFound, .signedOut: signIn,
    ]

    static let operations: [Operation] = [
        Operation(
            name: "me", document: { _ in "{ me { id permissions { version } } }" },
            outcomes: [.owner: nil, .admin: nil, .member: nil, .outsider: nil, .signedOut: signIn]),
        Operation(
            name: "households", document: { _ in "{ households { id } }" },
            outcomes: [.owner: nil, .admin: nil, .member: nil, .outsider: nil, .signedOut: signIn]),
        Operation(
            name: "createHousehold",
            document: { _ in "mutation { createHousehold(input: {name: \"Another\"}) { id } }" },
            outcomes: [.owner: nil, .admin: nil, .member: nil, .outsider: nil, .signedOut: signIn]),
        // Those who already belong are refused by the household rules; anyone else signed in joins.
        Operation(
            name: "joinHousehold", document: { "mutation { joinHousehold(code: \"\($0.invite)\") { id } }" },
            outcomes: [
                .owner: "BAD_USER_INPUT", .admin: "BAD_USER_INPUT", .member: "BAD_USER_INPUT", .outsider: nil,
                .signedOut: signIn,
            ]),
        Operation(
            name: "household", document: { "{ household(id: \"\($0.household)\") { id members { id } } }" },
            outcomes: [.owner: nil, .admin: nil, .member: nil, .outsider: notFound, .signedOut: signIn]),
        Operation(
            name: "updateHousehold",
            document: { "mutation { updateHousehold(id: \"\($0.household)\", input: {name: \"Renamed\"}) { id } }" },
            outcomes: [.owner: nil, .admin: nil, .member: forbidden, .outsider: notFound, .signedOut: signIn]),
        Operation(
            name: "deleteHousehold", document: { "mutation { deleteHousehold(id: \"\($0.household)\") }" },
            outcomes: [.owner: nil, .admin: forbidden, .member: forbidden, .outsider: notFound, .signedOut: signIn]),
        Operation(
            name: "createInvite", document: { "mutation { createInvite(householdId: \"\($0.household)\") { code } }" },
            outcomes: [.owner: nil, .admin: nil, .member: forbidden, .outsider: notFound, .signedOut: signIn]),
        Operation(
            name: "revokeInvite", document: { "mutation { revokeInvite(code: \"\($0.invite)\") }" },
            outcomes: [.owner: nil, .admin: nil, .member: forbidden, .outsider: notFound, .signedOut: signIn]),
        Operation(
            name: "updateMemberRole (a member, to admin)",
            document: { "mutation { updateMemberRole(memberId: \"\($0.memberIDs[.member]!)\", role: admin) { id } }" },
            outcomes: [.owner: nil, .admin: forbidden, .member: forbidden, .outsider: notFound, .signedOut: signIn]),
        Operation(
            name: "updateMemberRole (the owner)",
            document: { "mutation { updateMemberRole(memberId: \"\($0.memberIDs[.owner]!)\", role: member) { id } }" },
            outcomes: [
                .owner: "BAD_USER_INPUT", .admin: forbidden, .member: forbidden, .outsider: notFound,
                .signedOut: signIn,
            ]),
        // A member removing themselves leaves, which the rules allow.
        Operation(
            name: "removeMember (a member)",
            document: { "mutation { removeMember(memberId: \"\($0.memberIDs[.member]!)\") }" },
            outcomes: [.owner: nil, .admin: nil, .member: nil, .outsider: notFound, .signedOut: signIn]),
        Operation(
            name: "removeMember (an admin)",
            document: { "mutation { removeMember(memberId: \"\($0.memberIDs[.admin]!)\") }" },
            outcomes: [.owner: nil, .admin: nil, .member: forbidden, .outsider: notFound, .signedOut: signIn]),
        Operation(
            name: "removeMember (the owner)",
            document: { "mutation { removeMember(memberId: \"\($0.memberIDs[.owner]!)\") }" },
            outcomes: [
                .owner: "BAD_USER_INPUT", .admin: forbidden, .member: forbidden, .outsider: notFound,
                .signedOut: signIn,
            ]),
        Operation(
            name: "leaveHousehold", document: { "mutation { leaveHousehold(householdId: \"\($0.household)\") }" },
            outcomes: [.owner: "BAD_USER_INPUT", .admin: nil, .member: nil, .outsider: notFound, .signedOut: signIn]),
        // Only someone who already shares a household with the caller can be added; a stranger is not found,
        // whether they have an account or not.
        Operation(
            name: "addMember (a stranger)",
            document: {
                "mutation { addMember(householdId: \"\($0.household)\", userId: \"\($0.people[.outsider]!.userID)\") { id role } }"
            },
            outcomes: [.owner: notFound, .admin: notFound, .member: forbidden, .outsider: notFound, .signedOut: signIn]),
        Operation(
            name: "addMember (no such account)",
            document: { _ in "mutation { addMember(householdId: \"x\", userId: \"_nobody\") { id } }" },
            outcomes: [.owner: notFound, .admin: notFound, .member: notFound, .outsider: notFound, .signedOut: signIn]),
        Operation(
            name: "addMember (a housemate)",
            document: {
                "mutation { addMember(householdId: \"\($0.household)\", userId: \"\($0.housemate)\") { id role } }"
            },
            outcomes: [.owner: nil, .admin: nil, .member: forbidden, .outsider: notFound, .signedOut: signIn]),
        Operation(
            name: "addMember (a housemate, as admin)",
            document: {
                "mutation { addMember(householdId: \"\($0.household)\", userId: \"\($0.housemate)\", role: admin) { id role } }"
            },
            outcomes: [.owner: nil, .admin: forbidden, .member: forbidden, .outsider: notFound, .signedOut: signIn]),
        Operation(
            name: "transferOwnership",
            document: {
                "mutation { transferOwnership(householdId: \"\($0.household)\", memberId: \"\($0.memberIDs[.member]!)\") { id } }"
            },
            outcomes: [.owner: nil, .admin: forbidden, .member: forbidden, .outsider: notFound, .signedOut: signIn]),
        Operation(
            name: "items",
            document: { "{ items(householdId: \"\($0.household)\", expiringWithinDays: 3) { id statuses } }" },
            outcomes: members),
        Operation(
            name: "addItem",
            document: {
                "mutation { addItem(input: {householdId: \"\($0.household)\", name: \"Tea\", quantity: 2, location: \"Pantry\"}) { id } }"
            }, outcomes: members),
        Operation(name: "item", document: { "{ item(id: \"\($0.item)\") { id bookings { id } } }" }, outcomes: members),
        Operation(
            name: "updateItem",
            document: {
                "mutation { updateItem(id: \"\($0.item)\", input: {name: \"Brown rice\", minimumQuantity: 200}) { id } }"
            }, outcomes: members),
        Operation(
            name: "deleteItem", document: { "mutation { deleteItem(id: \"\($0.item)\") { id } }" }, outcomes: members),
        Operation(
            name: "purchase",
            document: {
                "mutation { purchase(itemId: \"\($0.item)\", quantity: 100, location: \"Fridge\") { quantity } }"
            }, outcomes: members),
        Operation(
            name: "consume",
            document: { "mutation { consume(itemId: \"\($0.item)\", quantity: 100, spoiled: true) { quantity } }" },
            outcomes: members),
        Operation(
            name: "openItem", document: { "mutation { openItem(itemId: \"\($0.item)\", quantity: 100) { quantity } }" },
            outcomes: members),
        Operation(
            name: "transfer",
            document: {
                "mutation { transfer(itemId: \"\($0.item)\", quantity: 100, from: \"Pantry\", to: \"Fridge\") { quantity } }"
            }, outcomes: members),
        Operation(
            name: "correctInventory",
            document: { "mutation { correctInventory(itemId: \"\($0.item)\", quantity: -20) { quantity } }" },
            outcomes: members),
        Operation(
            name: "undoBooking", document: { "mutation { undoBooking(id: \"\($0.booking)\") { quantity } }" },
            outcomes: members),
        Operation(
            name: "recipes", document: { "{ recipes(householdId: \"\($0.household)\") { id ingredients { name } } }" },
            outcomes: members),
        Operation(
            name: "addRecipe",
            document: {
                "mutation { addRecipe(input: {householdId: \"\($0.household)\", name: \"Tea\", ingredients: [{name: \"Tea\", quantity: 1}]}) { id } }"
            }, outcomes: members),
        Operation(
            name: "cookableRecipes",
            document: { "{ cookableRecipes(householdId: \"\($0.household)\") { coverage missing { missing } } }" },
            outcomes: members),
        Operation(
            name: "shoppingList", document: { "{ shoppingList(householdId: \"\($0.household)\") { id } }" },
            outcomes: members),
        Operation(
            name: "addMissingIngredients",
            document: { "mutation { addMissingIngredients(recipeId: \"\($0.recipe)\") { id } }" }, outcomes: members),
        Operation(
            name: "addExpiringAndBelowMinimum",
            document: {
                "mutation { addExpiringAndBelowMinimum(householdId: \"\($0.household)\", withinDays: 36500) { id } }"
            }, outcomes: members),
        Operation(
            name: "checkShoppingItem",
            document: { "mutation { checkShoppingItem(id: \"\($0.shoppingLine)\") { item { quantity } } }" },
            outcomes: members),
        Operation(
            name: "updateRecipe",
            document: {
                "mutation { updateRecipe(id: \"\($0.recipe)\", input: {name: \"Paella\", ingredients: [{name: \"Rice\", quantity: 300, unit: \"g\"}]}) { id } }"
            }, outcomes: members),
        Operation(
            name: "deleteRecipe", document: { "mutation { deleteRecipe(id: \"\($0.recipe)\") }" }, outcomes: members),
        Operation(
            name: "addShoppingItem",
            document: {
                "mutation { addShoppingItem(householdId: \"\($0.household)\", name: \"Rice\", quantity: 500, unit: \"g\") { id quantity } }"
            }, outcomes: members),
        Operation(
            name: "updateShoppingItem",
            document: {
                "mutation { updateShoppingItem(id: \"\($0.shoppingLine)\", quantity: 2, note: \"brown\") { id } }"
            }, outcomes: members),
        Operation(
            name: "deleteShoppingItem", document: { "mutation { deleteShoppingItem(id: \"\($0.shoppingLine)\") }" },
            outcomes: members),
        Operation(
            name: "clearCheckedShoppingItems",
            document: { "mutation { clearCheckedShoppingItems(householdId: \"\($0.household)\") }" }, outcomes: members),
        Operation(
            name: "me (profile)", document: { _ in "{ me { id name firstName primaryHouseholdId createdAt } }" },
            outcomes: [.owner: nil, .admin: nil, .member: nil, .outsider: nil, .signedOut: signIn]),
        Operation(
            name: "updateMe",
            document: {
                "mutation { updateMe(input: {firstName: \"Sam\", primaryHouseholdId: \"\($0.household)\"}) { id } }"
            },
            outcomes: [.owner: nil, .admin: nil, .member: nil, .outsider: "BAD_USER_INPUT", .signedOut: signIn]),
        Operation(
            name: "searchUsers", document: { _ in "{ searchUsers(text: \"example\") { id } }" },
            outcomes: [.owner: nil, .admin: nil, .member: nil, .outsider: nil, .signedOut: signIn]),
    ]

    @Test(
        "pantryChanged: members subscribe; an outsider is NOT_FOUND and the signed out UNAUTHENTICATED",
        arguments: DatabaseKind.allCases)
    func pantryChanged(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let setup = try await Self.setUp(pantry)
            for caller in Caller.allCases {
                let result = await PantryChangeTests.subscribe(
                    pantry.graphQL, setup.household, as: setup.people[caller])
                let expected = Self.members[caller] ?? nil
                switch result {
                case .success:
                    #expect(expected == nil, "\(caller.rawValue) subscribed")
                case .failure(let errors):
                    #expect(
                        errors.errors.map { $0.extensions["code"] } == [expected.map(Map.string)],
                        "\(caller.rawValue): \(errors.errors.map(\.message))")
                }
            }
        }
    }

    @Test("each caller gets what the rules give them", arguments: DatabaseKind.allCases, operations)
    func matrix(_ kind: DatabaseKind, _ operation: Operation) async throws {
        _ = try await withPantry(kind) { pantry in
            for caller in Caller.allCases {
                let setup = try await Self.setUp(pantry)
                let before = try await Self.snapshot(pantry, setup)
                let result = await pantry.run(operation.document(setup), as: setup.people[caller])
                let expected = operation.outcomes[caller] ?? nil
                if let expected {
                    #expect(
                        result.codes == [expected],
                        "\(caller.rawValue) running \(operation.name): \(result.errors.map(\.message))")
                    #expect(
                        try await Self.snapshot(pantry, setup) == before,
                        "\(caller.rawValue) running \(operation.name) changed the household")
                } else {
                    #expect(
                        result.errors.isEmpty,
                        "\(caller.rawValue) running \(operation.name): \(result.errors.map(\.message))")
                }
            }
        }
    }
}
