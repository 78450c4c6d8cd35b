import Foundation

/// One of a household's named shopping lists, such as "Shopping list" or "Hardware store".
///
/// Every household has exactly one default list: it is made when first needed, the API calls that name no list
/// mean it, and when it is deleted the oldest remaining list becomes the default.
public struct HouseholdShoppingList: Codable, Sendable, Hashable, Identifiable {
    /// The name the default list is made with.
    public static let defaultName = "Shopping list"

    /// The list's id.
    public let id: String
    /// The household whose list it is.
    public let householdId: String
    /// Its name, unique in the household regardless of case.
    public let name: String
    /// Whether calls that name no list mean this one.
    public let isDefault: Bool
    /// The store whose section order the list is grouped in, if one was chosen.
    public let storeId: String?

    public init(id: String, householdId: String, name: String, isDefault: Bool, storeId: String? = nil) {
        self.id = id
        self.householdId = householdId
        self.name = name
        self.isDefault = isDefault
        self.storeId = storeId
    }
}
