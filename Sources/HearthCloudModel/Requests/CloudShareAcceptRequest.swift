/// `POST /cloud/v1/shares/accept`: join a share with its token (an invitation, or a public link).
public struct CloudShareAcceptRequest: Codable, Sendable, Hashable {
    public var shareToken: String
    public init(shareToken: String) { self.shareToken = shareToken }
}
