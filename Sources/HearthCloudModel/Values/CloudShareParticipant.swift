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
