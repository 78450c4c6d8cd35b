import Foundation
import HearthCore
import HearthPantryModel
import Testing

@Suite struct StockUndoTests {
    let later = now.addingTimeInterval(3600)

    func undo(_ id: String, _ history: [StockBooking], marker: String = "u1") throws -> StockUndo {
        try StockLedger.undo(
            id, history: history, initial: emptyRice, locations: places, markerId: marker, at: later, by: "bo")
    }

    @Test func undoingAConsumptionPutsTheSameStockBack() throws {
        let history = [
            booking("b1", .purchase, 2, at: "Pantry", due: day(2025, 5, 1)),
            booking("b2", .purchase, 1, at: "Fridge", due: day(2025, 4, 1)),
            booking("o1", .open, 0.5, at: "Fridge"),
            booking("c1", .consume(spoiled: true), 1.5),
        ]
        let before = try StockLedger.replay(Array(history.dropLast()), onto: emptyRice, locations: places)
        let result = try undo("c1", history)
        #expect(result.state == before)
        #expect(
            result.marker
                == StockBooking(
                    id: "u1", itemId: "rice", householdId: "h1", kind: .consume(spoiled: true), quantity: 1.5,
                    createdAt: later, createdBy: "bo", reverses: "c1"))
        #expect(result.marker.delta == 1.5)
        // The history with the marker replays to the same state.
        #expect(try StockLedger.replay(history + [result.marker], onto: emptyRice, locations: places) == result.state)
    }

    @Test func undoingAnUntouchedPurchaseRemovesIt() throws {
        let history = [booking("b1", .purchase, 2, at: "Pantry"), booking("b2", .purchase, 1, at: "Fridge")]
        let result = try undo("b1", history)
        #expect(result.state.amountsByLocation == ["Fridge": 1])
        #expect(result.marker.reverses == "b1" && result.marker.delta == -2 && result.marker.kind == .purchase)
    }

    @Test func aMovedPurchaseCanBeUndoneOnceTheMoveIs() throws {
        let history = [
            booking("b1", .purchase, 2, at: "Pantry"), booking("t1", .transfer(from: "Pantry", to: "Fridge"), 2),
        ]
        // The move then has nothing to move, so the purchase cannot go without it.
        expectError(.conflict) { _ = try undo("b1", history) }
        let withMoveUndone = history + [try undo("t1", history).marker]
        let result = try undo("b1", withMoveUndone, marker: "u2")
        #expect(result.state.lots.isEmpty)
    }

    @Test func undoingAPurchaseWhoseStockWasUsedIsRefused() throws {
        let history = [booking("b1", .purchase, 3, at: "Pantry"), booking("c1", .consume(spoiled: false), 2)]
        expectError(
            .conflict,
            "The purchase b1 cannot be undone: 2 kg of its 3 kg was already used. Undo the bookings that used it first."
        ) {
            _ = try undo("b1", history)
        }
        // Once the consumption is undone, the purchase can be.
        let history2 = history + [try undo("c1", history).marker]
        #expect(try undo("b1", history2, marker: "u2").state.total == 0)
    }

    @Test func aPurchaseUsedOnlyByOtherStockCanBeUndone() throws {
        // FEFO takes the earlier-due lot, so the later purchase is untouched.
        let history = [
            booking("b1", .purchase, 1, at: "Pantry", due: day(2025, 4, 1)),
            booking("b2", .purchase, 1, at: "Pantry", due: day(2025, 9, 1)),
            booking("c1", .consume(spoiled: false), 1),
        ]
        #expect(try undo("b2", history).state.total == 0)
        expectError(.conflict) { _ = try undo("b1", history) }
    }

    @Test func anUpwardCorrectionFollowsThePurchaseRule() throws {
        let history = [booking("k1", .correctInventory, 2, at: "Pantry"), booking("c1", .consume(spoiled: false), 1)]
        expectError(
            .conflict,
            "The correction k1 cannot be undone: 1 kg of its 2 kg was already used. Undo the bookings that used it first."
        ) {
            _ = try undo("k1", history)
        }
    }

    @Test func undoIsAllowedOnce() throws {
        let history = [booking("b1", .purchase, 2, at: "Pantry"), booking("c1", .consume(spoiled: false), 1)]
        let first = try undo("c1", history)
        expectError(.conflict, "Booking c1 was already undone (by u1); a booking can be undone once.") {
            _ = try undo("c1", history + [first.marker], marker: "u2")
        }
        expectError(
            .validationFailed, "Booking u1 is itself an undo and cannot be undone; book the change again instead."
        ) {
            _ = try undo("u1", history + [first.marker], marker: "u2")
        }
    }

    @Test func undoingABookingALaterOneDependsOnIsRefused() throws {
        let history = [
            booking("b1", .purchase, 2, at: "Pantry"),
            booking("t1", .transfer(from: "Pantry", to: "Fridge"), 2),
            booking("c1", .consume(spoiled: false), 1, at: "Fridge"),
        ]
        expectError(
            .conflict,
            "Booking t1 cannot be undone: a later booking would no longer fit. Booking c1: Cannot consume 1 kg from Fridge: there is none there."
        ) {
            _ = try undo("t1", history)
        }
    }

    @Test func unknownBookingsAreNotFound() throws {
        expectError(.notFound, "Booking zz was not found in the history of item rice.") {
            _ = try undo("zz", [booking("b1", .purchase, 2, at: "Pantry")])
        }
        // A booking of another item is not in this item's history.
        expectError(.notFound) { _ = try undo("m1", [booking("m1", .purchase, 2, at: "Pantry", item: "milk")]) }
    }

    @Test func theHistoryIsNeverEdited() throws {
        let history = [booking("b1", .purchase, 2, at: "Pantry"), booking("c1", .consume(spoiled: false), 1)]
        let copy = history
        let result = try undo("c1", history)
        #expect(history == copy)
        #expect(!history.contains(result.marker))
        #expect(result.marker.createdAt == later && result.marker.createdBy == "bo")
    }
}
