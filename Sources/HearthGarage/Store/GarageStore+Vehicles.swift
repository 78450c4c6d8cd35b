public import Foundation
import GRDB
import HearthCore
import HearthStore

extension GarageStore {
    /// Saves a new vehicle, with a first mileage snapshot when it has a reading.
    /// - Parameter source: how it was added, for analytics (default: typed in, with or without a VIN).
    /// - Throws: ``ServiceError`` (validation failed) listing every problem.
    @discardableResult
    public func addVehicle(_ vehicle: Vehicle, source: GarageEvent.VehicleSource? = nil) async throws -> Vehicle {
        var vehicle = vehicle
        vehicle.vin = VIN.normalizedForStorage(vehicle.vin)
        let problems = vehicle.validationProblems(currentYear: today.year)
        guard problems.isEmpty else { throw ServiceError.validationFailed(problems) }
        let candidate = vehicle
        let added = try await write { tx in
            var vehicle = candidate
            if vehicle.currentMileage > 0 && vehicle.mileageUpdatedAt == nil { vehicle.mileageUpdatedAt = tx.now }
            vehicle.createdAt = tx.now
            let saved = try tx.insert(vehicle)
            if saved.currentMileage > 0 {
                try tx.insert(
                    MileageSnapshot(
                        vehicleID: saved.id, mileage: saved.currentMileage, recordedAt: tx.now, source: .manual))
            }
            return saved
        }
        await analytics.track(
            GarageEvent.vehicleAdded(
                source: source ?? (added.vin == nil ? .manual : .vinTyped), hasVIN: added.vin != nil))
        return added
    }

    /// Every vehicle, by display name.
    public func vehicles() async throws -> [Vehicle] {
        try await read { db in try Vehicle.fetchAll(db) }
            .sorted { $0.displayName.localizedStandardCompare($1.displayName) == .orderedAscending }
    }

    /// The vehicle with `id`.
    /// - Throws: ``ServiceError`` (not found).
    public func vehicle(id: UUID) async throws -> Vehicle {
        guard let vehicle = try await read({ db in try Vehicle.fetchOne(db, key: id) }) else {
            throw ServiceError.notFound("Vehicle \(id.uuidString)")
        }
        return vehicle
    }

    /// The one vehicle `reference` names: its id, the start of its id (at least 4 characters), or its name
    /// or "year make model", ignoring case.
    /// - Throws: ``ServiceError`` (not found) listing the vehicles there are, or (validation failed) when the
    ///   reference fits several.
    public func vehicle(matching reference: String) async throws -> Vehicle {
        let all = try await vehicles()
        let wanted = reference.trimmingCharacters(in: .whitespaces)
        if let id = UUID(uuidString: wanted), let exact = all.first(where: { $0.id == id }) { return exact }
        let byName = all.filter {
            $0.displayName.caseInsensitiveCompare(wanted) == .orderedSame
                || $0.name.caseInsensitiveCompare(wanted) == .orderedSame
        }
        let candidates =
            byName.isEmpty && wanted.count >= 4
            ? all.filter { $0.id.uuidString.lowercased().hasPrefix(wanted.lowercased()) } : byName
        switch candidates.count {
        case 1: return candidates[0]
        case 0:
            let known =
                all.isEmpty
                ? "There are no vehicles yet; add one with `hearth garage vehicle add`."
                : "Known vehicles: "
                    + all.map { "\($0.displayName) (\($0.id.uuidString.prefix(8)))" }.joined(separator: ", ") + "."
            throw ServiceError(.notFound, "No vehicle is called \"\(reference)\". \(known)")
        default:
            throw ServiceError.validationFailed(
                "\"\(reference)\" fits \(candidates.count) vehicles ("
                    + candidates.map { "\($0.displayName) \($0.id.uuidString.prefix(8))" }.joined(separator: ", ")
                    + "); use the id instead"
            )
        }
    }

    /// Changes a vehicle with `change`; a new mileage is recorded as a manual snapshot.
    /// - Throws: ``ServiceError`` (not found, validation failed).
    @discardableResult
    public func updateVehicle(_ id: UUID, _ change: @escaping @Sendable (inout Vehicle) -> Void) async throws -> Vehicle
    {
        let currentYear = today.year
        return try await write { tx in
            guard let old = try Vehicle.fetchOne(tx.db, key: id) else {
                throw ServiceError.notFound("Vehicle \(id.uuidString)")
            }
            var vehicle = old
            change(&vehicle)
            vehicle.vin = VIN.normalizedForStorage(vehicle.vin)
            let problems = vehicle.validationProblems(currentYear: currentYear)
            guard problems.isEmpty else { throw ServiceError.validationFailed(problems) }
            if vehicle.currentMileage != old.currentMileage {
                vehicle.mileageUpdatedAt = tx.now
                try tx.insert(
                    MileageSnapshot(vehicleID: id, mileage: vehicle.currentMileage, recordedAt: tx.now, source: .manual)
                )
            }
            return vehicle == old ? old : try tx.update(vehicle)
        }
    }

    /// Deletes a vehicle with its services, logs and their attachments (not the files), snapshots, fill-ups,
    /// expenses, documents (with their copies in the documents folder) and reminders; each deletion is recorded, so
    /// other devices delete them too.
    /// - Throws: ``ServiceError`` (not found).
    public func removeVehicle(_ id: UUID) async throws {
        let documents = try await write { tx -> [VehicleDocument] in
            guard try Vehicle.exists(tx.db, key: id) else { throw ServiceError.notFound("Vehicle \(id.uuidString)") }
            let owned = Column("vehicleID") == id
            let attachmentIDs = try UUID.fetchAll(
                tx.db,
                sql: """
                    SELECT a.id FROM \(ServiceLogAttachment.databaseTableName) a
                    JOIN \(ServiceLog.databaseTableName) l ON l.id = a.serviceLogID WHERE l.vehicleID = ?
                    """, arguments: [id])
            for attachmentID in attachmentIDs { try tx.delete(ServiceLogAttachment.self, id: attachmentID) }
            for logID in try UUID.fetchAll(tx.db, ServiceLog.select(Column("id")).filter(owned)) {
                try tx.delete(ServiceLog.self, id: logID)
            }
            for serviceID in try UUID.fetchAll(tx.db, ServiceItem.select(Column("id")).filter(owned)) {
                try tx.delete(ServiceItem.self, id: serviceID)
            }
            for snapshotID in try UUID.fetchAll(tx.db, MileageSnapshot.select(Column("id")).filter(owned)) {
                try tx.delete(MileageSnapshot.self, id: snapshotID)
            }
            for fuelID in try UUID.fetchAll(tx.db, FuelLog.select(Column("id")).filter(owned)) {
                try tx.delete(FuelLog.self, id: fuelID)
            }
            for expenseID in try UUID.fetchAll(tx.db, GarageExpense.select(Column("id")).filter(owned)) {
                try tx.delete(GarageExpense.self, id: expenseID)
            }
            let documents = try VehicleDocument.filter(owned).fetchAll(tx.db)
            for document in documents { try tx.delete(VehicleDocument.self, id: document.id) }
            try PendingReminder.filter(owned).deleteAll(tx.db)
            try tx.delete(Vehicle.self, id: id)
            return documents
        }
        if let folder = documentsFolder {
            for document in documents { try? ProtectedFileStore(directory: folder).remove(document.fileName) }
        }
        await analytics.track(GarageEvent.vehicleDeleted)
    }
}
