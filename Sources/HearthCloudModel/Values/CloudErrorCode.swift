/// A stable error code from the server, as in CloudKit Web Services, with the HTTP status it travels with.
public struct CloudErrorCode: RawRepresentable, Codable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The caller may not do this (another user's private data, a read-only share, a pending invitation).
    public static let accessDenied = CloudErrorCode("ACCESS_DENIED")
    /// Another operation in an atomic batch failed, so this one was not applied.
    public static let atomicError = CloudErrorCode("ATOMIC_ERROR")
    /// The bearer token is unknown, expired or revoked, or the password is wrong.
    public static let authenticationFailed = CloudErrorCode("AUTHENTICATION_FAILED")
    /// No bearer token was sent.
    public static let authenticationRequired = CloudErrorCode("AUTHENTICATION_REQUIRED")
    /// The request is malformed; the reason says which part.
    public static let badRequest = CloudErrorCode("BAD_REQUEST")
    /// The record changed on the server since the client fetched it; `serverRecord` holds the server's version.
    public static let conflict = CloudErrorCode("CONFLICT")
    /// The thing to create already exists.
    public static let exists = CloudErrorCode("EXISTS")
    /// The server failed; the `uuid` is in its log.
    public static let internalError = CloudErrorCode("INTERNAL_ERROR")
    /// The record (or share, subscription, asset) does not exist.
    public static let notFound = CloudErrorCode("NOT_FOUND")
    /// The caller's storage quota, or the asset size limit, would be exceeded.
    public static let quotaExceeded = CloudErrorCode("QUOTA_EXCEEDED")
    /// The request is too big: too many operations, a record over the size limit, or a body over the limit.
    public static let limitExceeded = CloudErrorCode("LIMIT_EXCEEDED")
    /// Too many requests; wait `retryAfter` seconds.
    public static let throttled = CloudErrorCode("THROTTLED")
    /// The server is busy or unavailable; wait `retryAfter` seconds.
    public static let tryAgainLater = CloudErrorCode("TRY_AGAIN_LATER")
    /// A reference, parent or asset points at something that does not exist.
    public static let validatingReferenceError = CloudErrorCode("VALIDATING_REFERENCE_ERROR")
    /// The zone does not exist.
    public static let zoneNotFound = CloudErrorCode("ZONE_NOT_FOUND")
    /// The sync token is too old (its deletions were compacted) or from a zone since recreated: fetch again without one.
    public static let changeTokenExpired = CloudErrorCode("CHANGE_TOKEN_EXPIRED")

    /// The HTTP status this code is answered with.
    public var httpStatus: Int {
        switch self {
        case .accessDenied: 403
        case .atomicError, .badRequest: 400
        case .authenticationFailed, .authenticationRequired: 401
        case .conflict, .exists: 409
        case .notFound, .zoneNotFound: 404
        case .quotaExceeded, .limitExceeded: 413
        case .throttled: 429
        case .tryAgainLater: 503
        case .validatingReferenceError: 412
        case .changeTokenExpired: 410
        default: 500
        }
    }

    public var description: String { rawValue }
}
