public import Foundation
public import HearthCore

/// Something a household keeps: how much there is, where, and until when it is good.
///
/// ``quantity`` counts in ``unit`` (see ``Units``); ``expirationDate`` is a calendar day, and
/// ``dueDateKind`` says whether passing it makes the item overdue or expired. When ``minimumQuantity`` is set
/// and the quantity falls below it, the item is due for restocking.
public struct PantryItem: Codable, Sendable, Hashable, Identifiable {
    /// The item's id.
    public let id: String
    /// The household that keeps the item.
    public let householdId: String
    /// What the item is, such as "Rice".
    public let name: String
    /// How much there is, in ``unit``.
    public let quantity: Double
    /// The unit ``quantity`` counts in, such as "kg" or "" for a count.
    public let unit: String
    /// The item's category.
    public let category: ItemCategory
    /// The day the item is due, if it has one.
    public let expirationDate: CalendarDay?
    /// Where the item is kept, such as "Fridge".
    public let location: String?
    /// Anything worth remembering about the item.
    public let notes: String?
    /// The user who added the item.
    public let addedBy: String
    /// When the item was added.
    public let createdAt: Date
    /// When the item last changed.
    public let updatedAt: Date
    /// The least the household wants in stock, in ``unit``; nil when there is no minimum.
    public let minimumQuantity: Double?
    /// Whether ``expirationDate`` is a best-before or an expiration date.
    public let dueDateKind: DueDateKind
    /// The product's barcode, if it has been given one.
    public let barcode: GTIN?

    public init(
        id: String, householdId: String, name: String, quantity: Double, unit: String, category: ItemCategory = .other,
        expirationDate: CalendarDay? = nil, location: String? = nil, notes: String? = nil, addedBy: String,
        createdAt: Date, updatedAt: Date, minimumQuantity: Double? = nil, dueDateKind: DueDateKind = .expiration,
        barcode: GTIN? = nil
    ) {
        self.id = id
        self.householdId = householdId
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.category = category
        self.expirationDate = expirationDate
        self.location = location
        self.notes = notes
        self.addedBy = addedBy
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.minimumQuantity = minimumQuantity
        self.dueDateKind = dueDateKind
        self.barcode = barcode
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try c.decode(String.self, forKey: .id),
            householdId: try c.decode(String.self, forKey: .householdId),
            name: try c.decode(String.self, forKey: .name),
            quantity: try c.decode(Double.self, forKey: .quantity),
            unit: try c.decode(String.self, forKey: .unit),
            category: try c.decodeIfPresent(ItemCategory.self, forKey: .category) ?? .other,
            expirationDate: try c.decodeIfPresent(CalendarDay.self, forKey: .expirationDate),
            location: try c.decodeIfPresent(String.self, forKey: .location),
            notes: try c.decodeIfPresent(String.self, forKey: .notes),
            addedBy: try c.decode(String.self, forKey: .addedBy),
            createdAt: try c.decode(Date.self, forKey: .createdAt),
            updatedAt: try c.decode(Date.self, forKey: .updatedAt),
            minimumQuantity: try c.decodeIfPresent(Double.self, forKey: .minimumQuantity),
            dueDateKind: try c.decodeIfPresent(DueDateKind.self, forKey: .dueDateKind) ?? .expiration,
            barcode: try c.decodeIfPresent(GTIN.self, forKey: .barcode))
    }

    /// The item as its stock now stands: the total quantity, the earliest due day of what is left, and the
    /// location holding the most (the current location when the stock is empty).
    public func updated(from stock: StockState, at now: Date) -> PantryItem {
        PantryItem(
            id: id, householdId: householdId, name: name, quantity: stock.total, unit: unit, category: category,
            expirationDate: stock.nextDueDay, location: stock.mainLocation ?? location, notes: notes, addedBy: addedBy,
            createdAt: createdAt, updatedAt: now, minimumQuantity: minimumQuantity, dueDateKind: dueDateKind,
            barcode: barcode)
    }
}
