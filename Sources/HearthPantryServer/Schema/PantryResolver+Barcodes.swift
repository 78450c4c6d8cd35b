import HearthCore
import HearthPantryModel

/// Products by barcode, from the server's ``ProductLookup`` (Open Food Facts).
extension PantryResolver {
    /// What is known about the product with the barcode; null when nothing is. Signed-in callers only; a barcode
    /// that is not a GTIN is `BAD_USER_INPUT` naming what is wrong, before anything is asked, and so is a lookup
    /// that fails (naming why).
    func lookupBarcode(context: PantryContext, arguments: LookupBarcodeArguments) async throws -> BarcodeProduct? {
        _ = try context.signedIn()
        guard let barcode = try Self.barcode(arguments.barcode) else {
            throw ServiceError.validationFailed(
                "barcode cannot be empty; give the 8, 12, 13 or 14 digits under the bars.")
        }
        do {
            return try await products.product(barcode)
        } catch let error as ServiceError where GraphQLErrorShaper.code(for: error.code) == nil {
            // A lookup that failed is about the product database, not the server.
            throw ServiceError.validationFailed(error.message)
        }
    }
}

/// The arguments of `lookupBarcode`.
struct LookupBarcodeArguments: Codable, Sendable {
    let barcode: String
}
