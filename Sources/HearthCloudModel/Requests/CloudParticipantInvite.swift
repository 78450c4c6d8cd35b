/// Someone to invite: by account (`userRecordName`) or by email.
public struct CloudParticipantInvite: Codable, Sendable, Hashable {
    public var userRecordName: String?
    public var emailAddress: String?
    /// `READ_ONLY` or `READ_WRITE`.
    public var permission: CloudSharePermission
    /// `PRIVATE_USER` (the default) or `ADMINISTRATOR` (only the owner may make administrators).
    public var role: CloudShareRole?

    public init(
        userRecordName: String? = nil, emailAddress: String? = nil, permission: CloudSharePermission,
        role: CloudShareRole? = nil
    ) {
        self.userRecordName = userRecordName
        self.emailAddress = emailAddress
        self.permission = permission
        self.role = role
    }
}
