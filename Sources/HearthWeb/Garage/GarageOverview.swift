public import Foundation
public import HearthGarage

/// Every vehicle of a user with what is due on it, as `hearth garage due` reckons it.
public struct GarageOverview: Sendable, Hashable {
    /// Each vehicle (by name) with its due list, driving pace and fuel summary.
    public var vehicles: [VehicleDue]
    /// The archived vehicles, by name: kept with their history, out of the due lists.
    public var archived: [Vehicle] = []
    /// The vehicles among them that others shared with the user, by id.
    public var shared: [UUID: SharedVehicle] = [:]
    /// Vehicles offered to the user and not accepted yet.
    public var invitations: [VehicleInvitation] = []
}
