public import Foundation
import GRDB
public import HearthCore

extension GarageStore {
    // MARK: Service logs

    /// Changes a service log entry. When the entry belongs to a service, the service's last-done values
    /// (and the due values counted from them) follow its latest remaining entry; costs and the yearly roundup
    /// are read from the entries, so they follow too.
    /// - Throws: ``ServiceError`` (not found, validation failed); nothing changes when it throws.
    @discardableResult
    public func updateServiceLog(_ id: UUID, with edit: ServiceLogEdit) async throws -> ServiceLog {
        let today = self.today
        let cost = try edit.cost.map { try CostValidation.parse($0) }
        if let mileage = edit.mileage { try Self.validateReading(mileage) }
        if let day = edit.performedDate, day > today {
            throw ServiceError.validationFailed("The work date \(day) is in the future; give the day it was done")
        }
        return try await write { tx in
            guard let old = try ServiceLog.fetchOne(tx.db, key: id) else { throw Self.missing("service log", id) }
            var log = old
            if let day = edit.performedDate { log.performedDate = day }
            if let mileage = edit.mileage { log.mileageAtService = mileage }
            if let cost { log.cost = cost }
            if let category = edit.category { log.costCategory = category }
            if let title = edit.title { log.title = title.trimmedOrNil }
            if let notes = edit.notes { log.notes = notes.trimmedOrNil }
            guard log != old else { return old }
            let saved = try tx.update(log)
            if let serviceID = saved.serviceID { try Self.reanchor(tx, serviceID: serviceID) }
            return saved
        }
    }

    /// Deletes a service log entry with its attachments (not the files); its service's last-done values
    /// follow its latest remaining entry.
    /// - Throws: ``ServiceError`` (not found); nothing changes then.
    public func removeServiceLog(_ id: UUID) async throws {
        try await write { tx in
            guard let log = try ServiceLog.fetchOne(tx.db, key: id) else { throw Self.missing("service log", id) }
            for attachmentID in try UUID.fetchAll(
                tx.db, ServiceLogAttachment.select(Column("id")).filter(Column("serviceLogID") == id))
            {
                try tx.delete(ServiceLogAttachment.self, id: attachmentID)
            }
            try tx.delete(ServiceLog.self, id: id)
            if let serviceID = log.serviceID { try Self.reanchor(tx, serviceID: serviceID) }
        }
    }

    /// Moves a service's last-done values to its latest log entry (later day, then higher mileage) and, when
    /// they moved, derives its due values again as completing it then would have. A service with no entries
    /// left keeps its values.
    static func reanchor(_ tx: GarageTransaction, serviceID: UUID) throws {
        guard var service = try ServiceItem.fetchOne(tx.db, key: serviceID),
            let latest = try ServiceLog.filter(Column("serviceID") == serviceID)
                .order(Column("performedDate").desc, Column("mileageAtService").desc).fetchOne(tx.db),
            service.lastPerformed != latest.performedDate || service.lastMileage != latest.mileageAtService
        else { return }
        let old = service
        service.lastPerformed = nil
        service.lastMileage = nil
        if service.renewal == .fixedSchedule {
            // A fixed schedule does not move with the work; only the last-done values do.
            service.lastPerformed = latest.performedDate
            service.lastMileage = latest.mileageAtService
        } else {
            service = service.completed(on: latest.performedDate, mileage: latest.mileageAtService)
        }
        if service != old { try tx.update(service) }
    }

    // MARK: Fill-ups

    /// Changes a fill-up; fuel economy is computed from the fill-ups, so it follows. A reading above the
    /// vehicle's mileage moves it forward, as adding the fill-up would have.
    /// - Throws: ``ServiceError`` (not found, validation failed); nothing changes when it throws.
    @discardableResult
    public func updateFillUp(_ id: UUID, with edit: FillUpEdit) async throws -> FuelLog {
        let today = self.today
        let timeZone = self.timeZone
        if let day = edit.date, day > today {
            throw ServiceError.validationFailed("The fill-up date \(day) is in the future; give the day you filled up")
        }
        if let odometer = edit.odometer { try Self.validateReading(odometer) }
        let gallons = try edit.gallons.map { try Self.parseGallons($0) }
        let cost = try edit.cost.map { try CostValidation.parse($0) }
        return try await write { tx in
            guard let old = try FuelLog.fetchOne(tx.db, key: id) else { throw Self.missing("fill-up", id) }
            var log = old
            if let day = edit.date { log.date = day }
            if let odometer = edit.odometer { log.odometer = odometer }
            if let gallons { log.gallons = gallons }
            if let cost { log.totalCost = cost }
            if let partial = edit.isPartial { log.isPartial = partial }
            if let missed = edit.missedPrevious { log.missedPrevious = missed }
            if let station = edit.station { log.station = station.trimmedOrNil }
            if let notes = edit.notes { log.notes = notes.trimmedOrNil }
            guard log.odometer != nil || log.gallons != nil || log.totalCost != nil else {
                throw ServiceError.validationFailed(
                    "A fill-up needs at least an odometer reading, a quantity or a cost")
            }
            guard log != old else { return old }
            let saved = try tx.update(log)
            if let odometer = saved.odometer, var vehicle = try Vehicle.fetchOne(tx.db, key: saved.vehicleID),
                odometer > vehicle.currentMileage
            {
                vehicle.currentMileage = odometer
                let readAt = saved.date == today ? tx.now : saved.date.date(hour: 12, in: timeZone)
                vehicle.mileageUpdatedAt = max(readAt, vehicle.mileageUpdatedAt ?? readAt)
                try tx.update(vehicle)
            }
            return saved
        }
    }
}
