import Foundation

/// What is known about a VIN: the offline checks, and NHTSA's decoding when it was asked.
public struct VINReport: Sendable, Hashable, Codable {
    /// The VIN, corrected (O, I and Q read as 0, 1 and 0) and upper case.
    public var vin: String
    /// Whether the VIN as given had to be corrected.
    public var corrected: Bool
    public var checkDigit: String
    public var expectedCheckDigit: String
    public var checkDigitValid: Bool
    public var modelYear: Int?
    public var region: String
    public var country: String?
    /// The maker, from the offline table of world manufacturer identifiers.
    public var manufacturer: String?
    /// What NHTSA's vPIC decoded, when it was asked.
    public var nhtsa: VINDecoding?

    /// The offline checks of `vin`, as `given`.
    init(_ vin: VIN, given: String) {
        self.vin = vin.value
        corrected = vin.value != given.uppercased()
        checkDigit = String(vin.checkDigit)
        expectedCheckDigit = String(vin.expectedCheckDigit)
        checkDigitValid = vin.isCheckDigitValid
        modelYear = vin.modelYear
        region = vin.region.rawValue
        country = vin.country
        manufacturer = vin.manufacturer
    }
}
