public import Foundation
import GRDB
import HearthCore

/// The outcome of recording an odometer reading.
public struct MileageUpdate: Sendable, Equatable, Codable {
    public var vehicle: Vehicle
    public var snapshot: MileageSnapshot
    /// Soft warnings: the reading was saved, but looks wrong.
    public var warnings: [GarageWarning]
}

extension GarageStore {
    /// Records an odometer reading: a snapshot, and (for a manual or newer reading) the vehicle's current
    /// mileage. A reading lower than a recent one, or far above the last, is saved with a warning.
    /// - Throws: ``ServiceError`` (not found, validation failed for a negative or absurd reading).
    @discardableResult
    public func updateMileage(
        _ vehicleID: UUID, to mileage: Int, at date: Date? = nil, source: MileageSnapshot.Source = .manual
    ) async throws -> MileageUpdate {
        try Self.validateReading(mileage)
        let update = try await write { tx in
            guard var vehicle = try Vehicle.fetchOne(tx.db, key: vehicleID) else {
                throw ServiceError.notFound("Vehicle \(vehicleID.uuidString)")
            }
            let (snapshot, warnings) = try Self.recordReading(
                tx, vehicle: &vehicle, mileage: mileage, at: date ?? tx.now, source: source)
            return MileageUpdate(vehicle: vehicle, snapshot: snapshot, warnings: warnings)
        }
        await analytics.track(GarageEvent.mileageUpdated(source: source.analyticsSource))
        return update
    }

    /// The vehicle's snapshots, oldest first.
    public func snapshots(of vehicleID: UUID) async throws -> [MileageSnapshot] {
        try await read { db in
            try MileageSnapshot.filter(Column("vehicleID") == vehicleID).order(Column("recordedAt"), Column("mileage"))
                .fetchAll(db)
        }
    }

    /// Every dated odometer reading of a vehicle since `since`: snapshots, service logs and fill-ups
    /// (the last two at noon of their day).
    public func odometerReadings(of vehicleID: UUID, since: Date? = nil) async throws -> [OdometerReading] {
        let timeZone = self.timeZone
        return try await read { db in
            try Self.odometerReadings(db, vehicleID: vehicleID, since: since, timeZone: timeZone)
        }
    }

    /// The driving pace of a vehicle as of now, from the last year of readings.
    public func pace(of vehicleID: UUID) async throws -> Pace? {
        let now = self.now
        let readings = try await odometerReadings(of: vehicleID, since: now.addingTimeInterval(-365 * 86_400))
        return PaceEstimator.estimate(from: readings, now: now)
    }

    static func validateReading(_ mileage: Int) throws {
        guard (0...9_999_999).contains(mileage) else {
            throw ServiceError.validationFailed(
                "\(mileage) is not an odometer reading; give whole miles from 0 to 9,999,999")
        }
    }

    static func odometerReadings(_ db: Database, vehicleID: UUID, since: Date?, timeZone: TimeZone) throws
        -> [OdometerReading]
    {
        let owned = Column("vehicleID") == vehicleID
        var snapshotRequest = MileageSnapshot.filter(owned)
        var logRequest = ServiceLog.filter(owned)
        var fuelRequest = FuelLog.filter(owned && Column("odometer") != nil)
        if let since {
            snapshotRequest = snapshotRequest.filter(Column("recordedAt") >= since)
            let sinceDay = CalendarDay(since, in: timeZone)
            logRequest = logRequest.filter(Column("performedDate") >= sinceDay)
            fuelRequest = fuelRequest.filter(Column("date") >= sinceDay)
        }
        var readings = try snapshotRequest.fetchAll(db).map { OdometerReading(mileage: $0.mileage, at: $0.recordedAt) }
        readings += try logRequest.fetchAll(db).map {
            OdometerReading(mileage: $0.mileageAtService, at: $0.performedDate.date(hour: 12, in: timeZone))
        }
        readings += try fuelRequest.fetchAll(db).compactMap { log in
            log.odometer.map { OdometerReading(mileage: $0, at: log.date.date(hour: 12, in: timeZone)) }
        }
        return readings
    }

    /// Inserts a snapshot and, when the reading is manual or newer than the vehicle's, updates the vehicle.
    /// - Parameter id: the snapshot's id when it must not be random (an import derives it from the reading, so
    ///   two devices importing one file record one snapshot); a snapshot already stored with it is reused.
    static func recordReading(
        _ tx: GarageTransaction, vehicle: inout Vehicle, mileage: Int, at date: Date, source: MileageSnapshot.Source,
        id: UUID? = nil
    ) throws -> (MileageSnapshot, [GarageWarning]) {
        let earlier = try MileageSnapshot.filter(Column("vehicleID") == vehicle.id).fetchAll(tx.db)
            .map { OdometerReading(mileage: $0.mileage, at: $0.recordedAt) }
        let warnings = GarageWarnings.mileage(mileage, at: date, readings: earlier)
        let snapshot: MileageSnapshot
        if let id, let stored = try MileageSnapshot.fetchOne(tx.db, key: id) {
            snapshot = stored
        } else {
            snapshot = try tx.insert(
                MileageSnapshot(
                    id: id ?? UUID(), vehicleID: vehicle.id, mileage: mileage, recordedAt: date, source: source))
        }
        let isNewer = vehicle.mileageUpdatedAt.map { date >= $0 } ?? true
        let moves =
            source == .manual || source == .reminder || source == .watch || source == .voice
            ? isNewer : mileage > vehicle.currentMileage
        if moves && (vehicle.currentMileage != mileage || vehicle.mileageUpdatedAt != date) {
            vehicle.currentMileage = mileage
            vehicle.mileageUpdatedAt = max(date, vehicle.mileageUpdatedAt ?? date)
            vehicle = try tx.update(vehicle)
        }
        return (snapshot, warnings)
    }
}
