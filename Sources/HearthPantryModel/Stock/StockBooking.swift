public import Foundation
public import HearthCore

/// One change to an item's stock, as Grocy books them: a purchase, a consumption, opening, a move between
/// locations, or an inventory correction.
///
/// Bookings are append-only. Undoing one does not edit it: ``StockLedger/undo(_:history:initial:locations:markerId:at:by:)``
/// appends a marker booking whose ``reverses`` names it, and replaying the history skips both.
///
/// ``quantity`` is in the item's stock unit and is the amount the booking acts on, always above zero, except for
/// ``Kind/correctInventory``, where it is the signed change (+ found more, − found less). ``delta`` gives the
/// change to the total for every kind.
public struct StockBooking: Sendable, Hashable, Identifiable {
    /// What a booking does.
    public enum Kind: Sendable, Hashable {
        /// Stock comes in at ``StockBooking/location``, due on ``StockBooking/bestBefore``.
        case purchase
        /// Stock is used up (or thrown away, when `spoiled`), from ``StockBooking/location`` or anywhere when nil.
        case consume(spoiled: Bool)
        /// Unopened stock is opened, at ``StockBooking/location`` or anywhere when nil.
        case open
        /// Stock moves from one location to another.
        case transfer(from: String, to: String)
        /// A count found more or less than the books said; the signed ``StockBooking/quantity`` is the difference.
        case correctInventory

        /// The kind's stable name: purchase, consume, open, transfer, correct_inventory.
        public var name: String {
            switch self {
            case .purchase: "purchase"
            case .consume: "consume"
            case .open: "open"
            case .transfer: "transfer"
            case .correctInventory: "correct_inventory"
            }
        }
    }

    /// The booking's id.
    public let id: String
    /// The item whose stock changes.
    public let itemId: String
    /// The household that keeps the item.
    public let householdId: String
    /// What the booking does.
    public let kind: Kind
    /// The amount the booking acts on, in the item's unit; signed for inventory corrections.
    public let quantity: Double
    /// Where stock comes in (purchase, correction upward) or is taken from (consume, open, correction downward;
    /// nil means anywhere). Transfers name their locations in ``kind``.
    public let location: String?
    /// The day the incoming stock is due, for purchases and upward corrections.
    public let bestBefore: CalendarDay?
    /// When the booking was made.
    public let createdAt: Date
    /// Who made the booking.
    public let createdBy: String
    /// The booking this one undoes, when it is an undo marker.
    public let reverses: String?

    public init(
        id: String, itemId: String, householdId: String, kind: Kind, quantity: Double, location: String? = nil,
        bestBefore: CalendarDay? = nil, createdAt: Date, createdBy: String, reverses: String? = nil
    ) {
        self.id = id
        self.itemId = itemId
        self.householdId = householdId
        self.kind = kind
        self.quantity = quantity
        self.location = location
        self.bestBefore = bestBefore
        self.createdAt = createdAt
        self.createdBy = createdBy
        self.reverses = reverses
    }

    /// How the booking changes the item's total: + for purchases, − for consumption, 0 for opening and moving,
    /// the signed quantity for corrections; negated for an undo marker.
    public var delta: Double {
        let base: Double =
            switch kind {
            case .purchase: quantity
            case .consume: -quantity
            case .open, .transfer: 0
            case .correctInventory: quantity
            }
        return reverses == nil ? base : -base
    }

    /// Whether this booking undoes another.
    public var isUndoMarker: Bool { reverses != nil }

    /// Whether the booking brings new stock in (a purchase or an upward correction), making a lot of its own.
    public var addsStock: Bool {
        switch kind {
        case .purchase: true
        case .correctInventory: quantity > 0
        default: false
        }
    }
}

extension StockBooking: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, itemId, householdId, kind, spoiled, fromLocation, toLocation, quantity, location, bestBefore
        case createdAt, createdBy, reverses
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let kind: Kind
        switch try c.decode(String.self, forKey: .kind) {
        case "purchase": kind = .purchase
        case "consume": kind = .consume(spoiled: try c.decodeIfPresent(Bool.self, forKey: .spoiled) ?? false)
        case "open": kind = .open
        case "transfer":
            kind = .transfer(
                from: try c.decode(String.self, forKey: .fromLocation),
                to: try c.decode(String.self, forKey: .toLocation))
        case "correct_inventory": kind = .correctInventory
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: c,
                debugDescription:
                    "\"\(other)\" is not a booking kind; use purchase, consume, open, transfer or correct_inventory")
        }
        self.init(
            id: try c.decode(String.self, forKey: .id),
            itemId: try c.decode(String.self, forKey: .itemId),
            householdId: try c.decode(String.self, forKey: .householdId),
            kind: kind,
            quantity: try c.decode(Double.self, forKey: .quantity),
            location: try c.decodeIfPresent(String.self, forKey: .location),
            bestBefore: try c.decodeIfPresent(CalendarDay.self, forKey: .bestBefore),
            createdAt: try c.decode(Date.self, forKey: .createdAt),
            createdBy: try c.decode(String.self, forKey: .createdBy),
            reverses: try c.decodeIfPresent(String.self, forKey: .reverses))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(itemId, forKey: .itemId)
        try c.encode(householdId, forKey: .householdId)
        try c.encode(kind.name, forKey: .kind)
        switch kind {
        case .consume(let spoiled): try c.encode(spoiled, forKey: .spoiled)
        case .transfer(let from, let to):
            try c.encode(from, forKey: .fromLocation)
            try c.encode(to, forKey: .toLocation)
        default: break
        }
        try c.encode(quantity, forKey: .quantity)
        try c.encodeIfPresent(location, forKey: .location)
        try c.encodeIfPresent(bestBefore, forKey: .bestBefore)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(createdBy, forKey: .createdBy)
        try c.encodeIfPresent(reverses, forKey: .reverses)
    }
}
