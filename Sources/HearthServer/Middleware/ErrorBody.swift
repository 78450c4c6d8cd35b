public import Foundation
import HTTPTypes
import HearthCore
import Hummingbird
import Logging

/// The body of every error the server answers with, in the shape CloudKit Web Services uses.
public struct ErrorBody: Codable, Sendable, Equatable {
    /// A stable code such as `NOT_FOUND` or `BAD_REQUEST`.
    public var serverErrorCode: String
    /// What went wrong and how to fix it.
    public var reason: String
    /// Seconds to wait before retrying, when the server asks for that.
    public var retryAfter: Int?
    /// An id for this error, also written to the server log.
    public var uuid: String

    public init(serverErrorCode: String, reason: String, retryAfter: Int? = nil, uuid: String = UUID().uuidString) {
        self.serverErrorCode = serverErrorCode
        self.reason = reason
        self.retryAfter = retryAfter
        self.uuid = uuid
    }
}
