/// A vehicle shared with the signed-in user, as the pages name it.
public struct SharedVehicle: Sendable, Hashable {
    /// The owner's address (or account id when the account has none).
    public var owner: String
    /// Whether the user may change it.
    public var isWritable: Bool
}
