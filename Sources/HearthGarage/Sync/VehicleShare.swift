public import Foundation
public import HearthCloudModel

/// The share of a vehicle its owner made: who is in it and what each may do.
public struct VehicleShare: Sendable, Hashable, Codable {
    /// The shared vehicle's id.
    public var vehicleID: UUID
    /// The share's name on the server (`share-` followed by the vehicle's record name).
    public var shareName: String
    /// The secret an invited person accepts the share with (`hearth garage share accept TOKEN`); the pages
    /// and `hearth garage share invitations` offer it to them, so it rarely needs handing on.
    public var token: String
    /// Everyone invited, the owner left out, removed people too (marked so).
    public var participants: [CloudShareParticipant]

    public init(vehicleID: UUID, share: CloudShare) {
        self.vehicleID = vehicleID
        shareName = share.shareName
        token = share.shareToken
        participants = share.participants.filter { $0.role != .owner }
    }

    /// The people who still have (or were offered) access.
    public var current: [CloudShareParticipant] { participants.filter { $0.acceptanceStatus != .removed } }
}
