/// `POST /cloud/v1/private/shares/create`: share one record (and its children) or a whole zone.
public struct CloudShareCreateRequest: Codable, Sendable, Hashable {
    public var zoneID: CloudZoneID?
    /// The record to share, which must have no parent; nil shares the whole zone.
    public var rootRecordName: String?
    /// What anyone with the link may do; `NONE` (the default) admits only invited participants.
    public var publicPermission: CloudSharePermission?

    public init(
        zoneID: CloudZoneID? = nil, rootRecordName: String? = nil, publicPermission: CloudSharePermission? = nil
    ) {
        self.zoneID = zoneID
        self.rootRecordName = rootRecordName
        self.publicPermission = publicPermission
    }
}
