public import Foundation
import GRDB

/// The queries of a vehicle's records, in the orders the store answers them, for the store's methods and for
/// ``VehicleRecords`` to read in one transaction.
extension GarageStore {
    /// The services of one vehicle (or of all), by name.
    static func services(_ db: Database, of vehicleID: UUID?) throws -> [ServiceItem] {
        var request = ServiceItem.order(Column("name").collating(.nocase))
        if let vehicleID { request = request.filter(Column("vehicleID") == vehicleID) }
        return try request.fetchAll(db)
    }

    /// A vehicle's service logs, newest first.
    static func logs(_ db: Database, of vehicleID: UUID) throws -> [ServiceLog] {
        try ServiceLog.filter(Column("vehicleID") == vehicleID)
            .order(Column("performedDate").desc, Column("mileageAtService").desc).fetchAll(db)
    }

    /// A vehicle's fill-ups, oldest first.
    static func fuelLogs(_ db: Database, of vehicleID: UUID) throws -> [FuelLog] {
        try FuelLog.filter(Column("vehicleID") == vehicleID).order(Column("date"), Column("odometer")).fetchAll(db)
    }

    /// A vehicle's expenses, newest first.
    static func expenses(_ db: Database, of vehicleID: UUID) throws -> [GarageExpense] {
        try GarageExpense.filter(Column("vehicleID") == vehicleID).order(Column("date").desc).fetchAll(db)
    }

    /// The documents of one vehicle (or of every vehicle, for nil), soonest expiry first, then by label.
    static func documents(_ db: Database, of vehicleID: UUID?) throws -> [VehicleDocument] {
        var request = VehicleDocument.all()
        if let vehicleID { request = request.filter(Column("vehicleID") == vehicleID) }
        return try request.order(sql: "expiresOn IS NULL, expiresOn, label COLLATE NOCASE, id").fetchAll(db)
    }

    /// Everything one vehicle's page shows, read in one transaction: what is due (as
    /// ``due(vehicleID:settings:thresholds:)`` answers it), its services, history, fill-ups, expenses and
    /// documents; nil when there is no such vehicle.
    public func records(
        ofVehicle id: UUID, settings: DueSettings = DueSettings(), thresholds: UrgencyThresholds = UrgencyThresholds()
    ) async throws -> VehicleRecords? {
        let now = self.now
        let today = self.today
        let timeZone = self.timeZone
        return try await read { db in
            guard let vehicle = try Vehicle.fetchOne(db, key: id) else { return nil }
            return try VehicleRecords.read(
                db, vehicle: vehicle, now: now, today: today, timeZone: timeZone, settings: settings,
                thresholds: thresholds)
        }
    }
}
