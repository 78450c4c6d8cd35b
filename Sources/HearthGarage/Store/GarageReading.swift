public import Foundation
public import HearthCore

/// What the garage's services read: the records, what is due, and the store's sense of time.
///
/// ``GarageStore`` is the one implementation in the apps; the reports, the widget, the watch, the reminders
/// and the assistant take `any GarageReading` (or one of the protocols built on it) so each can be tried
/// against a stand-in.
public protocol GarageReading: Sendable {
    /// The current moment on the store's clock.
    var now: Date { get }
    /// Today in the store's time zone.
    var today: CalendarDay { get }
    /// The time zone "today" and the reminders' 09:00 are reckoned in.
    var timeZone: TimeZone { get }
    /// Where the events of what the user does go (an export made, an icon chosen, a reminder acted on).
    var analytics: any EventTracking { get }

    /// Every vehicle, by display name.
    func vehicles() async throws -> [Vehicle]
    /// The vehicle with `id`.
    /// - Throws: ``ServiceError`` (not found).
    func vehicle(id: UUID) async throws -> Vehicle
    /// The services of one vehicle (or of every vehicle, for nil), by name.
    func services(of vehicleID: UUID?) async throws -> [ServiceItem]
    /// The service logs of a vehicle, newest first.
    func logs(of vehicleID: UUID) async throws -> [ServiceLog]
    /// A vehicle's fill-ups, oldest first.
    func fuelLogs(of vehicleID: UUID) async throws -> [FuelLog]
    /// The expenses of a vehicle, newest first.
    func expenses(of vehicleID: UUID) async throws -> [GarageExpense]
    /// The documents of one vehicle (or of every vehicle, for nil), soonest expiry first, then by label.
    func documents(of vehicleID: UUID?) async throws -> [VehicleDocument]
    /// The files attached to a vehicle's service logs, oldest first.
    func attachments(of vehicleID: UUID) async throws -> [ServiceLogAttachment]
    /// What a vehicle cost in `year`: its service logs and its expenses (fuel not included).
    func serviceCost(of vehicleID: UUID, in year: Int) async throws -> Decimal
    /// What is due on one vehicle (or on every vehicle, for nil), with the driving pace of each, as of today.
    func due(vehicleID: UUID?, settings: DueSettings, thresholds: UrgencyThresholds) async throws -> [VehicleDue]
    /// Yields whenever a change touches what due dates are computed from.
    func watchDueInputs() -> Watched<[String]>
}
