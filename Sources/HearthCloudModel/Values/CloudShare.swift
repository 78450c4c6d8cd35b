/// A participant's part in a share.
public enum CloudShareRole: String, Codable, Sendable, Hashable, CaseIterable {
    /// The user who owns the shared zone; exactly one per share.
    case owner = "OWNER"
    /// May add and remove participants (but not the owner or other administrators).
    case administrator = "ADMINISTRATOR"
    /// Invited by name or email.
    case privateUser = "PRIVATE_USER"
    /// Joined through the share link.
    case publicUser = "PUBLIC_USER"
}

/// What a participant (or anyone with the link) may do with the shared records.
public enum CloudSharePermission: String, Codable, Sendable, Hashable, CaseIterable {
    /// Nothing; for `publicPermission`, the link lets nobody in.
    case none = "NONE"
    /// Read the shared records.
    case readOnly = "READ_ONLY"
    /// Read, create, change and delete the shared records.
    case readWrite = "READ_WRITE"
}

/// Where a participant stands with a share.
public enum CloudShareAcceptance: String, Codable, Sendable, Hashable, CaseIterable {
    /// Invited, not yet accepted: sees nothing.
    case pending = "PENDING"
    /// Accepted: sees the shared records in their shared database.
    case accepted = "ACCEPTED"
    /// Removed by the owner or an administrator, or left: sees nothing.
    case removed = "REMOVED"
}

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

/// One person in a share.
public struct CloudShareParticipant: Codable, Sendable, Hashable {
    /// Identifies the participant within the share.
    public var participantID: String
    /// The user, once known (invited by account, or signed up with the invited email).
    public var userRecordName: String?
    /// The email the invitation went to, when invited by email.
    public var emailAddress: String?
    /// The participant's part in the share.
    public var role: CloudShareRole
    /// What the participant may do.
    public var permission: CloudSharePermission
    /// Whether the participant has accepted.
    public var acceptanceStatus: CloudShareAcceptance

    public init(
        participantID: String, userRecordName: String?, emailAddress: String?, role: CloudShareRole,
        permission: CloudSharePermission, acceptanceStatus: CloudShareAcceptance
    ) {
        self.participantID = participantID
        self.userRecordName = userRecordName
        self.emailAddress = emailAddress
        self.role = role
        self.permission = permission
        self.acceptanceStatus = acceptanceStatus
    }
}
