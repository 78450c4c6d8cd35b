import Foundation
import HTTPTypes
public import Hummingbird

/// A refused capture request, answered in PostHog's error shape (`{"type", "code", "detail", "attr"}`) so
/// PostHog's clients read it as they would PostHog's own.
public struct CollectorError: Error, HTTPResponseError, Sendable, Equatable {
    public var status: HTTPResponse.Status
    /// `authentication_error` or `validation_error`.
    public var type: String
    /// A stable code such as `missing_api_key` or `invalid_payload`.
    public var code: String
    /// What is wrong and how to fix it.
    public var detail: String

    public init(status: HTTPResponse.Status, type: String = "validation_error", code: String, detail: String) {
        self.status = status
        self.type = type
        self.code = code
        self.detail = detail
    }

    public var headers: HTTPFields { [.contentType: "application/json; charset=utf-8"] }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let body: [String: String?] = ["type": type, "code": code, "detail": detail, "attr": nil]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(body)) ?? Data()
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func invalid(_ detail: String) -> CollectorError {
        CollectorError(status: .badRequest, code: "invalid_payload", detail: detail)
    }
}
