public import Foundation
public import HearthCore

/// The changes the garage's services make the way the user does (the assistant's "update the mileage",
/// a reminder's "Mark Done"), each recorded as an event through ``GarageReading/analytics``.
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
}
