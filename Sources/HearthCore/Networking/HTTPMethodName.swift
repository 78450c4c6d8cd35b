import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An HTTP method.
public struct HTTPMethodName: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let get = HTTPMethodName(rawValue: "GET")
    public static let post = HTTPMethodName(rawValue: "POST")
    public static let put = HTTPMethodName(rawValue: "PUT")
    public static let patch = HTTPMethodName(rawValue: "PATCH")
    public static let delete = HTTPMethodName(rawValue: "DELETE")
    public static let head = HTTPMethodName(rawValue: "HEAD")
    /// Whether repeating the request has the same effect as sending it once (RFC 9110 §9.2.2).
    public var isIdempotent: Bool { [.get, .put, .delete, .head].contains(self) }
    public var description: String { rawValue }
}
