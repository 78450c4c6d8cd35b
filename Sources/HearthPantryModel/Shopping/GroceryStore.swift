import Foundation

/// A shop a household buys at, with the order its sections are walked in.
public struct GroceryStore: Codable, Sendable, Hashable, Identifiable {
    /// The store's id.
    public let id: String
    /// The household whose store it is.
    public let householdId: String
    /// Its name, unique in the household regardless of case.
    public let name: String
    /// The sections in the order a shopper meets them; each at most once. Sections left out follow, in
    /// ``StoreSection``'s own order.
    public let sectionOrder: [StoreSection]

    public init(id: String, householdId: String, name: String, sectionOrder: [StoreSection]) {
        self.id = id
        self.householdId = householdId
        self.name = name
        self.sectionOrder = sectionOrder
    }
}
