public import Foundation
import GRDB
public import HearthCore
import HearthStore

extension GarageStore {
    /// What is due on one vehicle (or on every vehicle not archived), with the driving pace of each, as of today.
    public func due(
        vehicleID: UUID? = nil, settings: DueSettings = DueSettings(),
        thresholds: UrgencyThresholds = UrgencyThresholds()
    ) async throws -> [VehicleDue] {
        let now = self.now
        let today = self.today
        let timeZone = self.timeZone
        return try await read { db in
            var request = Vehicle.all()
            request =
                if let vehicleID { request.filter(key: vehicleID) } else {
                    request.filter(Column("isArchived") == false)
                }
            return try request.fetchAll(db).map { vehicle in
                try VehicleRecords.due(
                    db, vehicle: vehicle, now: now, today: today, timeZone: timeZone, settings: settings,
                    thresholds: thresholds
                ).due
            }
            .sorted { $0.vehicle.displayName.localizedStandardCompare($1.vehicle.displayName) == .orderedAscending }
        }
    }

    /// Yields whenever a change committed through this process touches what due dates are computed from
    /// (vehicles, services, logs, snapshots, fill-ups, expenses, documents): what reminders and the widget follow.
    public func watchDueInputs() -> Watched<[String]> {
        database.watch { db in try Self.dueInputsFingerprint(db) }
    }

    /// A summary of what due dates and reminders are computed from (vehicles, services, logs, snapshots,
    /// fill-ups, expenses, documents) that changes whenever any of it changes.
    static func dueInputsFingerprint(_ db: Database) throws -> [String] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT (SELECT COUNT(*) || '/' || IFNULL(MAX(modifiedAt), '') FROM garageVehicle),
                       (SELECT COUNT(*) || '/' || IFNULL(MAX(modifiedAt), '') FROM garageService),
                       (SELECT COUNT(*) || '/' || IFNULL(MAX(modifiedAt), '') FROM garageServiceLog),
                       (SELECT COUNT(*) || '/' || IFNULL(MAX(modifiedAt), '') FROM garageMileageSnapshot),
                       (SELECT COUNT(*) || '/' || IFNULL(MAX(modifiedAt), '') FROM garageFuelLog),
                       (SELECT COUNT(*) || '/' || IFNULL(MAX(modifiedAt), '') FROM garageExpense),
                       (SELECT COUNT(*) || '/' || IFNULL(MAX(modifiedAt), '') FROM garageVehicleDocument)
                """
        ).map { $0.description }
    }
}
