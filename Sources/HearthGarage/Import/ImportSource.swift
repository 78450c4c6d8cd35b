import Foundation

/// Which app wrote a file, as the user can force it (`--source`).
public enum ImportSource: String, Sendable, Codable, CaseIterable {
    /// Decide from the file.
    case auto
    /// Fuelly: the aCar/Fuelly Android multi-section export or the fuelly.com web export.
    case fuelly
    /// Drivvo: sectioned, headers in the user's language.
    case drivvo
    /// Simply Auto's `Fuel_Log.csv`.
    case simplyauto
    /// Any CSV, with columns named by a ``GenericMapping``.
    case generic
}
