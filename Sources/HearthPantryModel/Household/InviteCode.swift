public import Foundation

/// A code that lets someone join a household until it expires or is revoked.
///
/// Codes are eight characters from an alphabet without look-alikes (no 0/O, 1/I/L), written `XXXX-XXXX`;
/// ``HouseholdRules`` makes them and reads what people type (any case, with or without the dash or spaces).
public struct InviteCode: Codable, Sendable, Hashable {
    /// The code, in its canonical `XXXX-XXXX` form.
    public let code: String
    /// The household the code joins.
    public let householdId: String
    /// The user who made the code.
    public let createdBy: String
    /// When the code was made.
    public let createdAt: Date
    /// The instant after which the code no longer works.
    public let expiresAt: Date
    /// When a manager withdrew the code, if they did.
    public let revokedAt: Date?

    public init(
        code: String, householdId: String, createdBy: String, createdAt: Date, expiresAt: Date, revokedAt: Date? = nil
    ) {
        self.code = code
        self.householdId = householdId
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
    }

    /// Whether the code can still be used at `now`: not revoked and not yet expired.
    public func isUsable(at now: Date) -> Bool { revokedAt == nil && now < expiresAt }
}
