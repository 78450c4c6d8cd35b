public import HearthGarage

/// What deleting a vehicle removes with it, counted: what the page says before it asks to confirm.
public struct GarageVehicleDeletion: Sendable, Equatable {
    public var vehicle: Vehicle
    public var services: Int
    public var logs: Int
    public var fillUps: Int
    public var expenses: Int
    public var documents: Int
    public var readings: Int

    /// Each kind of thing that goes, as "3 services", leaving out the kinds there are none of.
    public var counted: [String] {
        [
            (services, "service", "services"), (logs, "service log entry", "service log entries"),
            (fillUps, "fill-up", "fill-ups"), (expenses, "expense", "expenses"), (documents, "document", "documents"),
            (readings, "odometer reading", "odometer readings"),
        ].compactMap { count, one, many in count == 0 ? nil : "\(count) \(count == 1 ? one : many)" }
    }
}
