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
