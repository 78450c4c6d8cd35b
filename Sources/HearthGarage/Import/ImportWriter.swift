import Foundation
import GRDB
import HearthCore

/// Turns parsed rows into garage records inside the import's transaction: converts units, derives each
/// record's id from its content (so a row imported twice is stored once), links service logs to the
/// vehicle's services, and at the end moves due values and the odometer forward.
final class ImportWriter {
    private let tx: GarageTransaction
    private let vehicle: Vehicle
    private let timeZone: TimeZone
    private let milesPerDistanceUnit: Double
    private let gallonsPerVolumeUnit: Double
    private let progress: (Int) -> Void
    private(set) var report: ImportReport

    private let fuelInsert: RawInsert
    private let logInsert: RawInsert
    private let expenseInsert: RawInsert
    private var servicesByName: [String: ServiceItem] = [:]
    private var latestByService: [UUID: (day: CalendarDay, mileage: Int)] = [:]
    private var highest: (mileage: Int, day: CalendarDay)?
    private var idBytes: [UInt8] = []
    private let vehicleIDBytes: [UInt8]
    /// The transaction's time as GRDB stores dates.
    private let createdAt: String
    private var insertedFuel = false
    private var insertedLogs = false
    private var insertedExpenses = false

    init(
        tx: GarageTransaction, vehicle: Vehicle, report: ImportReport, distance: DistanceUnit, volume: VolumeUnit,
        timeZone: TimeZone, progress: @escaping (Int) -> Void
    ) throws {
        self.tx = tx
        self.vehicle = vehicle
        self.report = report
        self.timeZone = timeZone
        self.progress = progress
        milesPerDistanceUnit = distance == .kilometers ? 0.621_371_192 : 1
        gallonsPerVolumeUnit = volume.gallonsPerUnit
        fuelInsert = try RawInsert(
            """
            INSERT OR IGNORE INTO garageFuelLog
              (id, vehicleID, date, odometer, gallons, totalCost, isPartial, missedPrevious, station, notes, createdAt, modifiedAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, in: tx.db)
        logInsert = try RawInsert(
            """
            INSERT OR IGNORE INTO garageServiceLog
              (id, vehicleID, serviceID, title, performedDate, mileageAtService, cost, costCategory, notes, createdAt, modifiedAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, in: tx.db)
        expenseInsert = try RawInsert(
            """
            INSERT OR IGNORE INTO garageExpense
              (id, vehicleID, date, odometer, amount, category, notes, createdAt, modifiedAt, kind)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, in: tx.db)
        for service in try ServiceItem.filter(Column("vehicleID") == vehicle.id).fetchAll(tx.db) {
            servicesByName[ServicePresetCatalog.normalizedKey(service.name)] = service
        }
        let uuid = vehicle.id.uuid
        vehicleIDBytes = withUnsafeBytes(of: uuid) { Array($0) }
        createdAt = String.fromDatabaseValue(tx.now.databaseValue) ?? ""
        idBytes.reserveCapacity(256)
    }

    // MARK: Rows

    /// Counts a row that is not imported.
    func skip(line: Int, reason: String, detail: String? = nil) {
        countRow()
        report.skip(line: line, reason: reason, detail: detail)
    }

    /// Imports a fill-up; values are in the file's units.
    func fuel(
        line: Int, date: CalendarDay, odometer: FixedDecimal?, volume: FixedDecimal?, totalCost: FixedDecimal?,
        pricePerUnit: FixedDecimal? = nil, partial: Bool, missed: Bool, station: String?, notes: String?
    ) throws {
        countRow()
        guard let miles = try odometerMiles(odometer, line: line) else { return }
        let gallons = volume.map { FixedDecimal(rounding: $0.double * gallonsPerVolumeUnit, scale: 3) }
        if let gallons, gallons.units < 0 {
            report.skip(line: line, reason: "the fuel quantity is negative", detail: volume?.description)
            return
        }
        var cost = totalCost?.rounded(to: 2)
        if cost == nil, let price = pricePerUnit, let volume { cost = price.multiplied(by: volume, scale: 2) }
        if let value = cost, value.units < 0 {
            report.skip(line: line, reason: "the cost is negative", detail: value.description)
            return
        }
        guard miles.value != nil || gallons.map({ !$0.isZero }) == true || cost.map({ !$0.isZero }) == true else {
            report.skip(line: line, reason: "the fill-up has no odometer, quantity or cost")
            return
        }

        // The id is the hash of what the fill-up is: the same row imported again is the same record.
        let id = withUnsafeTemporaryAllocation(of: Int64.self, capacity: 5) { words in
            // Little-endian everywhere, so every device derives the same id.
            words[0] = Int64(date.dayNumber).littleEndian
            words[1] = Int64(miles.value ?? -1).littleEndian
            words[2] = (gallons.map { $0.units } ?? -1).littleEndian
            words[3] = (cost.map { $0.units } ?? -1).littleEndian
            words[4] = Int64(UInt8(ascii: "F")).littleEndian
            return StableID.make(prefix: vehicleIDBytes, words: UnsafeBufferPointer(words))
        }
        fuelInsert.bind(1, id)
        fuelInsert.bind(2, vehicle.id)
        fuelInsert.bind(3, date)
        fuelInsert.bind(4, miles.value)
        fuelInsert.bind(5, gallons)
        fuelInsert.bind(6, cost)
        fuelInsert.bind(7, partial)
        fuelInsert.bind(8, missed)
        fuelInsert.bind(9, station)
        fuelInsert.bind(10, notes)
        fuelInsert.bind(11, createdAt)
        fuelInsert.bind(12, createdAt)
        try recordInsert(.fuelLog, id: id, inserted: try fuelInsert.run()) {
            report.fuelImported += 1
            insertedFuel = true
        }
        if let mileage = miles.value { noteReading(mileage, on: date) }
    }

    /// Adds a line to the report's notes, once.
    func note(_ text: String) {
        if !report.notes.contains(text) { report.notes.append(text) }
    }

    /// Imports a service row: one log per distinct service the names mean, the cost split between them.
    /// A row with a cost is kept even without a name (as a generic service) or an odometer reading (at
    /// mileage 0, not counted as a reading); its notes say what was missing.
    func service(
        line: Int, date: CalendarDay, odometer: FixedDecimal?, names: [String], cost: FixedDecimal?,
        category: ServiceLog.CostCategory, notes: String?
    ) throws {
        countRow()
        var normalized: [String] = []
        for name in names {
            if let preset = ServiceNameNormalizer.normalize(name), !normalized.contains(preset) {
                normalized.append(preset)
            }
        }
        let total = cost?.rounded(to: 2)
        if let total, total.units < 0 {
            report.skip(line: line, reason: "the cost is negative", detail: total.description)
            return
        }
        var missing: [String] = []
        if normalized.isEmpty {
            guard total != nil else {
                report.skip(line: line, reason: "the service has neither a name nor a cost")
                return
            }
            normalized = [Self.unnamedService]
            missing.append("The file gives no service name (line \(line)).")
        }
        guard let miles = try odometerMiles(odometer, line: line) else { return }
        if miles.value == nil {
            missing.append("The file gives no odometer reading (line \(line)); the mileage is shown as 0.")
        }
        let mileage = miles.value ?? 0
        let notes = (missing + [notes].compactMap { $0 }).joined(separator: " ").nilIfEmpty
        let shares: [Decimal?] =
            total.map { Calculation.split($0.decimal, into: normalized.count) }
            ?? Array(repeating: nil, count: normalized.count)
        for (name, share) in zip(normalized, shares) {
            let service = try serviceItem(named: name, lastDone: date, mileage: mileage)
            let id = contentID(
                "S", numbers: [date.dayNumber, mileage],
                text: [ServicePresetCatalog.normalizedKey(name), share.map { "\($0)" } ?? "-"])
            logInsert.bind(1, id)
            logInsert.bind(2, vehicle.id)
            logInsert.bind(3, service?.id)
            logInsert.bind(4, name)
            logInsert.bind(5, date)
            logInsert.bind(6, mileage)
            logInsert.bind(7, share.map { "\($0)" })
            logInsert.bind(8, category.rawValue)
            logInsert.bind(9, notes)
            logInsert.bind(10, createdAt)
            logInsert.bind(11, createdAt)
            try recordInsert(.serviceLog, id: id, inserted: try logInsert.run()) {
                report.servicesImported += 1
                insertedLogs = true
                // A log without a reading must not move the service's due mileage back to 0.
                if let service, miles.value != nil {
                    let latest = latestByService[service.id]
                    if latest.map({ date > $0.day || (date == $0.day && mileage > $0.mileage) }) ?? true {
                        latestByService[service.id] = (date, mileage)
                    }
                }
            }
            if miles.value != nil { noteReading(mileage, on: date) }
        }
    }

    /// The title of a service row that names no service.
    static let unnamedService = "Service"

    /// Imports an expense (insurance, parking, tolls…): a cost record that counts in yearly totals.
    func expense(
        line: Int, date: CalendarDay, odometer: FixedDecimal?, amount: FixedDecimal?, category: String?, notes: String?
    ) throws {
        countRow()
        guard let amount = amount?.rounded(to: 2) else {
            report.skip(line: line, reason: "the expense has no amount")
            return
        }
        guard amount.units >= 0 else {
            report.skip(line: line, reason: "the cost is negative", detail: amount.description)
            return
        }
        guard let miles = try odometerMiles(odometer, line: line) else { return }
        let kind = category?.split(whereSeparator: \.isWhitespace).joined(separator: " ").nilIfEmpty ?? "Expense"
        let id = contentID(
            "E", numbers: [date.dayNumber, miles.value ?? -1, Int(amount.units)], text: [kind.lowercased()])
        expenseInsert.bind(1, id)
        expenseInsert.bind(2, vehicle.id)
        expenseInsert.bind(3, date)
        expenseInsert.bind(4, miles.value)
        expenseInsert.bind(5, amount)
        expenseInsert.bind(6, kind)
        expenseInsert.bind(7, notes)
        expenseInsert.bind(8, createdAt)
        expenseInsert.bind(9, createdAt)
        expenseInsert.bind(10, GarageExpense.Kind(guessing: kind).rawValue)
        try recordInsert(.expense, id: id, inserted: try expenseInsert.run()) {
            report.expensesImported += 1
            insertedExpenses = true
        }
        if let mileage = miles.value { noteReading(mileage, on: date) }
    }

    // MARK: End

    /// Moves each service's last-done values (and its due values) to the newest imported log, and the
    /// vehicle's odometer to the highest imported reading when it is higher.
    func finish() throws -> ImportReport {
        // The rows went in through SQLite's C API: tell GRDB's observers (watching views, sync) about them.
        if insertedFuel { try tx.db.notifyChanges(in: Table(FuelLog.databaseTableName)) }
        if insertedLogs { try tx.db.notifyChanges(in: Table(ServiceLog.databaseTableName)) }
        if insertedExpenses { try tx.db.notifyChanges(in: Table(GarageExpense.databaseTableName)) }
        for (serviceID, latest) in latestByService {
            guard let service = try ServiceItem.fetchOne(tx.db, key: serviceID) else { continue }
            if service.lastPerformed.map({ latest.day > $0 }) ?? true {
                try tx.update(service.completed(on: latest.day, mileage: latest.mileage))
            }
        }
        if let highest {
            report.highestOdometer = highest.mileage
            var current = try Vehicle.fetchOne(tx.db, key: vehicle.id) ?? vehicle
            if highest.mileage > current.currentMileage {
                // Derived from the reading, so another device importing the same file records the same snapshot.
                let id = StableID.make(
                    "import-reading", vehicle.id.uuidString, String(highest.mileage), highest.day.iso)
                _ = try GarageStore.recordReading(
                    tx, vehicle: &current, mileage: highest.mileage, at: highest.day.date(hour: 12, in: timeZone),
                    source: .import,
                    id: id
                )
            }
        }
        return report
    }

    // MARK: Helpers

    private func countRow() {
        report.rowsRead += 1
        if report.rowsRead % 2_000 == 0 { progress(report.rowsRead) }
    }

    /// An odometer cell, converted: whole miles, or not recorded (blank, or Drivvo's "0.0").
    private struct Reading {
        var value: Int?
    }

    /// The odometer in whole miles; nil (and the row skipped) when it is out of range.
    private func odometerMiles(_ odometer: FixedDecimal?, line: Int) throws -> Reading? {
        guard let odometer, !odometer.isZero else { return Reading(value: nil) }
        let miles = (odometer.double * milesPerDistanceUnit).rounded()
        guard miles >= 0, miles <= 9_999_999 else {
            report.skip(line: line, reason: "the odometer reading is out of range", detail: odometer.description)
            return nil
        }
        return Reading(value: Int(miles))
    }

    private func noteReading(_ mileage: Int, on day: CalendarDay) {
        if highest.map({ mileage > $0.mileage }) ?? true { highest = (mileage, day) }
    }

    private func recordInsert(_ entity: GarageEntity, id: UUID, inserted: Bool, counted: () -> Void) throws {
        if inserted {
            try tx.recordChange(entity, id: id, kind: .insert)
            counted()
        } else {
            report.alreadyImported += 1
        }
    }

    /// The vehicle's service of that name; one made from the preset of that name when there is none yet.
    private func serviceItem(named name: String, lastDone day: CalendarDay, mileage: Int) throws -> ServiceItem? {
        let key = ServicePresetCatalog.normalizedKey(name)
        if let existing = servicesByName[key] { return existing }
        guard let preset = ServicePresetCatalog.preset(named: name) else { return nil }
        // Derived from the vehicle and the preset, so another device importing into the same vehicle makes the
        // same service (one record once they sync, not two).
        let id = StableID.make("import-service", vehicle.id.uuidString, ServicePresetCatalog.normalizedKey(preset.name))
        if let stored = try ServiceItem.fetchOne(tx.db, key: id) {
            servicesByName[key] = stored
            return stored
        }
        let service = try tx.insert(
            ServiceItem(
                id: id, vehicleID: vehicle.id, name: preset.name, intervalMonths: preset.defaultIntervalMonths,
                intervalMiles: preset.defaultIntervalMiles, createdAt: tx.now
            ))
        servicesByName[key] = service
        report.servicesCreated.append(preset.name)
        return service
    }

    /// The id of a record from what it is: the vehicle, a letter for its kind, `numbers` (little-endian, so every
    /// device derives the same id) and `text` separated by zero bytes.
    private func contentID(_ kind: Unicode.Scalar, numbers: [Int], text: [String]) -> UUID {
        idBytes.removeAll(keepingCapacity: true)
        idBytes.append(contentsOf: vehicleIDBytes)
        idBytes.append(UInt8(ascii: kind))
        for number in numbers {
            withUnsafeBytes(of: Int64(number).littleEndian) { idBytes.append(contentsOf: $0) }
        }
        for (index, part) in text.enumerated() {
            if index > 0 { idBytes.append(0) }
            idBytes.append(contentsOf: part.utf8)
        }
        return idBytes.withUnsafeBytes { StableID.make(bytes: $0) }
    }
}
