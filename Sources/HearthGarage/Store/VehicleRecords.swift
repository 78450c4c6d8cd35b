public import Foundation
import GRDB
public import HearthCore

/// One vehicle's records as its page shows them, read in one transaction (``GarageStore/records(ofVehicle:settings:thresholds:)``).
public struct VehicleRecords: Sendable {
    /// What is due on the vehicle, with its driving pace.
    public var due: VehicleDue
    /// Its services, by name.
    public var services: [ServiceItem]
    /// Its service logs, newest first.
    public var logs: [ServiceLog]
    /// Its fill-ups, oldest first, with the economy of each.
    public var fuel: FuelEconomy
    /// Its expenses, newest first.
    public var expenses: [GarageExpense]
    /// Its documents, soonest expiry first, then by label.
    public var documents: [VehicleDocument]

    /// Reads `vehicle`'s records in `db`, with what is due as of `today`.
    static func read(
        _ db: Database, vehicle: Vehicle, now: Date, today: CalendarDay, timeZone: TimeZone, settings: DueSettings,
        thresholds: UrgencyThresholds
    ) throws -> VehicleRecords {
        var records = try due(
            db, vehicle: vehicle, now: now, today: today, timeZone: timeZone, settings: settings,
            thresholds: thresholds)
        records.logs = try GarageStore.logs(db, of: vehicle.id)
        return records
    }

    /// What is due on `vehicle` as of `today`, with the records it is worked out from: all but the history
    /// (``logs`` is empty), which the due lists of every vehicle do not need.
    static func due(
        _ db: Database, vehicle: Vehicle, now: Date, today: CalendarDay, timeZone: TimeZone, settings: DueSettings,
        thresholds: UrgencyThresholds
    ) throws -> VehicleRecords {
        let services = try GarageStore.services(db, of: vehicle.id)
        let readings = try GarageStore.odometerReadings(
            db, vehicleID: vehicle.id, since: now.addingTimeInterval(-365 * 86_400), timeZone: timeZone)
        let fuel = FuelEconomy(fillUps: try GarageStore.fuelLogs(db, of: vehicle.id))
        let expenses = try GarageStore.expenses(db, of: vehicle.id)
        let documents = try GarageStore.documents(db, of: vehicle.id)
        let due = VehicleDue.make(
            vehicle: vehicle, services: services, pace: PaceEstimator.estimate(from: readings, now: now), today: today,
            fuelEconomy: fuel.summary, expenses: expenses, documents: documents, settings: settings,
            thresholds: thresholds)
        return VehicleRecords(
            due: due, services: services, logs: [], fuel: fuel, expenses: expenses, documents: documents)
    }
}
