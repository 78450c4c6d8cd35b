public import Foundation
public import HearthCloudModel

/// The share of a money book its owner made: who is in it and what each may do.
public struct BookShare: Sendable, Hashable, Codable {
    /// The secret an invited person accepts the share with (`hearth finance share accept TOKEN`); the pages
    /// and `hearth finance share invitations` offer it to them, so it rarely needs handing on.
    public var token: String
    /// Everyone invited, the owner left out, removed people too (marked so).
    public var participants: [CloudShareParticipant]

    public init(share: CloudShare) {
        token = share.shareToken
        participants = share.participants.filter { $0.role != .owner }
    }

    /// The people who still have (or were offered) the book.
    public var current: [CloudShareParticipant] { participants.filter { $0.acceptanceStatus != .removed } }
}
