import Foundation
import HearthCore
import Testing

@testable import HearthGarage

@Suite struct FuelEconomyTests {
    private let car = UUID()

    private func fill(
        _ day: Int, _ odometer: Int?, _ gallons: String?, cost: String? = nil, partial: Bool = false,
        missed: Bool = false
    ) -> FuelLog {
        FuelLog(
            vehicleID: car, date: TestSupport.day(2024, 5, day), odometer: odometer,
            gallons: gallons.flatMap { Decimal(string: $0) },
            totalCost: cost.flatMap { Decimal(string: $0) }, isPartial: partial, missedPrevious: missed
        )
    }

    @Test func eachFullFillUpMeasuresTheDistanceSinceThePreviousFullOne() {
        // 300 mi on 10 gal, then 330 mi on 11 gal: 30.0 mpg each.
        let economy = FuelEconomy(fillUps: [
            fill(1, 10_000, "12.0", cost: "40.00"),
            fill(8, 10_300, "10.0", cost: "35.00"),
            fill(15, 10_630, "11.0", cost: "38.50"),
        ])
        #expect(economy.entries.map(\.mpg) == [nil, 30, 30])
        #expect(economy.entries.first?.reason == .first)
        #expect(economy.distance == 630)
        #expect(economy.gallons == 21)
        #expect(economy.averageMPG == 30)
        // The first fill-up's fuel was burnt before the log starts: only the chains' cost counts.
        #expect(economy.cost == Decimal(string: "73.50"))
        #expect(economy.costPerMile == Decimal(string: "0.117"))  // 73.50 / 630 = 0.11666…
        #expect(economy.costPerKilometer == Decimal(string: "0.072"))  // 73.50 / 1,013.9 km
    }

    @Test func partialFillsCarryTheirFuelToTheNextFullOne() {
        // 100 + 150 + 150 = 400 mi; 3 + 4 + 9 = 16 gal: 25 mpg at the full fill-up, none at the partial ones.
        let economy = FuelEconomy(fillUps: [
            fill(1, 20_000, "12"),
            fill(3, 20_100, "3", partial: true),
            fill(6, 20_250, "4", partial: true),
            fill(9, 20_400, "9"),
        ])
        #expect(economy.entries.map(\.reason) == [.first, .partial, .partial, nil])
        #expect(economy.entries[3].distance == 400)
        #expect(economy.entries[3].gallons == 16)
        #expect(economy.entries[3].mpg == 25)
        #expect(economy.averageMPG == 25)
        #expect(economy.cost == nil)  // no costs given: no cost per mile, rather than a wrong one
        #expect(economy.costPerMile == nil)
    }

    @Test func aMissedFillUpBreaksTheChainUntilTheNextFullPair() {
        let economy = FuelEconomy(fillUps: [
            fill(1, 30_000, "10"),
            fill(5, 30_320, "10"),  // 32 mpg
            fill(12, 30_900, "11", missed: true),  // the fuel since 30,320 is unknown
            fill(14, 31_000, "2", partial: true),
            fill(18, 31_220, "8"),  // 320 mi on 10 gal since 30,900
        ])
        #expect(economy.entries.map(\.mpg) == [nil, 32, nil, nil, 32])
        #expect(economy.entries[2].reason == .missedPrevious)
        #expect(economy.distance == 640)
        #expect(economy.gallons == 20)
        #expect(economy.averageMPG == 32)
    }

    @Test func theAverageIsDistanceOverFuelNotTheMeanOfFigures() {
        // 100 mi on 5 gal (20 mpg) and 400 mi on 10 gal (40 mpg): 500 / 15 = 33.3…, not 30.
        let economy = FuelEconomy(fillUps: [fill(1, 0, "1"), fill(2, 100, "5"), fill(3, 500, "10")])
        #expect(economy.entries.map(\.mpg) == [nil, 20, 40])
        #expect(abs(economy.averageMPG! - 500.0 / 15.0) < 1e-9)
        #expect(abs(economy.average(in: .litersPer100km)! - 235.215 / (500.0 / 15.0)) < 1e-9)
    }

    @Test func fillUpsWithoutAnOdometerOrQuantityBreakTheChain() {
        let economy = FuelEconomy(fillUps: [
            fill(1, 1_000, "10"),
            fill(4, nil, "6"),  // fuel bought where the distance is unknown
            fill(7, 1_500, "9"),  // cannot be measured: starts a new chain
            fill(9, 1_800, "10"),
            fill(10, 1_800, "1"),  // the odometer did not move
        ])
        #expect(economy.entries.map(\.reason) == [.first, .incomplete, .first, nil, .noDistance])
        #expect(economy.entries[3].mpg == 30)
        #expect(economy.averageMPG == 30)
    }

    @Test func fillUpsAreOrderedByDateThenOdometerWhateverTheInputOrder() {
        let economy = FuelEconomy(fillUps: [
            fill(9, 20_400, "10"), fill(1, 20_000, "10"), fill(1, 19_800, "5", partial: true),
        ])
        #expect(economy.entries.map(\.fillUp.odometer) == [19_800, 20_000, 20_400])
        #expect(economy.entries.map(\.mpg) == [nil, nil, 40])
    }

    @Test func noFullPairMeansNoAverage() {
        #expect(FuelEconomy(fillUps: []).summary == nil)
        #expect(FuelEconomy(fillUps: [fill(1, 5_000, "10")]).averageMPG == nil)
        #expect(FuelEconomy(fillUps: [fill(1, 5_000, "10"), fill(2, 5_200, "5", partial: true)]).averageMPG == nil)
    }

    @Test func theStoreRecordsFillUpsAndShowsEconomyInDue() async throws {
        let (store, _) = try TestSupport.store()
        let civic = try await TestSupport.addCivic(store, mileage: 42_000)
        try await store.addFillUp(
            FillUpDraft(date: TestSupport.day(2024, 3, 1), odometer: 42_000, gallons: "10", cost: "35.00"), to: civic.id
        )
        try await store.addFillUp(
            FillUpDraft(date: TestSupport.day(2024, 3, 8), odometer: 42_310, gallons: "10.000", cost: "36.10"),
            to: civic.id)
        let economy = try await store.fuelEconomy(of: civic.id)
        #expect(economy.averageMPG == 31)
        #expect(try await store.vehicle(id: civic.id).currentMileage == 42_310)
        let due = try await store.due(vehicleID: civic.id)
        #expect(due.first?.fuelEconomy?.averageMPG == 31)
        #expect(due.first?.fuelEconomy?.costPerMile == Decimal(string: "0.116"))
    }

    @Test func badFillUpsAreRefusedAndNothingIsWritten() async throws {
        let (store, _) = try TestSupport.store()
        let civic = try await TestSupport.addCivic(store)
        let before = try await TestSupport.snapshot(store)
        await expectError("not a fuel quantity") {
            try await store.addFillUp(FillUpDraft(odometer: 42_100, gallons: "-3"), to: civic.id)
        }
        await expectError("not a fuel quantity") {
            try await store.addFillUp(FillUpDraft(gallons: "1.2345"), to: civic.id)
        }
        await expectError("INVALID AMOUNT") {
            try await store.addFillUp(FillUpDraft(gallons: "10", cost: "12,50"), to: civic.id)
        }
        await expectError("in the future") {
            try await store.addFillUp(FillUpDraft(date: TestSupport.day(2030, 1, 1), gallons: "10"), to: civic.id)
        }
        await expectError("needs at least") { try await store.addFillUp(FillUpDraft(), to: civic.id) }
        await expectError("not an odometer reading") {
            try await store.addFillUp(FillUpDraft(odometer: -1, gallons: "2"), to: civic.id)
        }
        await expectError("Vehicle") { try await store.addFillUp(FillUpDraft(gallons: "2"), to: UUID()) }
        #expect(try await TestSupport.snapshot(store) == before)
    }
}
