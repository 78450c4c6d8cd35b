/// A vehicle offered to the signed-in user and not accepted yet.
public struct VehicleInvitation: Sendable, Hashable {
    /// Who offers it: their address, or their account id.
    public var from: String
    /// The token that accepts it.
    public var token: String
}
