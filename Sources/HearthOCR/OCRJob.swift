/// What a photo shows, which decides how the engine is set up to read it.
public enum OCRJob: String, Sendable, Hashable, Codable, CaseIterable {
    /// An odometer: one line of digits.
    case odometer
    /// A vehicle identification number: one line of 17 letters and digits.
    case vin

    /// The characters the engine may return. VINs never hold I, O or Q, but the engine may still see them:
    /// they are allowed here so that the reader can correct them (O→0, I→1, Q→0) instead of the engine
    /// forcing them onto some other, less likely character.
    public var characterWhitelist: String {
        switch self {
        case .odometer: return "0123456789"
        case .vin: return "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
        }
    }
}
