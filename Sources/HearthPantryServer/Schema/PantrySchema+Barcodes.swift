import Graphiti
import HearthPantryModel

extension PantrySchema {
    /// Products looked up by barcode.
    static func barcodes() -> PartialSchema<PantryResolver, PantryContext> {
        PartialSchema(
            types: {
                Type(BarcodeProduct.self) {
                    KeyField("barcode", at: \.barcodeCode).description("The barcode looked up, as given.")
                    KeyField("name", at: \.name)
                    KeyField("brand", at: \.brand).description("The first brand, when there are several.")
                    KeyField("quantity", at: \.quantity).description(
                        "The pack size as printed, such as \"400 g\"; text, not a number.")
                    KeyField("category", at: \.category).description(
                        "The pantry category its categories suggest; other when none fits.")
                    KeyField("categories", at: \.categories).description(
                        "Open Food Facts' category tags, most general first, such as en:beverages.")
                }.description("What Open Food Facts knows about a product, for filling in a new item.")
            },
            query: {
                Field("lookupBarcode", at: PantryResolver.lookupBarcode) {
                    Argument("barcode", at: \.barcode).description(
                        "8, 12, 13 or 14 digits with a valid check digit (spaces and dashes allowed).")
                }.description(
                    "The product with this barcode in Open Food Facts; null when it does not know it. Each barcode is asked once while the server runs."
                )
            })
    }
}
