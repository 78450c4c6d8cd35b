/// What a product database knows about a barcode: the product's name, brand, pack size and category, for filling
/// in a new pantry item.
public struct BarcodeProduct: Codable, Sendable, Hashable {
    /// The barcode looked up.
    public let barcode: GTIN
    /// The product's name, such as "Nutella"; nil when the database has none.
    public let name: String?
    /// The product's brand, such as "Ferrero" (the first, when the database lists several); nil when none.
    public let brand: String?
    /// The pack size as printed, such as "400 g" or "330 ml"; nil when none.
    public let quantity: String?
    /// The pantry category the product's categories suggest: `.other` when none of them fits one.
    public let category: ItemCategory
    /// The database's own categories, most general first, such as ["en:beverages", "en:sodas"].
    public let categories: [String]

    public init(
        barcode: GTIN, name: String?, brand: String?, quantity: String?, category: ItemCategory, categories: [String]
    ) {
        self.barcode = barcode
        self.name = name
        self.brand = brand
        self.quantity = quantity
        self.category = category
        self.categories = categories
    }
}
