/// Shares: the answer to `shares/list` and `shares/invitations`.
public struct CloudSharesListResponse: Codable, Sendable, Hashable {
    public var shares: [CloudShare]
    public init(shares: [CloudShare]) { self.shares = shares }
}
