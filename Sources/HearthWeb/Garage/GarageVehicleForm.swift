public import Foundation
import HearthCore
public import HearthGarage

/// "Add a vehicle" and "Vehicle details", as a page's form sends them: every value as typed, checked by
/// ``GarageRecords/addVehicle(_:userID:now:)`` and ``GarageRecords/updateVehicle(_:_:userID:now:)`` before
/// anything is saved. A VIN is checked as typed (its length, letters and check digit), as the command line checks
/// it, and fills in the make and model year it tells when those are left empty.
public struct GarageVehicleForm: Sendable, Equatable {
    /// What the household calls it ("Daily"); empty to be named by its year, make and model.
    public var name: String?
    public var make: String?
    public var model: String?
    /// The model year, such as `2019`.
    public var year: String?
    /// The odometer, in whole miles.
    public var mileage: String?
    /// The 17-character VIN; empty for none.
    public var vin: String?
    public var licensePlate: String?
    /// The picture it is shown with: a ``HearthGarage/VehicleIcon`` name; empty or nil for the default.
    public var icon: String?

    /// The longest name, make, model or plate accepted.
    public static let maxTextLength = 100

    public init(
        name: String? = nil, make: String? = nil, model: String? = nil, year: String? = nil, mileage: String? = nil,
        vin: String? = nil, licensePlate: String? = nil, icon: String? = nil
    ) {
        self.name = name
        self.make = make
        self.model = model
        self.year = year
        self.mileage = mileage
        self.vin = vin
        self.licensePlate = licensePlate
        self.icon = icon
    }

    /// The form's values written over `vehicle` (a new one, or the one being edited), each checked: the fields
    /// the page shows, the others kept.
    /// - Throws: ``ServiceError`` (validation failed) naming every field at fault and how to write it.
    func applied(to vehicle: Vehicle, currentYear: Int) throws -> Vehicle {
        var problems: [String] = []
        var vehicle = vehicle
        func text(_ value: String?, _ field: String) -> String {
            let given = GarageServiceForm.given(value) ?? ""
            if given.count > Self.maxTextLength {
                problems.append(
                    "\(field) is \(given.count) characters long; shorten it to \(Self.maxTextLength) or fewer")
            }
            return String(given.prefix(Self.maxTextLength))
        }
        vehicle.name = text(name, "name")
        vehicle.make = text(make, "make")
        vehicle.model = text(model, "model")
        let plate = text(licensePlate, "licence plate")
        vehicle.licensePlate = plate.isEmpty ? nil : plate
        if let icon = GarageServiceForm.given(icon) {
            if let chosen = VehicleIcon(rawValue: icon.lowercased()) {
                vehicle.icon = chosen.rawValue
            } else {
                problems.append("icon \"\(icon.prefix(40))\" is not one of: \(VehicleIcon.names)")
            }
        } else {
            vehicle.icon = nil
        }
        // A VIN that checks out fills in what it tells of itself when the form leaves it empty: the maker (from
        // its first three characters, when a common one) and the model year (from its tenth).
        let decoded = GarageServiceForm.given(vin).flatMap { try? VIN.parse($0).get() }.flatMap {
            $0.region != .northAmerica || $0.isCheckDigitValid ? $0 : nil
        }
        if vehicle.make.isEmpty, let maker = decoded?.manufacturer { vehicle.make = maker }
        if GarageServiceForm.given(year) == nil, let built = decoded?.modelYear, built <= currentYear + 2 {
            vehicle.year = built
        } else if let year = GarageServiceForm.given(year) {
            if year.count <= 4, let value = Int(year), (1886...(currentYear + 2)).contains(value) {
                vehicle.year = value
            } else {
                problems.append(
                    "year \"\(year.prefix(40))\" is not a model year; give one from 1886 to \(currentYear + 2), such as 2019"
                )
            }
        } else {
            problems.append("year is empty; give the model year, such as 2019, or a VIN that tells it")
        }
        if let miles = GarageMileageForm.miles(mileage, field: "mileage", problems: &problems) {
            vehicle.currentMileage = miles
        }
        if let vin = GarageServiceForm.given(vin) {
            if vin.count > 40 {
                problems.append("VIN is \(vin.count) characters long; a VIN has 17")
            } else if case .failure(let problem) = VIN.parse(vin) {
                problems.append("VIN: \(problem.message)")
            } else if let parsed = try? VIN.parse(vin).get(), parsed.region == .northAmerica, !parsed.isCheckDigitValid
            {
                problems.append(
                    "VIN \(parsed.value): its 9th character, the check digit, is \(parsed.checkDigit) but the others make it \(parsed.expectedCheckDigit); read the VIN again"
                )
            } else {
                vehicle.vin = vin
            }
        } else {
            vehicle.vin = nil
        }
        if problems.isEmpty, vehicle.name.isEmpty, vehicle.make.isEmpty, vehicle.model.isEmpty {
            problems.append("name is empty; give the vehicle a name, or its make and model")
        }
        guard problems.isEmpty else { throw ServiceError.validationFailed(problems) }
        return vehicle
    }
}
