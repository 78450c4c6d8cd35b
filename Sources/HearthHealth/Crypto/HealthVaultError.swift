public import HearthCore

/// The errors of end-to-end encryption, as ``ServiceError``s with codes of their own, so a device that cannot
/// read a record says why (and what to do) rather than showing garbage.
public enum HealthVaultError {
    /// This device does not hold the key a record or field was sealed with.
    public static let keyMissingCode = ServiceError.Code("KEY_MISSING")
    /// A sealed value or key envelope failed its authentication: it was altered, or moved from elsewhere.
    public static let tamperedCode = ServiceError.Code("DECRYPTION_FAILED")
    /// Someone's public key changed from the one first seen, or a signature does not match it.
    public static let untrustedKeyCode = ServiceError.Code("UNTRUSTED_KEY")

    static func invalidIdentity(_ message: String) -> ServiceError { ServiceError(.validationFailed, message) }
    static func invalidRecoveryCode(_ message: String) -> ServiceError { ServiceError(.validationFailed, message) }
    static func keyMissing(_ message: String) -> ServiceError { ServiceError(keyMissingCode, message) }
    static func tampered(_ message: String) -> ServiceError { ServiceError(tamperedCode, message) }
    static func untrusted(_ message: String) -> ServiceError { ServiceError(untrustedKeyCode, message) }
}
