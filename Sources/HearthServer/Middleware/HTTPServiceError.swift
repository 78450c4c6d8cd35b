import Foundation
import HTTPTypes
import HearthCore
public import Hummingbird
import Logging

/// An error that knows how it is answered over HTTP.
public struct HTTPServiceError: Error, HTTPResponseError, Sendable {
    public var status: HTTPResponse.Status
    public var body: ErrorBody
    public var headers: HTTPFields

    public init(
        status: HTTPResponse.Status, code: String, reason: String, retryAfter: Int? = nil,
        allow: [HTTPRequest.Method] = []
    ) {
        self.status = status
        self.body = ErrorBody(serverErrorCode: code, reason: reason, retryAfter: retryAfter)
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        if !allow.isEmpty { headers[.allow] = allow.map(\.rawValue).joined(separator: ", ") }
        self.headers = headers
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(body)) ?? Data("{\"serverErrorCode\":\"INTERNAL_ERROR\"}".utf8)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
