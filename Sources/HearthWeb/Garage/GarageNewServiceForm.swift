public import Foundation
import HearthCore
public import HearthGarage

/// "Add a service" on a vehicle's page, as its form sends it: a preset (by name) or a service typed in with its
/// intervals, checked by ``GarageRecords/addService(_:userID:now:)`` before anything is saved.
public struct GarageNewServiceForm: Sendable, Equatable {
    /// The vehicle the service is for.
    public var vehicleID: UUID
    /// A preset's name ("Oil Change"); empty to type the service in.
    public var preset: String?
    /// The service's name; empty to take the preset's.
    public var name: String?
    /// Every how many months it is due; empty for the preset's, or none.
    public var intervalMonths: String?
    /// Every how many miles it is due; empty for the preset's, or none.
    public var intervalMiles: String?

    public init(
        vehicleID: UUID, preset: String? = nil, name: String? = nil, intervalMonths: String? = nil,
        intervalMiles: String? = nil
    ) {
        self.vehicleID = vehicleID
        self.preset = preset
        self.name = name
        self.intervalMonths = intervalMonths
        self.intervalMiles = intervalMiles
    }

    /// The service as the garage takes it, every field checked against the presets there are.
    /// - Throws: ``ServiceError`` (validation failed) naming every field at fault and how to write it.
    func checked(presets: [ServicePreset]) throws -> ServiceDraft {
        var problems: [String] = []
        let preset = GarageServiceForm.given(self.preset)
        if let preset, !presets.contains(where: { $0.name.caseInsensitiveCompare(preset) == .orderedSame }) {
            problems.append("preset \"\(preset.prefix(40))\" is not one of the presets; choose one from the list")
        }
        let name = GarageServiceForm.given(self.name)
        if let name, name.count > GarageVehicleForm.maxTextLength {
            problems.append(
                "service name is \(name.count) characters long; shorten it to \(GarageVehicleForm.maxTextLength) or fewer"
            )
        }
        if preset == nil, name == nil {
            problems.append("service name is empty; choose a preset, or name the service, such as Cabin filter")
        }
        let months = Self.whole(intervalMonths, "every how many months", 240, "6", problems: &problems)
        let miles = Self.whole(intervalMiles, "every how many miles", 1_000_000, "5000", problems: &problems)
        if preset == nil, name != nil, months == nil, miles == nil, problems.isEmpty {
            problems.append("a service typed in needs an interval: every how many months, miles, or both")
        }
        guard problems.isEmpty else { throw ServiceError.validationFailed(problems) }
        return ServiceDraft(name: name, preset: preset, intervalMonths: months, intervalMiles: miles)
    }

    /// An interval as typed: a whole number from 1 to `limit`, or nil when none was given; a bad one adds a
    /// problem naming `field` and showing `example`.
    static func whole(_ text: String?, _ field: String, _ limit: Int, _ example: String, problems: inout [String])
        -> Int?
    {
        guard let text = GarageServiceForm.given(text) else { return nil }
        guard text.count <= 7, let value = Int(text), (1...limit).contains(value) else {
            problems.append("\(field) \"\(text.prefix(40))\" is not a number from 1 to \(limit), such as \(example)")
            return nil
        }
        return value
    }
}
