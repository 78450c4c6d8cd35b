/// The signed-in user a GraphQL operation runs for, as the server's accounts know them.
public struct PantryViewer: Sendable, Equatable {
    /// The account's id (the cloud API's `userRecordName`).
    public let userID: String
    /// The account's email address.
    public let email: String

    public init(userID: String, email: String) {
        self.userID = userID
        self.email = email
    }
}
