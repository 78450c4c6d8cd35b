public import Foundation

/// The error every Hearth service throws: an opaque ``Code``, a message a person can act on, and an
/// optional underlying cause.
///
/// New codes can be added without breaking callers, because ``Code`` is a struct rather than an enum.
///
/// ```swift
/// throw ServiceError(.validationFailed, "Household name cannot be empty",
///                    reasons: ["Household name cannot be empty"])
/// ```
public struct ServiceError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// What kind of failure this is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// A stable, machine-readable name such as `"NOT_FOUND"`.
        public let rawValue: String

        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The caller is not signed in.
        public static let notAuthenticated = Code("NOT_AUTHENTICATED")
        /// The caller is signed in but may not do this.
        public static let unauthorized = Code("UNAUTHORIZED")
        /// The thing asked for does not exist.
        public static let notFound = Code("NOT_FOUND")
        /// The input broke one or more rules; ``ServiceError/reasons`` lists them.
        public static let validationFailed = Code("VALIDATION_FAILED")
        /// The operation could not be completed.
        public static let operationFailed = Code("OPERATION_FAILED")
        /// A URL could not be built or parsed.
        public static let invalidURL = Code("INVALID_URL")
        /// A response carried no body where one was required.
        public static let noData = Code("NO_DATA")
        /// A body could not be decoded into the expected type.
        public static let decodingFailed = Code("DECODING_FAILED")
        /// A peer answered with an unsuccessful HTTP status; see ``ServiceError/httpStatus``.
        public static let httpStatus = Code("HTTP_STATUS")
        /// The operation did not finish in time.
        public static let timedOut = Code("TIMED_OUT")
        /// A peer asked us to slow down; see ``ServiceError/retryAfter``.
        public static let rateLimited = Code("RATE_LIMITED")
        /// A service was asked for before it was registered.
        public static let notRegistered = Code("NOT_REGISTERED")
        /// Stored or received data is damaged or was encrypted with another key.
        public static let corrupted = Code("CORRUPTED")
        /// The input conflicts with what is stored.
        public static let conflict = Code("CONFLICT")
        /// The change was based on a version that someone else has replaced since: reload, apply it again, save.
        public static let staleVersion = Code("STALE_VERSION")

        public var description: String { rawValue }
    }

    /// What kind of failure this is.
    public let code: Code
    /// A message that says what went wrong and, where possible, what to do about it.
    public let message: String
    /// Every rule the input broke, for ``Code/validationFailed``.
    public let reasons: [String]
    /// The HTTP status a peer answered with, for ``Code/httpStatus`` and ``Code/rateLimited``.
    public let httpStatus: Int?
    /// How long the peer asked us to wait before trying again.
    public let retryAfter: Duration?
    /// The error that caused this one, if any.
    public let underlying: (any Error)?

    public init(
        _ code: Code,
        _ message: String,
        reasons: [String] = [],
        httpStatus: Int? = nil,
        retryAfter: Duration? = nil,
        underlying: (any Error)? = nil
    ) {
        self.code = code
        self.message = message
        self.reasons = reasons
        self.httpStatus = httpStatus
        self.retryAfter = retryAfter
        self.underlying = underlying
    }

    public var description: String { message }
    public var errorDescription: String? { message }

    // MARK: Conveniences for the common codes

    /// The caller must sign in first.
    public static func notAuthenticated(_ message: String = "You are not signed in. Sign in and try again.")
        -> ServiceError
    {
        ServiceError(.notAuthenticated, message)
    }

    /// The caller may not perform this action.
    public static func unauthorized(_ message: String = "You do not have permission to do that.") -> ServiceError {
        ServiceError(.unauthorized, message)
    }

    /// Nothing called `what` exists.
    public static func notFound(_ what: String) -> ServiceError {
        ServiceError(.notFound, "\(what) was not found.")
    }

    /// The input broke the given rules; the message joins them.
    public static func validationFailed(_ reasons: [String]) -> ServiceError {
        ServiceError(.validationFailed, reasons.joined(separator: "; "), reasons: reasons)
    }

    /// The input broke one rule.
    public static func validationFailed(_ reason: String) -> ServiceError {
        validationFailed([reason])
    }

    /// The operation failed for the given reason.
    public static func operationFailed(_ message: String, underlying: (any Error)? = nil) -> ServiceError {
        ServiceError(.operationFailed, message, underlying: underlying)
    }
}

extension ServiceError: Equatable {
    /// Two errors are equal when their code, message, reasons, status and retry delay match; causes are ignored.
    public static func == (lhs: ServiceError, rhs: ServiceError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message && lhs.reasons == rhs.reasons
            && lhs.httpStatus == rhs.httpStatus && lhs.retryAfter == rhs.retryAfter
    }
}
