public import Foundation

/// What a home-screen widget shows, as the JSON file it reads: per vehicle, its mileage, its worst status
/// and the next few services due.
public struct WidgetSnapshot: Sendable, Codable, Equatable {
    /// The snapshot format's version; a widget reading a newer one should ask for an app update.
    public static let currentVersion = 1

    /// One vehicle on the widget.
    public struct VehicleEntry: Sendable, Codable, Equatable {
        public var id: UUID
        public var name: String
        public var mileage: Int
        /// The most pressing status among its services.
        public var status: DueStatus
        /// The next services, most pressing first.
        public var nextDue: [DueEntry]
    }

    /// One service on the widget.
    public struct DueEntry: Sendable, Codable, Equatable {
        public var serviceID: UUID
        public var name: String
        public var status: DueStatus
        public var dueDate: CalendarDay?
        public var dueMileage: Int?
        /// The earlier of the due date and the day the driving pace reaches the due mileage.
        public var effectiveDueDate: CalendarDay?
        public var daysLeft: Int?
        public var milesLeft: Int?
    }

    public var version: Int
    public var generatedAt: Date
    public var vehicles: [VehicleEntry]

    /// The snapshot of `summaries`, keeping `perVehicle` services each.
    public init(summaries: [VehicleDue], generatedAt: Date, perVehicle: Int = 3) {
        version = Self.currentVersion
        self.generatedAt = generatedAt
        vehicles = summaries.map { summary in
            let items = summary.items.filter { $0.status != .neutral }
            return VehicleEntry(
                id: summary.vehicle.id, name: summary.vehicle.displayName, mileage: summary.vehicle.currentMileage,
                status: items.map(\.status).min() ?? .neutral,
                nextDue: items.prefix(perVehicle).map { item in
                    DueEntry(
                        serviceID: item.service.id, name: item.service.name, status: item.status,
                        dueDate: item.service.dueDate,
                        dueMileage: item.service.dueMileage, effectiveDueDate: item.effectiveDueDate,
                        daysLeft: item.daysLeft,
                        milesLeft: item.milesLeft
                    )
                }
            )
        }
    }
}
