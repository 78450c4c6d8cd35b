/// The answer to `zones/list`: every zone of the database the caller can see.
public struct CloudZonesListResponse: Codable, Sendable, Hashable {
    public var zones: [CloudZone]
    public init(zones: [CloudZone]) { self.zones = zones }
}
