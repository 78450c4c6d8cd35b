/// Names a share: `shares/lookup`, `shares/delete` and `shares/leave`.
public struct CloudShareReference: Codable, Sendable, Hashable {
    public var zoneID: CloudZoneID?
    public var shareName: String

    public init(zoneID: CloudZoneID? = nil, shareName: String) {
        self.zoneID = zoneID
        self.shareName = shareName
    }
}
