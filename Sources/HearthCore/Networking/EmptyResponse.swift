import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The response type for calls whose answer has no useful body.
public struct EmptyResponse: Codable, Sendable, Equatable {
    public init() {}
}
