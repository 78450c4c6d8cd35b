import Foundation
import Testing

@testable import HearthGarage

@Suite struct PaceEstimatorTests {
    let now = TestSupport.date(2024, 6, 1, 12)

    func reading(_ mileage: Int, daysAgo: Double) -> OdometerReading {
        OdometerReading(mileage: mileage, at: now.addingTimeInterval(-daysAgo * 86_400))
    }

    @Test func tooFewReadingsGiveNoPace() {
        #expect(PaceEstimator.estimate(from: [], now: now) == nil)
        #expect(PaceEstimator.estimate(from: [reading(1_000, daysAgo: 3)], now: now) == nil)
        // Two readings 6 days apart: under the 7-day minimum.
        #expect(
            PaceEstimator.estimate(from: [reading(1_000, daysAgo: 6), reading(1_300, daysAgo: 0)], now: now) == nil)
        // Readings in the future are ignored.
        #expect(
            PaceEstimator.estimate(from: [reading(1_000, daysAgo: 0), reading(1_300, daysAgo: -10)], now: now) == nil)
    }

    @Test func steadyDrivingGivesItsRate() throws {
        // 30 mi/day over 60 days
        let readings = (0...6).map { reading(10_000 + $0 * 300, daysAgo: Double(60 - $0 * 10)) }
        let pace = try #require(PaceEstimator.estimate(from: readings, now: now))
        #expect(abs(pace.milesPerDay - 30) < 0.0001)
        #expect(pace.confidence == .high)
        #expect(pace.readingCount == 7)
    }

    @Test func confidenceLevels() throws {
        let medium = try #require(
            PaceEstimator.estimate(
                from: [reading(0, daysAgo: 20), reading(200, daysAgo: 10), reading(400, daysAgo: 0)], now: now))
        #expect(medium.confidence == .medium)
        let low = try #require(
            PaceEstimator.estimate(from: [reading(0, daysAgo: 8), reading(200, daysAgo: 0)], now: now))
        #expect(low.confidence == .low)
        // Five readings but only 20 days: medium, not high.
        let short = try #require(
            PaceEstimator.estimate(from: (0...4).map { reading($0 * 100, daysAgo: Double(20 - $0 * 5)) }, now: now))
        #expect(short.confidence == .medium)
    }

    @Test func recentDrivingWeighsMore() throws {
        // 10 mi/day for 56 days, then 50 mi/day for the last 14.
        var readings = (0...4).map { reading($0 * 140, daysAgo: Double(70 - $0 * 14)) }
        readings.append(reading(560 + 700, daysAgo: 0))
        let pace = try #require(PaceEstimator.estimate(from: readings, now: now))
        let plainAverage = Double(1_260) / 70
        #expect(pace.milesPerDay > plainAverage)
        // Worked by hand: the intervals ending 56, 42, 28, 14 and 0 days ago weigh 1/16, 1/8, 1/4, 1/2 and 1,
        // so (140 × 15/16 + 700) miles / (31/16 × 14) days = 831.25 / 27.125 = 30.64516… mi/day.
        #expect(abs(pace.milesPerDay - 30.645_161) < 0.000_01)
    }

    @Test func correctionsDownwardAreLeftOut() throws {
        let pace = try #require(
            PaceEstimator.estimate(
                from: [
                    reading(1_000, daysAgo: 20), reading(100_000, daysAgo: 15), reading(1_500, daysAgo: 10),
                    reading(2_000, daysAgo: 0),
                ],
                now: now
            ))
        // The typo interval up is kept, the fall back is dropped: still a finite, positive pace.
        #expect(pace.milesPerDay > 0)
        let clean = try #require(
            PaceEstimator.estimate(from: [reading(1_500, daysAgo: 10), reading(2_000, daysAgo: 0)], now: now))
        #expect(abs(clean.milesPerDay - 50) < 0.0001)
    }
}

@Suite struct ServiceItemTests {
    let vehicleID = UUID()

    @Test func derivesDueValuesFromTheAnchor() {
        let service = ServiceItem(vehicleID: vehicleID, name: "Oil Change", intervalMonths: 6, intervalMiles: 5_000)
            .derivingDueValues(from: TestSupport.day(2024, 8, 31), mileage: 40_000)
        #expect(service.dueDate == TestSupport.day(2025, 2, 28))
        #expect(service.dueMileage == 45_000)
    }

    @Test func zeroOrMissingIntervalsClearTheirDueValue() {
        var service = ServiceItem(
            vehicleID: vehicleID, name: "Battery", dueDate: TestSupport.day(2020, 1, 1), dueMileage: 1,
            intervalMonths: 12, intervalMiles: 0)
        service = service.derivingDueValues(from: TestSupport.day(2024, 1, 15), mileage: 40_000)
        #expect(service.dueDate == TestSupport.day(2025, 1, 15))
        #expect(service.dueMileage == nil)
        service.intervalMonths = nil
        #expect(service.derivingDueValues(from: TestSupport.day(2024, 1, 15), mileage: 40_000).dueDate == nil)
    }

    @Test func completingRenewsFromWhenTheWorkWasDone() {
        let service = ServiceItem(
            vehicleID: vehicleID, name: "Oil Change", dueDate: TestSupport.day(2024, 6, 1), dueMileage: 45_000,
            intervalMonths: 6, intervalMiles: 5_000)
        let done = service.completed(on: TestSupport.day(2024, 5, 10), mileage: 44_100)
        #expect(done.lastPerformed == TestSupport.day(2024, 5, 10))
        #expect(done.lastMileage == 44_100)
        #expect(done.dueDate == TestSupport.day(2024, 11, 10))
        #expect(done.dueMileage == 49_100)
    }

    @Test func fixedScheduleKeepsItsCadence() {
        let service = ServiceItem(
            vehicleID: vehicleID, name: "Inspection", dueDate: TestSupport.day(2024, 6, 1), dueMileage: 45_000,
            intervalMonths: 12, intervalMiles: 10_000, renewal: .fixedSchedule)
        // Early: the next one is a year after the old due date, not after the work.
        let early = service.completed(on: TestSupport.day(2024, 4, 2), mileage: 43_000)
        #expect(early.dueDate == TestSupport.day(2025, 6, 1))
        #expect(early.dueMileage == 55_000)
        // More than a whole interval late: catches up to the first one still ahead.
        let late = service.completed(on: TestSupport.day(2025, 7, 1), mileage: 56_000)
        #expect(late.dueDate == TestSupport.day(2026, 6, 1))
        #expect(late.dueMileage == 65_000)
    }

    @Test func aOneOffHasNothingDueOnceDone() {
        let service = ServiceItem(
            vehicleID: vehicleID, name: "Recall fix", dueDate: TestSupport.day(2024, 6, 1), intervalMonths: 6,
            isRecurring: false)
        let done = service.completed(on: TestSupport.day(2024, 5, 1), mileage: 1_000)
        #expect(done.dueDate == nil && done.dueMileage == nil)
        #expect(done.lastPerformed == TestSupport.day(2024, 5, 1))
    }

    @Test func anOlderLogDoesNotMoveTheAnchorBack() {
        let service = ServiceItem(
            vehicleID: vehicleID, name: "Oil Change", dueDate: TestSupport.day(2024, 12, 1), dueMileage: 50_000,
            lastPerformed: TestSupport.day(2024, 6, 1), lastMileage: 45_000, intervalMonths: 6, intervalMiles: 5_000)
        #expect(service.completed(on: TestSupport.day(2023, 12, 1), mileage: 40_000) == service)
    }

    @Test func validationNamesEveryProblem() {
        let service = ServiceItem(vehicleID: vehicleID, name: " ", intervalMonths: -1, intervalMiles: 2_000_000)
        #expect(service.validationProblems.count == 3)
    }

    @Test func costValidation() throws {
        #expect(try CostValidation.parse("49.99") == Decimal(string: "49.99"))
        #expect(try CostValidation.parse("12") == 12)
        #expect(try CostValidation.parse("12.5") == Decimal(string: "12.5"))
        #expect(try CostValidation.parse(".99") == Decimal(string: "0.99"))
        #expect(try CostValidation.parse("") == nil)
        #expect(try CostValidation.parse(nil) == nil)
        for bad in ["12.345", "1,200", "$5", "1.2.3", "-5", "abc", ".", "12 50"] {
            expectError("INVALID AMOUNT") { _ = try CostValidation.parse(bad) }
        }
    }

    @Test func presetsShipWithThePackage() throws {
        let presets = ServicePresetCatalog.bundled
        #expect(presets.count == 10)
        let oil = try #require(ServicePresetCatalog.preset(named: "oil change"))
        #expect(
            oil.category == .engine && oil.defaultIntervalMonths == 6 && oil.defaultIntervalMiles == 5_000
                && !oil.isCustom)
        let wipers = try #require(ServicePresetCatalog.preset(named: "  WIPER   blades "))
        #expect(wipers.category == .body && wipers.defaultIntervalMiles == nil)
        #expect(ServicePresetCatalog.preset(named: "Transmission Fluid")?.category == .transmission)
        // Categories in the bundled JSON are lower case; they match whatever the case.
        #expect(ServicePreset.Category(matching: "ELECTRICAL") == .electrical)
        // Ids come from the names, so every device agrees on them.
        #expect(oil.id == StableID.make("preset", "oil change"))
        #expect(Set(presets.map(\.id)).count == presets.count)
    }

    @Test func serviceNamesNormalizeToPresets() {
        let cases: [(String, String)] = [
            ("Engine Oil", "Oil Change"), ("oil & filter", "Oil Change"),
            ("Synthetic oil change + filter", "Oil Change"),
            ("Rotate tires", "Tire Rotation"), ("Brake pads", "Brake Inspection"), ("Front brakes", "Brake Inspection"),
            ("Cabin filter", "Cabin Air Filter"), ("Engine air filter", "Air Filter"),
            ("cabin air filter replaced", "Cabin Air Filter"),
            ("Trans fluid", "Transmission Fluid"), ("Antifreeze", "Coolant Flush"), ("Spark plug", "Spark Plugs"),
            ("Battery replacement", "Battery Check"), ("Wipers", "Wiper Blades"),
            ("  Timing   belt ", "Timing belt"),
        ]
        for (input, expected) in cases { #expect(ServiceNameNormalizer.normalize(input) == expected, "\(input)") }
        #expect(ServiceNameNormalizer.normalize("   ") == nil)
    }

    @Test func localizedServiceNamesNormalizeToPresetsIgnoringAccentsAndCase() {
        let cases: [(String, String)] = [
            // Spanish
            ("Cambio de aceite", "Oil Change"), ("CAMBIO DE ACEITE Y FILTRO", "Oil Change"),
            ("Rotación de neumáticos", "Tire Rotation"),
            ("rotacion de llantas", "Tire Rotation"), ("Pastillas de freno", "Brake Inspection"),
            ("Filtro de aire", "Air Filter"),
            ("Filtro de habitáculo", "Cabin Air Filter"), ("Aceite de transmisión", "Transmission Fluid"),
            ("Anticongelante", "Coolant Flush"),
            ("Bujías", "Spark Plugs"), ("Batería", "Battery Check"), ("Escobillas", "Wiper Blades"),
            // Portuguese
            ("Troca de óleo e filtro", "Oil Change"), ("troca de oleo", "Oil Change"),
            ("Rodízio de pneus", "Tire Rotation"),
            ("Pastilhas de freio", "Brake Inspection"), ("Filtro de ar condicionado", "Cabin Air Filter"),
            ("Filtro de ar", "Air Filter"),
            ("Óleo de câmbio", "Transmission Fluid"), ("Líquido de arrefecimento", "Coolant Flush"),
            ("Velas de ignição", "Spark Plugs"),
            ("Palhetas", "Wiper Blades"),
            // Russian
            ("Замена масла", "Oil Change"), ("ЗАМЕНА МАСЛА И ФИЛЬТРА", "Oil Change"),
            ("Перестановка колёс", "Tire Rotation"),
            ("перестановка колес", "Tire Rotation"), ("Тормозные колодки", "Brake Inspection"),
            ("Воздушный фильтр", "Air Filter"),
            ("Салонный фильтр", "Cabin Air Filter"), ("Масло в коробке", "Transmission Fluid"),
            ("Антифриз", "Coolant Flush"),
            ("Свечи зажигания", "Spark Plugs"), ("Аккумулятор", "Battery Check"), ("Дворники", "Wiper Blades"),
        ]
        for (input, expected) in cases { #expect(ServiceNameNormalizer.normalize(input) == expected, "\(input)") }
        // A name no language here knows is kept as written.
        #expect(ServiceNameNormalizer.normalize("Zahnriemen") == "Zahnriemen")
    }
}
