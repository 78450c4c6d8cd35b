import Foundation
import GraphQL
import HearthCore
import HearthPantryModel
import HearthTestSupport
import Testing

@testable import HearthPantryServer

@Suite("lookupBarcode: products from Open Food Facts, played by a local server with its real answers")
struct BarcodeLookupTests {
    static let lookup =
        "query($b: String!) { lookupBarcode(barcode: $b) { barcode name brand quantity category categories } }"

    static func path(_ code: String) -> String {
        "/api/v2/product/\(code).json?fields=code,product_name,brands,quantity,categories_tags"
    }

    // Open Food Facts' answers, as its v2 API sends them for these fields.
    static let nutella = """
        {"code":"3017620422003","product":{"brands":"Ferrero","categories_tags":["en:breakfasts","en:spreads",\
        "en:sweet-spreads","fr:pates-a-tartiner","en:hazelnut-spreads","en:chocolate-spreads",\
        "en:cocoa-and-hazelnuts-spreads"],"code":"3017620422003","product_name":"Nutella","quantity":"400 g"},\
        "status":1,"status_verbose":"product found"}
        """
    static let cola = """
        {"code":"5449000000996","product":{"brands":"Coca-Cola, The Coca-Cola Company","categories_tags":\
        ["en:beverages-and-beverages-preparations","en:beverages","en:carbonated-drinks","en:sodas","en:colas"],\
        "code":"5449000000996","product_name":"Coca-Cola Original Taste","quantity":"330 ml"},"status":1,\
        "status_verbose":"product found"}
        """
    static let notFound = #"{"code":"4006381333931","status":0,"status_verbose":"product not found"}"#

    static let pages: [String: PageServer.Page] = [
        path("3017620422003"): .json(nutella),
        path("5449000000996"): .json(cola),
        path("4006381333931"): .json(notFound, status: 404),
        path("96385074"): .json(#"{"code":"96385074","product":{"product_name": "Half"#),
        path("036000291452"): .json(
            #"{"code":"036000291452","product":{"product_name":""# + String(repeating: "x", count: 4096)
                + #""},"status":1}"#),
        path("10036000291459"): .chunked(1 << 20),
        path("4000417025005"): .json(#"{"status":"failure"}"#, status: 503),
        path("8715700110622"): .hang,
    ]

    static func withFoodFacts<T>(_ body: (PageServer) async throws -> T) async throws -> T {
        let server = try await PageServer.start(pages)
        do {
            let result = try await body(server)
            try await server.stop()
            return result
        } catch {
            try? await server.stop()
            throw error
        }
    }

    static func client(_ server: PageServer, clock: any Clock<Duration> = ContinuousClock()) -> OpenFoodFacts {
        OpenFoodFacts(configuration: .init(baseURL: server.url("/"), maxBytes: 2048), clock: clock)
    }

    @Test("a known product's name, brand, pack size and category; asked once, with a User-Agent naming Hearth")
    func found() async throws {
        try await Self.withFoodFacts { site in
            _ = try await withPantry(.sqlite, products: Self.client(site)) { pantry in
                let member = try await pantry.user("member")
                let nutella = try await pantry.data(Self.lookup, as: member, ["b": "3017620422003"])["lookupBarcode"]
                #expect(nutella["barcode"].text == "3017620422003")
                #expect(nutella["name"].text == "Nutella")
                #expect(nutella["brand"].text == "Ferrero")
                #expect(nutella["quantity"].text == "400 g")
                #expect(nutella["category"].text == "other")
                #expect(nutella["categories"].elements.first?.text == "en:breakfasts")
                #expect(nutella["categories"].elements.count == 7)

                let cola = try await pantry.data(Self.lookup, as: member, ["b": "5449-0000-00996"])["lookupBarcode"]
                #expect(cola["name"].text == "Coca-Cola Original Taste")
                #expect(cola["brand"].text == "Coca-Cola", "the first of the brands")
                #expect(cola["quantity"].text == "330 ml")
                #expect(cola["category"].text == "beverages")

                let again = try await pantry.data(Self.lookup, as: member, ["b": "3017620422003"])["lookupBarcode"]
                #expect(again == nutella)
                #expect(site.requests == [Self.path("3017620422003"), Self.path("5449000000996")])
                #expect(site.userAgents.allSatisfy { $0.hasPrefix("Hearth/") })
                #expect(site.userAgents.count == 2)
            }
        }
    }

    @Test("a product Open Food Facts does not know (HTTP 404, status 0) is null, and is asked once")
    func notFound() async throws {
        try await Self.withFoodFacts { site in
            _ = try await withPantry(.sqlite, products: Self.client(site)) { pantry in
                let member = try await pantry.user("member")
                for _ in 0..<2 {
                    let result = await pantry.run(Self.lookup, as: member, ["b": "4006381333931"])
                    #expect(result.errors.isEmpty, "\(result.errors.map(\.message))")
                    #expect(result.data?["lookupBarcode"] == .null)
                }
                #expect(site.requests == [Self.path("4006381333931")])
            }
        }
    }

    @Test(
        "answers that cannot be used are BAD_USER_INPUT naming why, and are asked again next time",
        arguments: [
            ("96385074", "Open Food Facts' answer about 96385074 could not be read"),
            ("036000291452", "Open Food Facts' answer about 036000291452 is larger than the 2048 bytes"),
            ("10036000291459", "Open Food Facts' answer about 10036000291459 is larger than the 2048 bytes"),
            ("4000417025005", "Open Food Facts answered HTTP 503 Service Unavailable about 4000417025005"),
        ])
    func unusable(_ barcode: String, _ message: String) async throws {
        try await Self.withFoodFacts { site in
            _ = try await withPantry(.sqlite, products: Self.client(site)) { pantry in
                let member = try await pantry.user("member")
                for _ in 0..<2 {
                    let result = await pantry.run(Self.lookup, as: member, ["b": .string(barcode)])
                    #expect(result.codes == ["BAD_USER_INPUT"])
                    #expect(
                        result.errors.first?.message.hasPrefix(message) == true, "\(result.errors.map(\.message))")
                }
                #expect(site.requests.count == 2, "failures are not kept")
            }
        }
    }

    @Test("a server that never answers times out on the lookup's clock, and the lookup can be made again")
    func timeout() async throws {
        try await Self.withFoodFacts { site in
            let clock = ManualClock()
            let products = OpenFoodFacts(
                configuration: .init(baseURL: site.url(""), timeout: .seconds(10)), clock: clock)
            let barcode = try GTIN("8715700110622")
            let lookup = Task { try await products.product(barcode) }
            try await waitUntil("the product is asked for") { site.requests.contains(Self.path("8715700110622")) }
            try await clock.advance(pastWaitOf: .seconds(10))
            let error = await #expect(throws: ServiceError.self) { _ = try await lookup.value }
            #expect(error?.code == .timedOut)
            #expect(
                error?.message
                    == "Open Food Facts did not answer about 8715700110622 within 10 seconds; try again later, or fill the item in by hand."
            )
        }
    }

    @Test("signed-out callers are refused, and bad barcodes are named, before anything is asked")
    func refused() async throws {
        try await Self.withFoodFacts { site in
            _ = try await withPantry(.sqlite, products: Self.client(site)) { pantry in
                let signedOut = await pantry.run(Self.lookup, as: nil, ["b": "3017620422003"])
                #expect(signedOut.codes == ["UNAUTHENTICATED"])
                #expect(signedOut.data?["lookupBarcode"] == nil || signedOut.data?["lookupBarcode"] == .null)
                let member = try await pantry.user("member")
                let cases: [(String, String)] = [
                    ("3017620422004", "barcode: 3017620422004 has check digit 4 but should be 3"),
                    ("301762042200", "barcode: 301762042200 has check digit 0 but should be"),
                    ("abc", "barcode: abc is not a barcode: \"a\" is not a digit"),
                    ("", "barcode cannot be empty"),
                    (String(repeating: "3", count: 100_000), "barcode: A barcode has 8, 12, 13 or 14 digits"),
                ]
                for (barcode, message) in cases {
                    let result = await pantry.run(Self.lookup, as: member, ["b": .string(barcode)])
                    #expect(result.codes == ["BAD_USER_INPUT"])
                    #expect(
                        result.errors.first?.message.hasPrefix(message) == true, "\(result.errors.map(\.message))")
                }
                #expect(site.requests.isEmpty)
            }
        }
    }

    @Test("the cache keeps at most keptProducts lookups, the least recently asked dropped first")
    func cacheIsBounded() async throws {
        try await Self.withFoodFacts { site in
            let products = OpenFoodFacts(configuration: .init(baseURL: site.url(""), keptProducts: 1))
            let nutella = try GTIN("3017620422003")
            let cola = try GTIN("5449000000996")
            #expect(try await products.product(nutella)?.name == "Nutella")
            #expect(try await products.product(nutella)?.name == "Nutella")
            #expect(try await products.product(cola)?.name == "Coca-Cola Original Taste")
            #expect(try await products.product(nutella)?.name == "Nutella")
            #expect(
                site.requests == [Self.path("3017620422003"), Self.path("5449000000996"), Self.path("3017620422003")])
        }
    }

    @Test(
        "Open Food Facts' category tags suggest a pantry category",
        arguments: [
            (["en:beverages", "en:sodas"], ItemCategory.beverages),
            (["en:dairies", "en:cheeses"], .dairy),
            (["en:frozen-foods", "en:meats"], .frozen),
            (["en:meats", "en:poultries"], .meat),
            (["en:plant-based-foods", "en:fruits"], .produce),
            (["en:spreads"], .other),
            ([], .other),
        ])
    func categories(_ tags: [String], _ category: ItemCategory) {
        #expect(OpenFoodFacts.category(for: tags) == category)
    }
}
