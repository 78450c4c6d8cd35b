/// What the pantry shows of an account of the server: the cloud API's user id and email.
struct AccountRecord: Sendable, Equatable {
    var id: String
    var email: String
}
