public import HearthPantryModel

/// Looks products up by barcode for `lookupBarcode`: the live one is ``OpenFoodFacts``.
public protocol ProductLookup: Sendable {
    /// What is known about the product with `barcode`; nil when the database does not know it.
    /// - Throws: `ServiceError` when the database cannot be asked or its answer cannot be read.
    func product(_ barcode: GTIN) async throws -> BarcodeProduct?
}
