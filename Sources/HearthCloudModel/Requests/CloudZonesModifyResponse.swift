/// The answer to `zones/modify`: one result per operation, in order.
public struct CloudZonesModifyResponse: Codable, Sendable, Hashable {
    public var zones: [CloudItemResult<CloudZone>]
    public init(zones: [CloudItemResult<CloudZone>]) { self.zones = zones }
}
