import AsyncHTTPClient
public import Foundation
import HearthCore
public import HearthPantryModel
import NIOCore
import NIOHTTP1
import Synchronization

/// Looks products up in Open Food Facts (https://world.openfoodfacts.org), the open database of food products,
/// for `lookupBarcode`.
///
/// One product is one `GET <base>/api/v2/product/<barcode>.json` asking only for the fields Hearth shows, sent
/// with a User-Agent naming Hearth as Open Food Facts asks. The answer is read up to
/// ``Configuration/maxBytes`` and no further, and must arrive within ``Configuration/timeout`` on the given
/// clock. What is learnt — a product, or that there is none — is kept by barcode (at most
/// ``Configuration/keptProducts``, the least recently asked dropped first), so each barcode is asked once while
/// the server runs; failures are not kept.
///
/// ```swift
/// let products = OpenFoodFacts()
/// let nutella = try await products.product(try GTIN("3017620422003"))  // name "Nutella", brand "Ferrero"
/// ```
public final class OpenFoodFacts: ProductLookup {
    /// Where and how products are looked up.
    public struct Configuration: Sendable {
        /// The address Open Food Facts is reached at: https://world.openfoodfacts.org by default.
        public var baseURL: String
        /// The longest a lookup may take: 10 seconds by default.
        public var timeout: Duration
        /// The largest answer read: 256 KiB by default (a product's few fields take a few hundred bytes).
        public var maxBytes: Int
        /// The most lookups kept: 4,096 by default.
        public var keptProducts: Int
        /// The User-Agent sent, naming Hearth.
        public var userAgent: String

        /// Open Food Facts' own address.
        public static let defaultBaseURL = "https://world.openfoodfacts.org"

        public init(
            baseURL: String = Self.defaultBaseURL, timeout: Duration = .seconds(10), maxBytes: Int = 256 << 10,
            keptProducts: Int = 4096, userAgent: String = "Hearth/1.0 (self-hosted household pantry server)"
        ) {
            self.baseURL = baseURL
            self.timeout = timeout
            self.maxBytes = maxBytes
            self.keptProducts = keptProducts
            self.userAgent = userAgent
        }
    }

    /// The fields asked for.
    static let fields = "code,product_name,brands,quantity,categories_tags"

    public let configuration: Configuration
    private let clock: any Clock<Duration>
    private let kept: Mutex<LeastRecentlyUsed<String, BarcodeProduct?>>

    /// - Parameters:
    ///   - configuration: where Open Food Facts is, and the limits of a lookup.
    ///   - clock: what a lookup's timeout runs on.
    public init(configuration: Configuration = Configuration(), clock: any Clock<Duration> = ContinuousClock()) {
        self.configuration = configuration
        self.clock = clock
        let count = max(configuration.keptProducts, 0)
        self.kept = Mutex(LeastRecentlyUsed(costLimit: count, countLimit: count) { _, _ in 1 })
    }

    public func product(_ barcode: GTIN) async throws -> BarcodeProduct? {
        if let known = kept.withLock({ $0.use(barcode.gtin14) }) { return known }
        let product = try await ask(barcode)
        kept.withLock { $0.set(barcode.gtin14, product) }
        return product
    }

    /// The product's address at Open Food Facts.
    func url(_ barcode: GTIN) -> String {
        var base = configuration.baseURL.trimmingCharacters(in: .whitespaces)
        while base.hasSuffix("/") { base.removeLast() }
        return "\(base)/api/v2/product/\(barcode.code).json?fields=\(Self.fields)"
    }

    private func ask(_ barcode: GTIN) async throws -> BarcodeProduct? {
        let timeout = configuration.timeout
        let clock = self.clock
        return try await withThrowingTaskGroup(of: BarcodeProduct?.self) { group in
            group.addTask { try await self.request(barcode) }
            group.addTask {
                try await clock.sleep(for: timeout)
                throw ServiceError(
                    .timedOut,
                    "Open Food Facts did not answer about \(barcode) within \(Self.seconds(timeout)); try again later, or fill the item in by hand."
                )
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    /// Asks on a client of its own, shut down once the answer is read, so no connection outlives the lookup.
    private func request(_ barcode: GTIN) async throws -> BarcodeProduct? {
        let seconds = Int64(configuration.timeout.components.seconds) + 1
        let client = HTTPClient(
            eventLoopGroup: HTTPClient.defaultEventLoopGroup,
            configuration: HTTPClient.Configuration(
                timeout: .init(connect: .seconds(seconds), read: .seconds(seconds))))
        do {
            let product = try await request(barcode, with: client)
            try? await client.shutdown()
            return product
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    private func request(_ barcode: GTIN, with client: HTTPClient) async throws -> BarcodeProduct? {
        var request = HTTPClientRequest(url: url(barcode))
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: configuration.userAgent)
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: .hours(1), logger: nil)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw ServiceError(
                .operationFailed,
                "Open Food Facts could not be reached about \(barcode): \(error). Try again later, or fill the item in by hand."
            )
        }
        let status = Int(response.status.code)
        guard (200..<300).contains(status) || status == 404 else {
            throw ServiceError(
                .operationFailed,
                "Open Food Facts answered HTTP \(status) \(response.status.reasonPhrase) about \(barcode); try again later, or fill the item in by hand."
            )
        }
        let limit = configuration.maxBytes
        let bytes = try await response.bytes(upTo: limit) {
            Self.tooLarge(barcode, limit)
        } stopped: { error in
            ServiceError(
                .operationFailed, "Open Food Facts stopped answering about \(barcode): \(error). Try again later.")
        }
        return try Self.read(bytes, barcode: barcode, status: status)
    }

    /// The product in an answer of Open Food Facts (`{"code": …, "product": {…}, "status": 1}`); nil for
    /// `status: 0` ("product not found", sent with HTTP 404).
    static func read(_ bytes: [UInt8], barcode: GTIN, status: Int) throws -> BarcodeProduct? {
        let answer: Answer
        do {
            answer = try JSONDecoder().decode(Answer.self, from: Data(bytes))
        } catch {
            if status == 404 { return nil }
            throw ServiceError(
                .operationFailed,
                "Open Food Facts' answer about \(barcode) could not be read (\(bytes.count) bytes that are not the product JSON it sends); try again later."
            )
        }
        guard status != 404, answer.status != 0, let product = answer.product else { return nil }
        let tags = (product.categories_tags ?? []).map(Self.clean).filter { !$0.isEmpty }
        return BarcodeProduct(
            barcode: barcode, name: Self.text(product.product_name),
            brand: Self.text(product.brands?.split(separator: ",").first.map(String.init)),
            quantity: Self.text(product.quantity), category: category(for: tags), categories: tags)
    }

    /// The pantry category Open Food Facts' category tags point to, the most telling first: frozen, then
    /// beverages, dairy, meat and fish, fruit and vegetables; `.other` when none of them is there.
    static func category(for tags: [String]) -> ItemCategory {
        let set = Set(tags.map { $0.lowercased() })
        let order: [(ItemCategory, [String])] = [
            (.frozen, ["en:frozen-foods"]),
            (.beverages, ["en:beverages", "en:waters", "en:sodas", "en:juices"]),
            (.dairy, ["en:dairies", "en:cheeses", "en:milks", "en:yogurts", "en:butters"]),
            (.meat, ["en:meats", "en:poultries", "en:fishes", "en:seafood"]),
            (.produce, ["en:fruits", "en:vegetables", "en:fresh-fruits", "en:fresh-vegetables"]),
        ]
        return order.first { _, names in names.contains(where: set.contains) }?.0 ?? .other
    }

    /// `text` trimmed, nil when blank; at most 200 characters, as names and brands are.
    private static func text(_ text: String?) -> String? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : String(trimmed.prefix(200))
    }

    private static func clean(_ tag: String) -> String {
        String(tag.trimmingCharacters(in: .whitespacesAndNewlines).prefix(200))
    }

    private static func seconds(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return Units.formatNumber(seconds, maximumFractionDigits: 1) + (seconds == 1 ? " second" : " seconds")
    }

    private static func tooLarge(_ barcode: GTIN, _ limit: Int) -> ServiceError {
        ServiceError(
            .operationFailed,
            "Open Food Facts' answer about \(barcode) is larger than the \(limit) bytes a product may take; try again later."
        )
    }

    /// Open Food Facts' answer, as far as Hearth reads it.
    private struct Answer: Decodable {
        let status: Int?
        let product: Product?
    }

    // Open Food Facts' own field names.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    private struct Product: Decodable {
        let product_name: String?
        let brands: String?
        let quantity: String?
        let categories_tags: [String]?
    }
}
