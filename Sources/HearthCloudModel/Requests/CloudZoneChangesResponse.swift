/// The answer to `zones/changes`: per zone, its changes or the error that stopped them (such as an expired token).
public struct CloudZoneChangesResponse: Codable, Sendable, Hashable {
    public var zones: [CloudItemResult<CloudRecordChangesResponse>]
    public init(zones: [CloudItemResult<CloudRecordChangesResponse>]) { self.zones = zones }
}
