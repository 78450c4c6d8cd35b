import Foundation
import HTTPTypes
public import HearthCloudModel
public import Hummingbird
import Logging
import NIOCore

/// A ``CloudError`` answered over HTTP: its status, `Retry-After` when it asks for a wait, and the full
/// error body (with `serverRecord` for conflicts and `records` for failed atomic batches).
public struct CloudHTTPError: Error, HTTPResponseError, Sendable {
    public let error: CloudError

    public init(_ error: CloudError) { self.error = error }

    public var status: HTTPResponse.Status { HTTPResponse.Status(code: error.httpStatus) }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        if let retryAfter = error.retryAfter { headers[.retryAfter] = String(retryAfter) }
        if error.serverErrorCode == .authenticationRequired || error.serverErrorCode == .authenticationFailed {
            headers[.wwwAuthenticate] = "Bearer realm=\"hearth\""
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body =
            (try? encoder.encode(error))
            ?? Data(
                "{\"serverErrorCode\":\"INTERNAL_ERROR\",\"reason\":\"The error could not be encoded.\",\"uuid\":\"\(error.uuid)\"}"
                    .utf8)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
