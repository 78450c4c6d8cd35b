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
        case .authenticationFailed: 401
        case .authenticationRequired: 421
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

/// The body of every error the server answers with, and the error a client throws for it.
///
/// `serverErrorCode`, `reason` and `uuid` are always present; `retryAfter` (seconds) comes with `THROTTLED` and
/// `TRY_AGAIN_LATER`; a `CONFLICT` carries the server's version of the record in `serverRecord`; a failed
/// atomic batch lists every operation's outcome in `records`.
public struct CloudError: Error, Codable, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as a stable code.
    public var serverErrorCode: CloudErrorCode
    /// What went wrong and how to fix it, in a sentence a person can act on.
    public var reason: String
    /// Seconds to wait before trying again.
    public var retryAfter: Int?
    /// An id for this error, also written to the server's log.
    public var uuid: String
    /// The record the error is about, when it is about one.
    public var recordName: String?
    /// The zone the error is about, when it is about one.
    public var zoneID: CloudZoneID?
    /// For `CONFLICT`: the record as the server has it, to merge into and save again.
    public var serverRecord: CloudRecord?
    /// For a failed atomic batch: every operation's outcome, in request order.
    public var records: [CloudItemResult<CloudRecord>]?

    public init(
        _ code: CloudErrorCode, _ reason: String, retryAfter: Int? = nil, uuid: String? = nil,
        recordName: String? = nil, zoneID: CloudZoneID? = nil, serverRecord: CloudRecord? = nil,
        records: [CloudItemResult<CloudRecord>]? = nil
    ) {
        self.serverErrorCode = code
        self.reason = reason
        self.retryAfter = retryAfter
        self.uuid = uuid ?? CloudIdentifier.make()
        self.recordName = recordName
        self.zoneID = zoneID
        self.serverRecord = serverRecord
        self.records = records
    }

    /// A `BAD_REQUEST` with the given reason.
    public static func badRequest(_ reason: String) -> CloudError { CloudError(.badRequest, reason) }

    /// The HTTP status the error travels with.
    public var httpStatus: Int { serverErrorCode.httpStatus }

    public var description: String { "\(serverErrorCode.rawValue): \(reason)" }
}

/// The outcome of one item in a batch: the item, or the error that stopped it.
///
/// On the wire a failure is recognised by its `serverErrorCode` key, as in CloudKit Web Services.
public enum CloudItemResult<Item: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    case success(Item)
    case failure(CloudError)

    /// The item, when the operation succeeded.
    public var item: Item? {
        if case .success(let item) = self { return item }
        return nil
    }

    /// The error, when the operation failed.
    public var error: CloudError? {
        if case .failure(let error) = self { return error }
        return nil
    }

    private enum Probe: String, CodingKey { case serverErrorCode }

    public init(from decoder: any Decoder) throws {
        let probe = try decoder.container(keyedBy: Probe.self)
        if probe.contains(.serverErrorCode) {
            self = .failure(try CloudError(from: decoder))
        } else {
            self = .success(try Item(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .success(let item): try item.encode(to: encoder)
        case .failure(let error): try error.encode(to: encoder)
        }
    }
}

/// Random identifiers without Foundation's `UUID` formatting cost: 32 lowercase hex digits.
public enum CloudIdentifier {
    /// A new random identifier.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return hex(high) + hex(low)
    }

    private static func hex(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
