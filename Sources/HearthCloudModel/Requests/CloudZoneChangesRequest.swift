/// `POST /cloud/v1/{database}/zones/changes`: the record changes of several zones at once.
public struct CloudZoneChangesRequest: Codable, Sendable, Hashable {
    public var zones: [CloudZoneChangesQuery]
    public init(zones: [CloudZoneChangesQuery]) { self.zones = zones }
}
