/// `POST /cloud/v1/accounts/password/change`: a new password, with the current one.
public struct CloudPasswordChangeRequest: Codable, Sendable, Hashable {
    public var currentPassword: String
    public var newPassword: String

    public init(currentPassword: String, newPassword: String) {
        self.currentPassword = currentPassword
        self.newPassword = newPassword
    }
}
