/// `POST /cloud/v1/{database}/shares/update`: change what the share link allows.
public struct CloudShareUpdateRequest: Codable, Sendable, Hashable {
    public var zoneID: CloudZoneID?
    public var shareName: String
    public var publicPermission: CloudSharePermission

    public init(zoneID: CloudZoneID? = nil, shareName: String, publicPermission: CloudSharePermission) {
        self.zoneID = zoneID
        self.shareName = shareName
        self.publicPermission = publicPermission
    }
}
