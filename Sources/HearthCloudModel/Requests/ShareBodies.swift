/// `POST /cloud/v1/private/shares/create`: share one record (and its children) or a whole zone.
public struct CloudShareCreateRequest: Codable, Sendable, Hashable {
    public var zoneID: CloudZoneID?
    /// The record to share, which must have no parent; nil shares the whole zone.
    public var rootRecordName: String?
    /// What anyone with the link may do; `NONE` (the default) admits only invited participants.
    public var publicPermission: CloudSharePermission?

    public init(zoneID: CloudZoneID? = nil, rootRecordName: String? = nil, publicPermission: CloudSharePermission? = nil) {
        self.zoneID = zoneID
        self.rootRecordName = rootRecordName
        self.publicPermission = publicPermission
    }
}

/// Names a share: `shares/lookup`, `shares/delete` and `shares/leave`.
public struct CloudShareReference: Codable, Sendable, Hashable {
    public var zoneID: CloudZoneID?
    public var shareName: String

    public init(zoneID: CloudZoneID? = nil, shareName: String) {
        self.zoneID = zoneID
        self.shareName = shareName
    }
}

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

/// Someone to invite: by account (`userRecordName`) or by email.
public struct CloudParticipantInvite: Codable, Sendable, Hashable {
    public var userRecordName: String?
    public var emailAddress: String?
    /// `READ_ONLY` or `READ_WRITE`.
    public var permission: CloudSharePermission
    /// `PRIVATE_USER` (the default) or `ADMINISTRATOR` (only the owner may make administrators).
    public var role: CloudShareRole?

    public init(userRecordName: String? = nil, emailAddress: String? = nil, permission: CloudSharePermission, role: CloudShareRole? = nil) {
        self.userRecordName = userRecordName
        self.emailAddress = emailAddress
        self.permission = permission
        self.role = role
    }
}

/// `POST /cloud/v1/{database}/shares/participants/add`: invite people (owner and administrators only).
public struct CloudParticipantsAddRequest: Codable, Sendable, Hashable {
    public var zoneID: CloudZoneID?
    public var shareName: String
    public var participants: [CloudParticipantInvite]

    public init(zoneID: CloudZoneID? = nil, shareName: String, participants: [CloudParticipantInvite]) {
        self.zoneID = zoneID
        self.shareName = shareName
        self.participants = participants
    }
}

/// `POST /cloud/v1/{database}/shares/participants/remove`: remove people (owner and administrators only).
public struct CloudParticipantsRemoveRequest: Codable, Sendable, Hashable {
    public var zoneID: CloudZoneID?
    public var shareName: String
    public var participantIDs: [String]

    public init(zoneID: CloudZoneID? = nil, shareName: String, participantIDs: [String]) {
        self.zoneID = zoneID
        self.shareName = shareName
        self.participantIDs = participantIDs
    }
}

/// `POST /cloud/v1/shares/accept`: join a share with its token (an invitation, or a public link).
public struct CloudShareAcceptRequest: Codable, Sendable, Hashable {
    public var shareToken: String
    public init(shareToken: String) { self.shareToken = shareToken }
}

/// Shares: the answer to `shares/list` and `shares/invitations`.
public struct CloudSharesListResponse: Codable, Sendable, Hashable {
    public var shares: [CloudShare]
    public init(shares: [CloudShare]) { self.shares = shares }
}
