import Foundation
import GraphQL
import HearthCore
import HearthPantryModel
import Testing

@testable import HearthPantryServer

@Suite("Items' barcodes: validated as GTINs, stored on SQLite and PostgreSQL, edited, cleared and searched")
struct ItemBarcodeTests {
    static let add =
        "mutation($input: ItemInput!) { addItem(input: $input) { id name barcode } }"
    static let update =
        "mutation($i: String!, $input: ItemEditInput!) { updateItem(id: $i, input: $input) { id barcode } }"
    static let byBarcode =
        "query($h: String!, $b: String) { items(householdId: $h, barcode: $b) { id name barcode } }"

    @Test(
        "an item is added with a barcode as typed, found by it, and a UPC-A finds its EAN-13",
        arguments: DatabaseKind.allCases)
    func addAndFind(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let household = try await pantry.household("Home", owner: owner)
            let cola = try await pantry.data(
                Self.add, as: owner,
                [
                    "input": [
                        "householdId": .string(household.id), "name": "Cola", "quantity": 6, "location": "Pantry",
                        "barcode": " 5 449000-000996 ",
                    ]
                ])[
                    "addItem"]
            #expect(cola["barcode"].text == "5449000000996")
            let id = try #require(cola["id"].text)
            #expect(try await pantry.store.item(id: id)?.barcode == (try GTIN("5449000000996")))
            let soup = try await pantry.data(
                Self.add, as: owner,
                [
                    "input": [
                        "householdId": .string(household.id), "name": "Soup", "quantity": 1, "location": "Pantry",
                        "barcode": "036000291452",
                    ]
                ])[
                    "addItem"]
            _ = try await pantry.data(
                Self.add, as: owner,
                ["input": ["householdId": .string(household.id), "name": "Rice", "quantity": 1, "location": "Pantry"]])

            let found = try await pantry.data(
                Self.byBarcode, as: owner, ["h": .string(household.id), "b": "5449000000996"])["items"]
            #expect(found.elements.map { $0["name"].text } == ["Cola"])
            let sameProduct = try await pantry.data(
                Self.byBarcode, as: owner, ["h": .string(household.id), "b": "0036000291452"])["items"]
            #expect(sameProduct.elements.map { $0["id"].text } == [soup["id"].text])
            let none = try await pantry.data(
                Self.byBarcode, as: owner, ["h": .string(household.id), "b": "3017620422003"])["items"]
            #expect(none.elements.isEmpty)
            let all = try await pantry.data(Self.byBarcode, as: owner, ["h": .string(household.id)])["items"]
            #expect(all.elements.map { $0["barcode"] } == [.string("5449000000996"), .null, .string("036000291452")])

            let bad = await pantry.run(
                Self.byBarcode, as: owner, ["h": .string(household.id), "b": "5449000000997"])
            #expect(bad.codes == ["BAD_USER_INPUT"])
            #expect(bad.errors.first?.message.contains("5449000000997 has check digit 7 but should be 6") == true)
        }
    }

    @Test("a bad barcode is BAD_USER_INPUT naming the problem, and nothing is stored", arguments: DatabaseKind.allCases)
    func badBarcodes(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let household = try await pantry.household("Home", owner: owner)
            let cases: [(String, String)] = [
                ("5449000000997", "barcode: 5449000000997 has check digit 7 but should be 6"),
                ("12345", "barcode: 12345 has 5 digits; a barcode has 8 (EAN-8), 12 (UPC-A), 13 (EAN-13) or 14"),
                ("5449OOO", "barcode: 5449OOO is not a barcode: \"O\" is not a digit"),
                (String(repeating: "9", count: 10_000), "this one is 10000 characters long"),
            ]
            for (barcode, message) in cases {
                let result = await pantry.run(
                    Self.add, as: owner,
                    [
                        "input": [
                            "householdId": .string(household.id), "name": "Cola", "quantity": 1,
                            "barcode": .string(barcode),
                        ]
                    ])
                #expect(result.codes == ["BAD_USER_INPUT"], "\(barcode.prefix(20))")
                #expect(
                    result.errors.first?.message.hasPrefix(message) == true
                        || result.errors.first?.message.contains(message) == true, "\(result.errors.map(\.message))")
            }
            #expect(try await pantry.store.items(inHouseholds: [household.id])[household.id] == nil)
        }
    }

    @Test("updateItem sets, keeps and clears a barcode; a bad one changes nothing", arguments: DatabaseKind.allCases)
    func edit(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let household = try await pantry.household("Home", owner: owner)
            let (item, _) = try await pantry.stockedItem("Nutella", grams: 400, in: household)
            let set = try await pantry.data(
                Self.update, as: owner, ["i": .string(item), "input": ["barcode": "3017620422003"]])
            #expect(set["updateItem", "barcode"].text == "3017620422003")
            let kept = try await pantry.data(Self.update, as: owner, ["i": .string(item), "input": ["notes": "jar"]])
            #expect(kept["updateItem", "barcode"].text == "3017620422003")
            let before = try await pantry.store.item(id: item)
            let bad = await pantry.run(
                Self.update, as: owner, ["i": .string(item), "input": ["barcode": "3017620422004"]])
            #expect(bad.codes == ["BAD_USER_INPUT"])
            #expect(
                bad.errors.first?.message.hasPrefix("barcode: 3017620422004 has check digit 4 but should be 3") == true)
            #expect(try await pantry.store.item(id: item) == before)
            let cleared = try await pantry.data(Self.update, as: owner, ["i": .string(item), "input": ["barcode": ""]])
            #expect(cleared["updateItem", "barcode"] == .null)
            #expect(try await pantry.store.item(id: item)?.barcode == nil)
        }
    }

    @Test("a stranger neither finds items by barcode nor learns whether one exists", arguments: DatabaseKind.allCases)
    func stranger(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let stranger = try await pantry.user("stranger")
            let household = try await pantry.household("Home", owner: owner)
            _ = try await pantry.data(
                Self.add, as: owner,
                [
                    "input": [
                        "householdId": .string(household.id), "name": "Cola", "quantity": 1, "location": "Pantry",
                        "barcode": "5449000000996",
                    ]
                ])
            let result = await pantry.run(
                Self.byBarcode, as: stranger, ["h": .string(household.id), "b": "5449000000996"])
            #expect(result.codes == ["NOT_FOUND"] || result.codes == ["FORBIDDEN"])
            #expect(result.data?["items"] == nil || result.data?["items"] == .null)
        }
    }

    @Test(
        "a database made before items had barcodes gains the column when migrated, its items kept",
        arguments: DatabaseKind.allCases)
    func migration(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let household = try await pantry.household("Home", owner: owner)
            try await pantry.item("Rice", quantity: 1, in: household)
            try await pantry.execute("ALTER TABLE pantry_items DROP COLUMN barcode")
            try await pantry.store.migrate()
            try await pantry.store.migrate()
            let items = try #require(try await pantry.store.items(inHouseholds: [household.id])[household.id])
            #expect(items.map(\.name) == ["Rice"] && items[0].barcode == nil)
            let (item, _) = try await pantry.stockedItem("Cola", grams: 1, in: household)
            let set = try await pantry.data(
                Self.update, as: owner, ["i": .string(item), "input": ["barcode": "5449000000996"]])
            #expect(set["updateItem", "barcode"].text == "5449000000996")
        }
    }
}
