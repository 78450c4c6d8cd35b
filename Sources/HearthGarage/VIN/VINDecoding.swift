import Foundation

/// What NHTSA's vPIC knows about a VIN. Empty values (vPIC sends "" for anything unknown) are nil, and every
/// value is trimmed (VehicleType arrives with trailing spaces).
public struct VINDecoding: Sendable, Hashable, Codable {
    public var vin: String
    public var make: String?
    public var model: String?
    public var modelYear: Int?
    public var manufacturer: String?
    public var series: String?
    public var trim: String?
    public var bodyClass: String?
    public var vehicleType: String?
    public var driveType: String?
    public var fuelTypePrimary: String?
    public var displacementL: String?
    public var engineCylinders: String?
    public var plantCountry: String?
    /// vPIC's error codes: [0] when clean; 1 check digit wrong, 6 incomplete VIN, and others.
    public var errorCodes: [Int]
    public var errorText: String?
    /// A corrected VIN vPIC suggests, when it has one.
    public var suggestedVIN: String?
    /// Every non-empty value vPIC returned, by its key.
    public var values: [String: String]

    /// Whether vPIC decoded the VIN without complaint.
    public var isClean: Bool { errorCodes.allSatisfy { $0 == 0 } }

    /// Whether vPIC found the check digit wrong (error code 1).
    public var hasCheckDigitError: Bool { errorCodes.contains(1) }

    /// Whether vPIC found the VIN incomplete (error code 6).
    public var isIncomplete: Bool { errorCodes.contains(6) }

    /// The values of a vPIC result: trimmed, empty ones dropped.
    init(vin: String, result: [String: String]) {
        var values: [String: String] = [:]
        for (key, value) in result {
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty && trimmed != "Not Applicable" { values[key] = trimmed }
        }
        self.vin = values["VIN"] ?? vin
        make = values["Make"]
        model = values["Model"]
        modelYear = values["ModelYear"].flatMap { Int($0) }
        manufacturer = values["Manufacturer"]
        series = values["Series"]
        trim = values["Trim"]
        bodyClass = values["BodyClass"]
        vehicleType = values["VehicleType"]
        driveType = values["DriveType"]
        fuelTypePrimary = values["FuelTypePrimary"]
        displacementL = values["DisplacementL"]
        engineCylinders = values["EngineCylinders"]
        plantCountry = values["PlantCountry"]
        errorCodes = (values["ErrorCode"] ?? "0")
            .split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        if errorCodes.isEmpty { errorCodes = [0] }
        errorText = values["ErrorText"]
        suggestedVIN = values["SuggestedVIN"]
        self.values = values
    }
}
