import Foundation
import HearthTestSupport
import Testing

/// `hearth pantry items lookup` and `items add --barcode` without a name, against a real `hearth serve` whose
/// Open Food Facts is a local server answering with Open Food Facts' v2 JSON.
@Suite("hearth pantry items lookup and add by barcode", .timeLimit(.minutes(10)))
struct PantryBarcodeCommandTests {
    static func path(_ code: String) -> String {
        "/api/v2/product/\(code).json?fields=code,product_name,brands,quantity,categories_tags"
    }

    static let pages: [String: PageServer.Page] = [
        path("5449000000996"): .json(
            """
            {"code":"5449000000996","product":{"brands":"Coca-Cola, The Coca-Cola Company","categories_tags":\
            ["en:beverages-and-beverages-preparations","en:beverages","en:carbonated-drinks","en:sodas","en:colas"],\
            "code":"5449000000996","product_name":"Coca-Cola Original Taste","quantity":"330 ml"},"status":1,\
            "status_verbose":"product found"}
            """),
        path("4006381333931"): .json(
            #"{"code":"4006381333931","status":0,"status_verbose":"product not found"}"#, status: 404),
    ]

    @Test("a known barcode is described and fills in a new item; an unknown one and a mistyped one are named")
    func lookupAndAdd() async throws {
        let site = try await PageServer.start(Self.pages)
        let serverData = try TemporaryFolder(prefix: "hearth-barcode-server")
        let home = try TemporaryFolder(prefix: "hearth-barcode-home")
        do {
            try await run(site, serverData, home)
            try await site.stop()
        } catch {
            try? await site.stop()
            throw error
        }
    }

    private func run(_ site: PageServer, _ serverData: TemporaryFolder, _ home: TemporaryFolder) async throws {
        try await ServerProcess.running(
            dataDirectory: serverData.url, arguments: ["--open-food-facts-url", site.url("/")]
        ) { server in
            func pantry(_ arguments: String...) async throws -> ChildProcess.Result {
                try await PantryCommandTests.pantry(arguments, home: home)
            }
            let login = try await pantry(
                "login", "--server", server.base, "--email", "shopper-\(UUID().uuidString.prefix(8))@example.com",
                "--sign-up")
            #expect(login.status == 0, "\(login.stderr)")
            let created = try await pantry("household", "create", "Home", "--json")
            let household = try #require(
                (PantryCommandTests.json(created) as? [String: Any])?["id"] as? String, "\(created.stderr)")

            let cola = try await pantry("items", "lookup", "5449-0000-00996")
            #expect(cola.status == 0, "\(cola.stderr)")
            #expect(
                cola.stdout
                    == "Coca-Cola Original Taste (Coca-Cola, 330 ml)\ncategory beverages\tbarcode 5449000000996\n")
            let json = try await pantry("items", "lookup", "5449000000996", "--json")
            let product = try #require(PantryCommandTests.json(json) as? [String: Any], "\(json.stderr)")
            #expect(product["quantity"] as? String == "330 ml" && product["category"] as? String == "beverages")

            let unknown = try await pantry("items", "lookup", "4006381333931")
            #expect(unknown.status != 0)
            #expect(unknown.stderr.contains("Open Food Facts does not know 4006381333931"), "\(unknown.stderr)")
            let unknownJSON = try await pantry("items", "lookup", "4006381333931", "--json")
            #expect(unknownJSON.status == 0 && unknownJSON.stdout == "null\n")
            let mistyped = try await pantry("items", "lookup", "5449000000997")
            #expect(mistyped.status != 0)
            #expect(mistyped.stderr.contains("has check digit 7 but should be 6"), "\(mistyped.stderr)")

            // A new item from its barcode alone: the product's name, category, brand and pack size.
            let added = try await pantry(
                "items", "add", household, "--barcode", "5449000000996", "--location", "Fridge", "--json")
            #expect(added.status == 0, "\(added.stderr) \(added.stdout)")
            let item = try #require(PantryCommandTests.json(added) as? [String: Any])
            #expect(item["name"] as? String == "Coca-Cola Original Taste")
            #expect(item["category"] as? String == "beverages")
            #expect(item["notes"] as? String == "Coca-Cola, 330 ml")
            #expect(item["barcode"] as? String == "5449000000996")
            // A name given wins, and an unknown product needs one.
            let named = try await pantry(
                "items", "add", household, "Cola", "--barcode", "5449000000996", "--location", "Fridge")
            #expect(named.status == 0 && named.stdout.hasPrefix("Added Cola ("), "\(named.stderr)")
            let nameless = try await pantry("items", "add", household, "--barcode", "4006381333931")
            #expect(nameless.status != 0)
            #expect(nameless.stderr.contains("Open Food Facts has no name for 4006381333931"), "\(nameless.stderr)")
            let nothing = try await pantry("items", "add", household)
            #expect(nothing.status != 0 && nothing.stderr.contains("Give the item's name, or its --barcode"))

            let listed = try await pantry("items", "list", household)
            #expect(listed.stdout.contains("\tCoca-Cola Original Taste\t"), "\(listed.stdout)")
            #expect(listed.stdout.contains("\tbarcode 5449000000996"))
            #expect(listed.stdout.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 2)
            // Each barcode was asked once: the server keeps what it learned.
            #expect(Set(site.requests) == [Self.path("5449000000996"), Self.path("4006381333931")])
            #expect(site.requests.count == 2)
        }
    }
}
