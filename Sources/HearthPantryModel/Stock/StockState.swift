public import HearthCore

/// An item's stock as its bookings leave it: lots, each at one location, with how much is left, how much of
/// that is open, and when it is due.
///
/// A lot comes from a purchase (or an upward correction) and keeps that booking's id in ``Lot/sourceId`` even
/// when part of it moves elsewhere, so the ledger can tell whether a purchase is still all there.
public struct StockState: Codable, Sendable, Hashable {
    /// Some of an item from one purchase, at one location.
    public struct Lot: Codable, Sendable, Hashable {
        /// The booking that brought the lot in.
        public let sourceId: String
        /// Where the lot is.
        public let location: String
        /// How much is left, in the item's unit; always above zero.
        public let amount: Double
        /// How much of ``amount`` is open.
        public let opened: Double
        /// The day the lot is due, if known.
        public let bestBefore: CalendarDay?

        public init(
            sourceId: String, location: String, amount: Double, opened: Double = 0, bestBefore: CalendarDay? = nil
        ) {
            self.sourceId = sourceId
            self.location = location
            self.amount = amount
            self.opened = opened
            self.bestBefore = bestBefore
        }
    }

    /// The item the stock belongs to.
    public let itemId: String
    /// The unit amounts count in (the item's unit); used in messages.
    public let unit: String
    /// The lots, in the order they came in.
    public let lots: [Lot]

    public init(itemId: String, unit: String, lots: [Lot] = []) {
        self.itemId = itemId
        self.unit = unit
        self.lots = lots
    }

    /// How much there is in all.
    public var total: Double { Amount.clean(lots.reduce(0) { $0 + $1.amount }) }

    /// How much of the stock is open.
    public var opened: Double { Amount.clean(lots.reduce(0) { $0 + $1.opened }) }

    /// How much there is at `location`.
    public func amount(at location: String) -> Double {
        Amount.clean(lots.filter { $0.location == location }.reduce(0) { $0 + $1.amount })
    }

    /// How much there is at each location that holds some.
    public var amountsByLocation: [String: Double] {
        lots.reduce(into: [:]) { $0[$1.location, default: 0] += $1.amount }.mapValues(Amount.clean)
    }

    /// The earliest due day among the lots, if any has one.
    public var nextDueDay: CalendarDay? { lots.compactMap(\.bestBefore).min() }

    /// The location holding the most (the first in alphabetical order on a tie); nil when empty.
    public var mainLocation: String? {
        amountsByLocation.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key
    }
}
