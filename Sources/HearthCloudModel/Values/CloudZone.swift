/// A zone as the server describes it.
public struct CloudZone: Codable, Sendable, Hashable {
    /// The zone's name and owner.
    public var zoneID: CloudZoneID
    /// A token for the zone's current state, to pass to the next changes request.
    public var syncToken: CloudSyncToken?
    /// Whether a batch of saves in this zone succeeds or fails as a whole by default.
    public var atomic: Bool

    public init(zoneID: CloudZoneID, syncToken: CloudSyncToken? = nil, atomic: Bool = true) {
        self.zoneID = zoneID
        self.syncToken = syncToken
        self.atomic = atomic
    }

    private enum CodingKeys: String, CodingKey { case zoneID, syncToken, atomic }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        zoneID = try container.decode(CloudZoneID.self, forKey: .zoneID)
        syncToken = try container.decodeIfPresent(CloudSyncToken.self, forKey: .syncToken)
        atomic = try container.decodeIfPresent(Bool.self, forKey: .atomic) ?? true
    }
}
