import Foundation
import HearthCore
import HearthPantryModel
import Testing

let places = ["Pantry", "Fridge", "Freezer"]
let emptyRice = StockState(itemId: "rice", unit: "kg")

/// Applies `bookings` in order from empty rice stock.
func stock(_ bookings: StockBooking...) throws -> StockState {
    try bookings.reduce(emptyRice) { try StockLedger.apply($1, to: $0, locations: places) }
}

@Suite struct StockLedgerTests {
    @Test func purchasesAddLotsAtTheirLocation() throws {
        let state = try stock(
            booking("b1", .purchase, 2, at: "Pantry", due: day(2025, 6, 1)),
            booking("b2", .purchase, 1.5, at: "fridge ", due: day(2025, 4, 1)))
        #expect(state.total == 3.5)
        #expect(state.amountsByLocation == ["Pantry": 2, "Fridge": 1.5])
        #expect(state.lots.map(\.sourceId) == ["b1", "b2"])
        #expect(state.nextDueDay == day(2025, 4, 1))
        #expect(state.mainLocation == "Pantry")
        #expect(state.opened == 0)
    }

    @Test func consumeTakesTheEarliestDueFirstAndUndatedLast() throws {
        var state = try stock(
            booking("old", .purchase, 1, at: "Pantry", due: day(2025, 9, 1)),
            booking("soon", .purchase, 1, at: "Pantry", due: day(2025, 4, 1)),
            booking("undated", .purchase, 1, at: "Pantry"),
            booking("late", .purchase, 1, at: "Pantry", due: day(2025, 12, 1)))
        state = try StockLedger.apply(booking("c1", .consume(spoiled: false), 1.5), to: state, locations: places)
        #expect(state.lots.map(\.sourceId) == ["old", "undated", "late"])
        #expect(state.lots.first { $0.sourceId == "old" }?.amount == 0.5)
        // Dated lots go before undated ones.
        state = try StockLedger.apply(booking("c2", .consume(spoiled: false), 1), to: state, locations: places)
        #expect(state.lots.map(\.sourceId) == ["undated", "late"])
        #expect(state.lots.map(\.amount) == [1, 0.5])
    }

    @Test func amongEqualLotsTheOldestGoesFirst() throws {
        var state = try stock(
            booking("first", .purchase, 1, at: "Pantry"), booking("second", .purchase, 1, at: "Pantry"))
        state = try StockLedger.apply(booking("c1", .consume(spoiled: false), 1), to: state, locations: places)
        #expect(state.lots.map(\.sourceId) == ["second"])
    }

    @Test func openStockIsEatenBeforeUnopenedStockThatIsDueEarlier() throws {
        var state = try stock(
            booking("a", .purchase, 2, at: "Pantry", due: day(2025, 5, 1)),
            booking("b", .purchase, 2, at: "Fridge", due: day(2025, 4, 1)))
        state = try StockLedger.apply(booking("o1", .open, 0.5, at: "Pantry"), to: state, locations: places)
        #expect(state.lots.map(\.opened) == [0.5, 0])
        state = try StockLedger.apply(booking("c1", .consume(spoiled: false), 1), to: state, locations: places)
        #expect(state.amountsByLocation == ["Pantry": 1, "Fridge": 2])
        #expect(state.opened == 0)
        // Without an open lot, the earliest due goes first.
        state = try StockLedger.apply(booking("c2", .consume(spoiled: false), 1), to: state, locations: places)
        #expect(state.amountsByLocation == ["Pantry": 1, "Fridge": 1])
    }

    @Test func openingTakesTheEarliestDueUnopenedStock() throws {
        var state = try stock(
            booking("a", .purchase, 1, at: "Pantry", due: day(2025, 5, 1)),
            booking("b", .purchase, 1, at: "Pantry", due: day(2025, 4, 1)))
        state = try StockLedger.apply(booking("o1", .open, 1.5), to: state, locations: places)
        #expect(state.lots.map(\.opened) == [0.5, 1])
    }

    @Test func consumeFromOneLocationLeavesTheOthers() throws {
        var state = try stock(booking("b1", .purchase, 2, at: "Pantry"), booking("b2", .purchase, 1, at: "Fridge"))
        state = try StockLedger.apply(
            booking("c1", .consume(spoiled: false), 1, at: "Fridge"), to: state, locations: places)
        #expect(state.amountsByLocation == ["Pantry": 2])
    }

    @Test func openingMarksUnopenedStockAndMovesWithIt() throws {
        var state = try stock(booking("b1", .purchase, 3, at: "Pantry", due: day(2025, 5, 1)))
        state = try StockLedger.apply(booking("o1", .open, 1, at: "Pantry"), to: state, locations: places)
        #expect(state.opened == 1)
        // The open part travels first.
        state = try StockLedger.apply(
            booking("t1", .transfer(from: "Pantry", to: "Fridge"), 1.5), to: state, locations: places)
        #expect(state.amountsByLocation == ["Pantry": 1.5, "Fridge": 1.5])
        let fridge = try #require(state.lots.first { $0.location == "Fridge" })
        #expect(fridge.opened == 1 && fridge.sourceId == "b1" && fridge.bestBefore == day(2025, 5, 1))
        #expect(state.lots.first { $0.location == "Pantry" }?.opened == 0)
    }

    @Test func movingBackJoinsTheLotAgain() throws {
        var state = try stock(booking("b1", .purchase, 2, at: "Pantry"))
        state = try StockLedger.apply(
            booking("t1", .transfer(from: "Pantry", to: "Fridge"), 1), to: state, locations: places)
        state = try StockLedger.apply(
            booking("t2", .transfer(from: "Fridge", to: "Pantry"), 1), to: state, locations: places)
        #expect(state.lots == [StockState.Lot(sourceId: "b1", location: "Pantry", amount: 2)])
    }

    @Test func inventoryCorrectionsAddALotOrTakeStock() throws {
        var state = try stock(booking("b1", .purchase, 2, at: "Pantry"))
        let up = try #require(
            try StockLedger.correction(
                to: 3.5, of: state, id: "k1", householdId: "h1", location: "Fridge",
                bestBefore: day(2025, 8, 1), at: now, by: "ada"))
        #expect(up.quantity == 1.5 && up.delta == 1.5 && up.kind == .correctInventory)
        state = try StockLedger.apply(up, to: state, locations: places)
        #expect(state.amountsByLocation == ["Pantry": 2, "Fridge": 1.5])

        let down = try #require(
            try StockLedger.correction(to: 0.5, of: state, id: "k2", householdId: "h1", at: now, by: "ada"))
        #expect(down.quantity == -3 && down.delta == -3)
        state = try StockLedger.apply(down, to: state, locations: places)
        #expect(state.total == 0.5)

        #expect(try StockLedger.correction(to: 0.5, of: state, id: "k3", householdId: "h1", at: now, by: "ada") == nil)
        expectError(.validationFailed, "The counted amount must be 0 or more; it is -1.") {
            _ = try StockLedger.correction(to: -1, of: state, id: "k3", householdId: "h1", at: now, by: "ada")
        }
    }

    @Test func deltasFollowTheKind() {
        #expect(booking("a", .purchase, 2).delta == 2)
        #expect(booking("a", .consume(spoiled: true), 2).delta == -2)
        #expect(booking("a", .open, 2).delta == 0)
        #expect(booking("a", .transfer(from: "Pantry", to: "Fridge"), 2).delta == 0)
        #expect(booking("a", .purchase, 2, reverses: "x").delta == -2)
        #expect(booking("a", .purchase, 2).addsStock && !booking("a", .correctInventory, -1).addsStock)
    }

    @Test func floatNoiseDoesNotLeaveCrumbs() throws {
        var state = try stock(booking("b1", .purchase, 0.1, at: "Pantry"), booking("b2", .purchase, 0.2, at: "Pantry"))
        #expect(state.total == 0.3)
        state = try StockLedger.apply(booking("c1", .consume(spoiled: false), 0.3), to: state, locations: places)
        #expect(state.lots.isEmpty && state.total == 0)
    }

    // MARK: Refusals

    @Test(arguments: [
        (StockBooking.Kind.purchase, 0.0, "Booking quantity must be greater than 0; it is 0."),
        (.consume(spoiled: false), -2, "Booking quantity must be greater than 0; it is -2."),
        (.open, -0.5, "Booking quantity must be greater than 0; it is -0.5."),
        (.transfer(from: "Pantry", to: "Fridge"), 0, "Booking quantity must be greater than 0; it is 0."),
        (.correctInventory, 0, "An inventory correction must change the amount; its quantity is 0."),
        (.purchase, .nan, "Booking quantity must be a number."),
    ])
    func refusesQuantitiesThatAreNotAboveZero(kind: StockBooking.Kind, quantity: Double, message: String) throws {
        let state = try stock(booking("b1", .purchase, 2, at: "Pantry"))
        expectError(.validationFailed, message) {
            _ = try StockLedger.apply(booking("x", kind, quantity, at: "Pantry"), to: state, locations: places)
        }
    }

    @Test func refusesConsumingMoreThanThereIs() throws {
        let state = try stock(booking("b1", .purchase, 2, at: "Pantry"), booking("b2", .purchase, 0.5, at: "Fridge"))
        expectError(.validationFailed, "Cannot consume 3 kg: only 2.5 kg is in stock.") {
            _ = try StockLedger.apply(booking("c", .consume(spoiled: false), 3), to: state, locations: places)
        }
        expectError(.validationFailed, "Cannot consume 1 kg: only 0.5 kg is in Fridge.") {
            _ = try StockLedger.apply(
                booking("c", .consume(spoiled: false), 1, at: "Fridge"), to: state, locations: places)
        }
        expectError(.validationFailed, "Cannot consume 1 kg from Freezer: there is none there.") {
            _ = try StockLedger.apply(
                booking("c", .consume(spoiled: false), 1, at: "Freezer"), to: state, locations: places)
        }
        expectError(.validationFailed, "Cannot consume 1 kg: only 0 kg is in stock.") {
            _ = try StockLedger.apply(booking("c", .consume(spoiled: false), 1), to: emptyRice, locations: places)
        }
    }

    @Test func refusesOpeningMoreThanIsUnopened() throws {
        var state = try stock(booking("b1", .purchase, 2, at: "Pantry"))
        state = try StockLedger.apply(booking("o1", .open, 1.5), to: state, locations: places)
        expectError(.validationFailed, "Cannot open 1 kg: only 0.5 kg is unopened.") {
            _ = try StockLedger.apply(booking("o2", .open, 1), to: state, locations: places)
        }
        expectError(.validationFailed, "Cannot open 1 kg: nothing unopened is left in Fridge.") {
            _ = try StockLedger.apply(booking("o2", .open, 1, at: "Fridge"), to: state, locations: places)
        }
    }

    @Test func refusesImpossibleMoves() throws {
        let state = try stock(booking("b1", .purchase, 2, at: "Pantry"))
        expectError(.validationFailed, "Cannot move 1 kg from Fridge: there is none there.") {
            _ = try StockLedger.apply(
                booking("t", .transfer(from: "Fridge", to: "Pantry"), 1), to: state, locations: places)
        }
        expectError(.validationFailed, "Cannot move 3 kg from Pantry: only 2 kg is there.") {
            _ = try StockLedger.apply(
                booking("t", .transfer(from: "Pantry", to: "Fridge"), 3), to: state, locations: places)
        }
        expectError(.validationFailed, "A move needs two different locations; both are Pantry.") {
            _ = try StockLedger.apply(
                booking("t", .transfer(from: "Pantry", to: " pantry"), 1), to: state, locations: places)
        }
        expectError(.validationFailed, "Choose a location for the move's destination: one of Pantry, Fridge, Freezer.")
        {
            _ = try StockLedger.apply(booking("t", .transfer(from: "Pantry", to: " "), 1), to: state, locations: places)
        }
    }

    @Test func refusesUnknownAndMissingLocations() throws {
        expectError(.validationFailed, "Unknown location \"Garage\"; use one of: Pantry, Fridge, Freezer.") {
            _ = try stock(booking("b1", .purchase, 2, at: "Garage"))
        }
        expectError(.validationFailed, "Choose a location for the purchase: one of Pantry, Fridge, Freezer.") {
            _ = try stock(booking("b1", .purchase, 2))
        }
        expectError(.validationFailed, "Unknown location \"Cellar\"; the household has none yet; add one first.") {
            _ = try StockLedger.apply(booking("b1", .purchase, 2, at: "Cellar"), to: emptyRice, locations: [])
        }
        let state = try stock(booking("b1", .purchase, 2, at: "Pantry"))
        expectError(.validationFailed, "Unknown location \"Attic\"; use one of: Pantry, Fridge, Freezer.") {
            _ = try StockLedger.apply(
                booking("c", .consume(spoiled: false), 1, at: "Attic"), to: state, locations: places)
        }
        expectError(.validationFailed, "Choose a location for the stock found: one of Pantry, Fridge, Freezer.") {
            _ = try StockLedger.apply(booking("k", .correctInventory, 1), to: state, locations: places)
        }
    }

    @Test func refusesBookingsForAnotherItemAndUndoMarkers() throws {
        expectError(.validationFailed, "Booking b1 is for item milk, not rice.") {
            _ = try stock(booking("b1", .purchase, 1, at: "Pantry", item: "milk"))
        }
        expectError(.validationFailed, "Booking u1 undoes b1 and takes effect only by replaying the history.") {
            _ = try stock(booking("u1", .purchase, 1, at: "Pantry", reverses: "b1"))
        }
        expectError(.validationFailed, "Cannot remove 5 kg: only 0 kg is in stock.") {
            _ = try stock(booking("k", .correctInventory, -5))
        }
    }

    @Test func replaySkipsOtherItemsAndNamesTheBookingThatFails() throws {
        let history = [
            booking("b1", .purchase, 2, at: "Pantry"), booking("m1", .purchase, 9, at: "Fridge", item: "milk"),
            booking("c1", .consume(spoiled: false), 1),
        ]
        #expect(try StockLedger.replay(history, onto: emptyRice, locations: places).total == 1)
        expectError(.validationFailed, "Booking c2: Cannot consume 5 kg: only 1 kg is in stock.") {
            _ = try StockLedger.replay(
                history + [booking("c2", .consume(spoiled: false), 5)], onto: emptyRice, locations: places)
        }
    }

    @Test func theItemFollowsItsStock() throws {
        let state = try stock(
            booking("b1", .purchase, 1, at: "Pantry", due: day(2025, 7, 1)),
            booking("b2", .purchase, 3, at: "Fridge", due: day(2025, 5, 1)))
        let rice = item("Rice", 0, "kg", location: nil)
        let later = now.addingTimeInterval(60)
        let updated = rice.updated(from: state, at: later)
        #expect(updated.quantity == 4 && updated.expirationDate == day(2025, 5, 1) && updated.location == "Fridge")
        #expect(updated.updatedAt == later && updated.name == "Rice")
        let emptied = item("Rice", 4, "kg", location: "Fridge").updated(from: emptyRice, at: later)
        #expect(emptied.quantity == 0 && emptied.expirationDate == nil && emptied.location == "Fridge")
    }
}
