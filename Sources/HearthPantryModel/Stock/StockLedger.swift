public import Foundation
public import HearthCore

/// The rules of stock bookings: what each one does to an item's lots, and which ones are impossible.
///
/// Consumption, opening and moves take lots in Grocy's order: open lots first, then the earliest due, then the
/// oldest. Within a lot the open part goes first. Every refusal is a ``ServiceError`` with
/// ``ServiceError/Code/validationFailed`` and a message that says what was asked and what there is.
///
/// ```swift
/// var stock = StockState(itemId: "rice", unit: "kg")
/// stock = try StockLedger.apply(purchase, to: stock, locations: ["Pantry", "Fridge"])
/// let undo = try StockLedger.undo(purchase.id, history: [purchase], initial: StockState(itemId: "rice", unit: "kg"),
///                                 locations: ["Pantry"], markerId: "b2", at: now, by: "ada")
/// ```
public enum StockLedger {
    /// `state` after `booking`.
    ///
    /// - Parameter locations: the household's locations; a booking naming any other is refused. Names match
    ///   without regard to case or surrounding spaces and are stored in the spelling given here.
    /// - Throws: ``ServiceError`` (validation failed) when the booking is not for this item, is an undo marker
    ///   (those take effect through ``replay(_:onto:locations:)``), has a quantity that is not above zero (not zero,
    ///   for corrections), names an unknown or missing location, or takes more than there is.
    public static func apply(_ booking: StockBooking, to state: StockState, locations: [String]) throws -> StockState {
        guard booking.reverses == nil else {
            throw ServiceError.validationFailed(
                "Booking \(booking.id) undoes \(booking.reverses ?? "") and takes effect only by replaying the history."
            )
        }
        guard booking.itemId == state.itemId else {
            throw ServiceError.validationFailed(
                "Booking \(booking.id) is for item \(booking.itemId), not \(state.itemId).")
        }
        let quantity = booking.quantity
        guard quantity.isFinite else {
            throw ServiceError.validationFailed("Booking quantity must be a number.")
        }
        var work = Work(state: state, locations: locations)
        switch booking.kind {
        case .correctInventory:
            guard abs(quantity) > Amount.epsilon else {
                throw ServiceError.validationFailed(
                    "An inventory correction must change the amount; its quantity is 0.")
            }
        default:
            guard quantity > Amount.epsilon else {
                throw ServiceError.validationFailed(
                    "Booking quantity must be greater than 0; it is \(Units.formatNumber(quantity, maximumFractionDigits: 6))."
                )
            }
        }
        switch booking.kind {
        case .purchase:
            let location = try work.requiredLocation(booking.location, for: "the purchase")
            work.addLot(sourceId: booking.id, location: location, amount: quantity, bestBefore: booking.bestBefore)
        case .consume:
            let location = try work.optionalLocation(booking.location)
            try work.take(quantity, from: location, verb: "consume")
        case .open:
            let location = try work.optionalLocation(booking.location)
            try work.open(quantity, at: location)
        case .transfer(let from, let to):
            let source = try work.requiredLocation(from, for: "the move's origin")
            let target = try work.requiredLocation(to, for: "the move's destination")
            guard source != target else {
                throw ServiceError.validationFailed("A move needs two different locations; both are \(source).")
            }
            try work.move(quantity, from: source, to: target)
        case .correctInventory:
            if quantity > 0 {
                let location = try work.requiredLocation(booking.location, for: "the stock found")
                work.addLot(sourceId: booking.id, location: location, amount: quantity, bestBefore: booking.bestBefore)
            } else {
                let location = try work.optionalLocation(booking.location)
                try work.take(-quantity, from: location, verb: "remove")
            }
        }
        return work.state
    }

    /// The stock `history` leaves, starting from `initial`: each booking for the item applied in order, except
    /// bookings an undo marker reverses (and the markers themselves).
    ///
    /// - Throws: the first refusal of ``apply(_:to:locations:)``, its message prefixed with the booking's id.
    public static func replay(_ history: [StockBooking], onto initial: StockState, locations: [String]) throws
        -> StockState
    {
        let bookings = history.filter { $0.itemId == initial.itemId }
        let reversed = Set(bookings.compactMap(\.reverses))
        var state = initial
        for booking in bookings where booking.reverses == nil && !reversed.contains(booking.id) {
            do {
                state = try apply(booking, to: state, locations: locations)
            } catch let error as ServiceError {
                throw ServiceError(
                    error.code, "Booking \(booking.id): \(error.message)", reasons: error.reasons, underlying: error)
            }
        }
        return state
    }

    /// The correction booking that brings `state`'s total to `counted`, or nil when it already is.
    ///
    /// - Parameter location: where stock found goes (required when `counted` is above the total), or where
    ///   missing stock is taken from (nil: anywhere).
    /// - Throws: ``ServiceError`` (validation failed) when `counted` is negative or not a number.
    public static func correction(
        to counted: Double, of state: StockState, id: String, householdId: String, location: String? = nil,
        bestBefore: CalendarDay? = nil, at now: Date, by userId: String
    ) throws -> StockBooking? {
        guard counted.isFinite, counted >= 0 else {
            throw ServiceError.validationFailed(
                "The counted amount must be 0 or more; it is \(Units.formatNumber(counted)).")
        }
        let difference = Amount.clean(counted - state.total)
        guard abs(difference) > Amount.epsilon else { return nil }
        return StockBooking(
            id: id, itemId: state.itemId, householdId: householdId, kind: .correctInventory,
            quantity: difference, location: location, bestBefore: bestBefore, createdAt: now, createdBy: userId)
    }
}

/// A state being changed by one booking.
private struct Work {
    var lots: [StockState.Lot]
    let itemId: String
    let unit: String
    let locations: [String]

    init(state: StockState, locations: [String]) {
        lots = state.lots
        itemId = state.itemId
        unit = state.unit
        self.locations = locations
    }

    var state: StockState { StockState(itemId: itemId, unit: unit, lots: lots.filter { $0.amount > Amount.epsilon }) }

    func amount(_ quantity: Double) -> String { Units.format(quantity, unit, maximumFractionDigits: 3) }

    // MARK: Locations

    func known(_ name: String) throws -> String {
        let wanted = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if let match = locations.first(where: {
            $0.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == wanted.lowercased()
        }) {
            return match.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let choices =
            locations.isEmpty
            ? "the household has none yet; add one first" : "use one of: " + locations.joined(separator: ", ")
        throw ServiceError.validationFailed("Unknown location \"\(wanted)\"; \(choices).")
    }

    func requiredLocation(_ name: String?, for purpose: String) throws -> String {
        guard let name, !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            let choices = locations.isEmpty ? "" : ": one of " + locations.joined(separator: ", ")
            throw ServiceError.validationFailed("Choose a location for \(purpose)\(choices).")
        }
        return try known(name)
    }

    func optionalLocation(_ name: String?) throws -> String? {
        guard let name, !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return try known(name)
    }

    // MARK: Changes

    mutating func addLot(sourceId: String, location: String, amount: Double, bestBefore: CalendarDay?) {
        lots.append(
            StockState.Lot(sourceId: sourceId, location: location, amount: Amount.clean(amount), bestBefore: bestBefore)
        )
    }

    /// Lot indices in the order stock is taken: open first, then earliest due (undated last), then oldest.
    func takingOrder(at location: String?) -> [Int] {
        lots.indices.filter { location == nil || lots[$0].location == location }.sorted { a, b in
            let lhs = lots[a]
            let rhs = lots[b]
            let lhsOpen = lhs.opened > Amount.epsilon
            let rhsOpen = rhs.opened > Amount.epsilon
            if lhsOpen != rhsOpen { return lhsOpen }
            return DueOrder.isEarlier(lhs.bestBefore, rhs.bestBefore) ?? (a < b)
        }
    }

    func available(at location: String?) -> Double {
        Amount.clean(lots.filter { location == nil || $0.location == location }.reduce(0) { $0 + $1.amount })
    }

    mutating func take(_ quantity: Double, from location: String?, verb: String) throws {
        let available = available(at: location)
        guard quantity <= available + Amount.epsilon else {
            if let location, available <= Amount.epsilon {
                throw ServiceError.validationFailed(
                    "Cannot \(verb) \(amount(quantity)) from \(location): there is none there.")
            }
            let place = location.map { " in \($0)" } ?? " in stock"
            throw ServiceError.validationFailed(
                "Cannot \(verb) \(amount(quantity)): only \(amount(available)) is\(place).")
        }
        var remaining = quantity
        for index in takingOrder(at: location) where remaining > Amount.epsilon {
            let lot = lots[index]
            let taken = min(lot.amount, remaining)
            remaining = Amount.clean(remaining - taken)
            lots[index] = StockState.Lot(
                sourceId: lot.sourceId, location: lot.location, amount: Amount.clean(lot.amount - taken),
                opened: Amount.clean(max(0, lot.opened - taken)), bestBefore: lot.bestBefore)
        }
        lots.removeAll { $0.amount <= Amount.epsilon }
    }

    mutating func open(_ quantity: Double, at location: String?) throws {
        let unopened = Amount.clean(
            lots.filter { location == nil || $0.location == location }.reduce(0) { $0 + $1.amount - $1.opened })
        guard quantity <= unopened + Amount.epsilon else {
            let place = location.map { " in \($0)" } ?? ""
            if unopened <= Amount.epsilon {
                throw ServiceError.validationFailed(
                    "Cannot open \(amount(quantity)): nothing unopened is left\(place).")
            }
            throw ServiceError.validationFailed(
                "Cannot open \(amount(quantity)): only \(amount(unopened)) is unopened\(place).")
        }
        var remaining = quantity
        // Open the earliest-due unopened stock first; open lots are skipped by having nothing left to open.
        let order = lots.indices.filter { location == nil || lots[$0].location == location }.sorted { a, b in
            DueOrder.isEarlier(lots[a].bestBefore, lots[b].bestBefore) ?? (a < b)
        }
        for index in order where remaining > Amount.epsilon {
            let lot = lots[index]
            let opening = min(lot.amount - lot.opened, remaining)
            guard opening > Amount.epsilon else { continue }
            remaining = Amount.clean(remaining - opening)
            lots[index] = StockState.Lot(
                sourceId: lot.sourceId, location: lot.location, amount: lot.amount,
                opened: Amount.clean(lot.opened + opening), bestBefore: lot.bestBefore)
        }
    }

    mutating func move(_ quantity: Double, from source: String, to target: String) throws {
        let available = available(at: source)
        guard available > Amount.epsilon else {
            throw ServiceError.validationFailed("Cannot move \(amount(quantity)) from \(source): there is none there.")
        }
        guard quantity <= available + Amount.epsilon else {
            throw ServiceError.validationFailed(
                "Cannot move \(amount(quantity)) from \(source): only \(amount(available)) is there.")
        }
        var remaining = quantity
        var moved: [StockState.Lot] = []
        for index in takingOrder(at: source) where remaining > Amount.epsilon {
            let lot = lots[index]
            let taken = min(lot.amount, remaining)
            let openTaken = min(lot.opened, taken)
            remaining = Amount.clean(remaining - taken)
            lots[index] = StockState.Lot(
                sourceId: lot.sourceId, location: lot.location, amount: Amount.clean(lot.amount - taken),
                opened: Amount.clean(lot.opened - openTaken), bestBefore: lot.bestBefore)
            moved.append(
                StockState.Lot(
                    sourceId: lot.sourceId, location: target, amount: Amount.clean(taken),
                    opened: Amount.clean(openTaken), bestBefore: lot.bestBefore))
        }
        lots.removeAll { $0.amount <= Amount.epsilon }
        for lot in moved {
            if let existing = lots.firstIndex(where: {
                $0.sourceId == lot.sourceId && $0.location == target && $0.bestBefore == lot.bestBefore
            }) {
                let old = lots[existing]
                lots[existing] = StockState.Lot(
                    sourceId: old.sourceId, location: target, amount: Amount.clean(old.amount + lot.amount),
                    opened: Amount.clean(old.opened + lot.opened), bestBefore: old.bestBefore)
            } else {
                lots.append(lot)
            }
        }
    }
}
