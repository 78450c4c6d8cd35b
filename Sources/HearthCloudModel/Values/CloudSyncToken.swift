/// An opaque position in a changes feed. Pass back the one the server gave; never build one.
///
/// A token can expire when the server compacts old deletions; the server then answers
/// `CHANGE_TOKEN_EXPIRED` and the client fetches again without a token.
public struct CloudSyncToken: Codable, Sendable, Hashable, RawRepresentable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}
