import Foundation

/// An aisle or area of a shop that lines on a shopping list are grouped by, such as Produce or Frozen.
///
/// A line's section is the one set on it, else the one its food's pantry category maps to (see
/// ``init(category:)``); lines with neither are unsectioned and come last.
public enum StoreSection: String, Codable, Sendable, Hashable, CaseIterable {
    case produce
    case bakery
    case meat
    case dairy
    case frozen
    case pantry
    case beverages
    case household
    case other

    /// The section as people read it: "Produce", "Household".
    public var displayName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The section items of `category` are found in; nil for ``ItemCategory/other``, which says nothing about where.
    public init?(category: ItemCategory) {
        switch category {
        case .produce: self = .produce
        case .dairy: self = .dairy
        case .meat: self = .meat
        case .pantry: self = .pantry
        case .frozen: self = .frozen
        case .beverages: self = .beverages
        case .other: return nil
        }
    }

    /// The section named `text` (any case, surrounding spaces ignored); nil when there is none of that name.
    public init?(named text: String) {
        self.init(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
