public import Foundation
import HearthCore
public import HearthGarage

/// A vehicle's entries from the pages: fill-ups logged, changed and deleted; services changed and deleted;
/// logged services and expenses deleted. Each entry is looked up among the vehicle's own, so a link can only
/// reach what the page showed; each write goes out as the garage app's records.
extension GarageRecords {
    /// The user's vehicle `id` itself, without its figures.
    /// - Throws: ``ServiceError`` `notFound` when the user has no such vehicle.
    public func details(of id: UUID, userID: String, now: Date) async throws -> Vehicle {
        try await owned(id, in: try await recent(userID, now: now))
    }

    // MARK: Fill-ups

    /// The vehicle's fill-up `id`.
    /// - Throws: ``ServiceError`` `notFound` when the user's vehicle has no such fill-up.
    public func fillUp(_ id: UUID, of vehicleID: UUID, userID: String, now: Date) async throws -> FuelLog {
        try await entry(id, "fill-up", of: vehicleID, in: try await recent(userID, now: now).fuelLogs(of: vehicleID))
    }

    /// Logs a fill-up, as `hearth garage fuel add` does; a reading above the vehicle's mileage moves it forward.
    /// - Throws: ``ServiceError`` `validationFailed` naming each bad field (nothing is saved), `notFound` for a
    ///   vehicle the user does not have.
    @discardableResult
    public func addFillUp(_ form: GarageFillUpForm, userID: String, now: Date) async throws -> FuelLog {
        let garage = try await current(userID, now: now)
        let draft = try form.checked(today: garage.today)
        _ = try await owned(form.vehicleID, in: garage)
        return try await saving(userID) { try await garage.addFillUp(draft, to: form.vehicleID) }
    }

    /// Changes fill-up `id` of the form's vehicle to the form's values, as `hearth garage fuel edit` does.
    /// - Throws: ``ServiceError`` `validationFailed` naming each bad field (nothing is saved), `notFound` for a
    ///   fill-up the user's vehicle does not have.
    @discardableResult
    public func updateFillUp(_ id: UUID, _ form: GarageFillUpForm, userID: String, now: Date) async throws -> FuelLog {
        let garage = try await current(userID, now: now)
        let edit = try form.edit(today: garage.today)
        _ = try await entry(id, "fill-up", of: form.vehicleID, in: try await garage.fuelLogs(of: form.vehicleID))
        return try await saving(userID) { try await garage.updateFillUp(id, with: edit) }
    }

    /// Deletes fill-up `id` of the vehicle, as `hearth garage fuel delete` does.
    public func removeFillUp(_ id: UUID, of vehicleID: UUID, userID: String, now: Date) async throws {
        let garage = try await current(userID, now: now)
        _ = try await entry(id, "fill-up", of: vehicleID, in: try await garage.fuelLogs(of: vehicleID))
        try await saving(userID) { try await garage.removeFillUp(id) }
    }

    // MARK: Services

    /// The vehicle's service `id`.
    /// - Throws: ``ServiceError`` `notFound` when the user's vehicle has no such service.
    public func service(_ id: UUID, of vehicleID: UUID, userID: String, now: Date) async throws -> ServiceItem {
        try await entry(id, "service", of: vehicleID, in: try await recent(userID, now: now).services(of: vehicleID))
    }

    /// Changes service `id` of the vehicle: its name, intervals, next due values and notes.
    /// - Throws: ``ServiceError`` `validationFailed` naming each bad field (nothing is saved), `notFound` for a
    ///   service the user's vehicle does not have.
    @discardableResult
    public func updateService(
        _ id: UUID, of vehicleID: UUID, _ form: GarageServiceEditForm, userID: String, now: Date
    ) async throws -> ServiceItem {
        let garage = try await current(userID, now: now)
        let old = try await entry(id, "service", of: vehicleID, in: try await garage.services(of: vehicleID))
        let changed = try form.applied(to: old)
        return try await saving(userID) { try await garage.updateService(id) { $0 = changed } }
    }

    /// Deletes service `id` of the vehicle; its logged work stays in the history under its name.
    public func removeService(_ id: UUID, of vehicleID: UUID, userID: String, now: Date) async throws {
        let garage = try await current(userID, now: now)
        _ = try await entry(id, "service", of: vehicleID, in: try await garage.services(of: vehicleID))
        try await saving(userID) { try await garage.removeService(id) }
    }

    /// Deletes entry `id` of the vehicle's service history, as `hearth garage service delete` does; the
    /// service's last-done values and next due date follow its latest remaining entry.
    public func removeLog(_ id: UUID, of vehicleID: UUID, userID: String, now: Date) async throws {
        let garage = try await current(userID, now: now)
        _ = try await entry(id, "history entry", of: vehicleID, in: try await garage.logs(of: vehicleID))
        try await saving(userID) { try await garage.removeServiceLog(id) }
    }

    /// Deletes expense `id` of the vehicle, as `hearth garage expenses delete` does.
    public func removeExpense(_ id: UUID, of vehicleID: UUID, userID: String, now: Date) async throws {
        let garage = try await current(userID, now: now)
        _ = try await entry(id, "expense", of: vehicleID, in: try await garage.expenses(of: vehicleID))
        try await saving(userID) { try await garage.removeExpense(id) }
    }

    /// The record `id` among `records` (the vehicle's own); `notFound` naming `what` when it is not there.
    func entry<R: GarageRecord>(_ id: UUID, _ what: String, of vehicleID: UUID, in records: [R]) async throws
        -> R
    {
        guard let found = records.first(where: { $0.id == id }) else {
            throw ServiceError(
                .notFound,
                "Vehicle \(vehicleID.uuidString.lowercased()) has no \(what) \(id.uuidString.lowercased()) of yours; pick one from the vehicle's page."
            )
        }
        return found
    }
}
