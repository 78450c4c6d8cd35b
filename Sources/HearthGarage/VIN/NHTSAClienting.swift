import Foundation
import HearthCore

/// VIN decoding and recalls from NHTSA.
public protocol NHTSAClienting: Sendable {
    /// What vPIC knows about `vin` (cached 24 h).
    func decodeVIN(_ vin: String, modelYear: Int?) async throws -> VINDecoding
    /// The recalls for a make, model and year (cached 1 h); empty when NHTSA has none.
    func recalls(make: String, model: String, modelYear: Int) async throws -> [Recall]
}
