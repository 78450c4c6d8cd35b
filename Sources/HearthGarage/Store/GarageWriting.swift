public import Foundation
public import HearthCore

/// The changes the garage's services make the way the user does (the assistant's "update the mileage",
/// a reminder's "Mark Done", an expense recorded, a log entry corrected); the first two are recorded as
/// events through ``GarageReading/analytics``.
public protocol GarageWriting: GarageReading {
    /// Records an odometer reading (at `date`, or now).
    /// - Throws: ``ServiceError`` (not found, validation failed).
    @discardableResult
    func updateMileage(_ vehicleID: UUID, to mileage: Int, at date: Date?, source: MileageSnapshot.Source) async throws
        -> MileageUpdate
    /// Logs a service as done on `day` (default today) and moves its due date and mileage on.
    /// - Throws: ``ServiceError`` (not found, validation failed).
    @discardableResult
    func completeService(
        _ serviceID: UUID, on day: CalendarDay?, mileage: Int?, cost: String?, category: ServiceLog.CostCategory?,
        notes: String?
    ) async throws -> ServiceCompletion

    /// Records an expense (insurance, registration, taxes, parking, tolls, other) on a vehicle.
    /// - Throws: ``ServiceError`` (not found, validation failed).
    @discardableResult
    func addExpense(_ draft: ExpenseDraft, to vehicleID: UUID) async throws -> GarageExpense
    /// Changes the fields of an expense that `draft` gives.
    /// - Throws: ``ServiceError`` (not found, validation failed); nothing changes when it throws.
    @discardableResult
    func updateExpense(_ id: UUID, with draft: ExpenseDraft) async throws -> GarageExpense
    /// Deletes an expense.
    /// - Throws: ``ServiceError`` (not found); nothing changes then.
    func removeExpense(_ id: UUID) async throws
    /// Changes a service log entry; its service's last-done values follow its latest entry.
    /// - Throws: ``ServiceError`` (not found, validation failed); nothing changes when it throws.
    @discardableResult
    func updateServiceLog(_ id: UUID, with edit: ServiceLogEdit) async throws -> ServiceLog
    /// Deletes a service log entry.
    /// - Throws: ``ServiceError`` (not found); nothing changes then.
    func removeServiceLog(_ id: UUID) async throws
    /// Changes a fill-up.
    /// - Throws: ``ServiceError`` (not found, validation failed); nothing changes when it throws.
    @discardableResult
    func updateFillUp(_ id: UUID, with edit: FillUpEdit) async throws -> FuelLog
    /// Deletes a fill-up.
    /// - Throws: ``ServiceError`` (not found); nothing changes then.
    func removeFillUp(_ id: UUID) async throws
}
