/// Decodes VINs offline (check digit, model year, region, maker) and, when asked, online; and finds what a
/// VIN's vehicle is, for a recall search.
public protocol VINLookingUp: Sendable {
    /// The offline checks of `text`, and with `online` what the online decoder (NHTSA's vPIC) makes of it.
    /// - Throws: ``ServiceError`` when `text` is not a VIN, or online decoding fails.
    func decode(_ text: String, online: Bool, modelYear: Int?) async throws -> VINReport
    /// The make, model and model year of the vehicle `text` identifies.
    /// - Throws: ``ServiceError`` when `text` is not a VIN, or the decoder cannot tell all three.
    func vehicle(forVIN text: String) async throws -> (make: String, model: String, modelYear: Int)
}
