/// A share: one record and its children, or a whole zone, made visible to other users.
public struct CloudShare: Codable, Sendable, Hashable {
    /// The fixed name of the share that covers a whole zone.
    public static let zoneWideShareName = "cloudkit.zoneshare"

    /// The share's own name (`cloudkit.zoneshare` for a zone-wide share, `share-<root>` for a record share).
    public var shareName: String
    /// The zone the share lives in, with its owner.
    public var zoneID: CloudZoneID
    /// The shared record; nil for a zone-wide share.
    public var rootRecordName: String?
    /// What anyone holding the share link may do; `NONE` makes the link work only for invited participants.
    public var publicPermission: CloudSharePermission
    /// Everyone in the share, the owner first.
    public var participants: [CloudShareParticipant]
    /// The secret that accepts the share (``CloudShareAcceptRequest``); give it to the people invited.
    public var shareToken: String
    /// The share's version, which changes with every change to it.
    public var shareChangeTag: String?

    public init(
        shareName: String, zoneID: CloudZoneID, rootRecordName: String?, publicPermission: CloudSharePermission,
        participants: [CloudShareParticipant], shareToken: String, shareChangeTag: String? = nil
    ) {
        self.shareName = shareName
        self.zoneID = zoneID
        self.rootRecordName = rootRecordName
        self.publicPermission = publicPermission
        self.participants = participants
        self.shareToken = shareToken
        self.shareChangeTag = shareChangeTag
    }

    /// Whether the share covers the whole zone rather than one record hierarchy.
    public var isZoneWide: Bool { rootRecordName == nil }
}
