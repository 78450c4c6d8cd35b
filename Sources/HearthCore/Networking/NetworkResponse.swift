public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A raw HTTP exchange's result.
public struct NetworkResponse: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// Response headers, with lower-cased names.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// A response with `headers` named in lower case.
    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

extension NetworkResponse {
    /// The delay a `Retry-After` header asks for: delta-seconds or an HTTP date.
    public var retryAfter: Duration? {
        guard let value = headers["retry-after"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            return nil
        }
        if let seconds = Double(value), seconds >= 0 { return .milliseconds(Int64(seconds * 1000)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return .milliseconds(Int64(max(0, date.timeIntervalSinceNow) * 1000))
    }
}
