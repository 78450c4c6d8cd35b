public import Foundation
import HearthCore

extension StockLedger {
    /// Takes back booking `bookingId`: the stock as if it had never been booked, and a marker to append.
    ///
    /// The history is never edited; the marker is what records the undo, and ``replay(_:onto:locations:)`` skips
    /// both. A booking can be undone once. Stock a booking brought in (a purchase, an upward correction) can be
    /// taken back only while all of it is still there, wherever it was moved; and no booking is undone when a later
    /// one would no longer fit (a move whose stock was then used at its destination).
    ///
    /// - Parameters:
    ///   - history: the item's bookings, oldest first, markers included.
    ///   - initial: the stock before the first booking (usually empty, with the item's id and unit).
    ///   - markerId: the id for the marker booking.
    /// - Throws: ``ServiceError`` — not found when the history has no such booking; validation failed when it is
    ///   itself an undo marker; conflict when it was already undone or later bookings depend on it.
    public static func undo(
        _ bookingId: String, history: [StockBooking], initial: StockState, locations: [String],
        markerId: String, at now: Date, by userId: String
    ) throws -> StockUndo {
        let bookings = history.filter { $0.itemId == initial.itemId }
        guard let booking = bookings.first(where: { $0.id == bookingId }) else {
            throw ServiceError(
                .notFound, "Booking \(bookingId) was not found in the history of item \(initial.itemId).")
        }
        guard booking.reverses == nil else {
            throw ServiceError.validationFailed(
                "Booking \(bookingId) is itself an undo and cannot be undone; book the change again instead.")
        }
        if let marker = bookings.first(where: { $0.reverses == bookingId }) {
            throw ServiceError(
                .conflict, "Booking \(bookingId) was already undone (by \(marker.id)); a booking can be undone once.")
        }
        let current = try replay(bookings, onto: initial, locations: locations)
        if booking.addsStock {
            let left = Amount.clean(current.lots.filter { $0.sourceId == bookingId }.reduce(0) { $0 + $1.amount })
            if left < booking.quantity - Amount.epsilon {
                let gone = Units.format(booking.quantity - left, initial.unit, maximumFractionDigits: 3)
                let all = Units.format(booking.quantity, initial.unit, maximumFractionDigits: 3)
                let what = booking.kind == .purchase ? "The purchase" : "The correction"
                throw ServiceError(
                    .conflict,
                    "\(what) \(bookingId) cannot be undone: \(gone) of its \(all) was already used. Undo the bookings that used it first."
                )
            }
        }
        let marker = StockBooking(
            id: markerId, itemId: booking.itemId, householdId: booking.householdId, kind: booking.kind,
            quantity: booking.quantity,
            location: booking.location, bestBefore: booking.bestBefore, createdAt: now, createdBy: userId,
            reverses: bookingId)
        let state: StockState
        do {
            state = try replay(bookings + [marker], onto: initial, locations: locations)
        } catch let error as ServiceError {
            throw ServiceError(
                .conflict,
                "Booking \(bookingId) cannot be undone: a later booking would no longer fit. \(error.message)",
                underlying: error)
        }
        return StockUndo(state: state, marker: marker)
    }
}
