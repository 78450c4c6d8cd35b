public import HearthCloudModel

/// The share of a medical record: the link that admits people to it, and who is in it.
public struct HealthShare: Sendable, Hashable, Codable {
    /// The shared record's id.
    public var recordUUID: String
    /// The share's name on the server (`share-` followed by the record's name).
    public var shareName: String
    /// The share link: the secret token a person accepts the share with (`hearth health share accept LINK`).
    /// Empty when the viewer may not hand it on (a participant of an invite-only share).
    public var link: String
    /// What anyone holding the link may do: `NONE` admits only invited people (who still need the link).
    public var linkPermission: CloudSharePermission
    /// Everyone in the share, the owner first.
    public var participants: [HealthShareParticipant]

    public init(recordUUID: String, share: CloudShare) {
        self.recordUUID = recordUUID
        shareName = share.shareName
        link = share.shareToken
        linkPermission = share.publicPermission
        participants = share.participants.map(HealthShareParticipant.init)
    }

    /// The participants other than the owner, as the record's `shareParticipantsSummary` says them:
    /// "bob@example.com (read-write, accepted); carol@example.com (read-only, invited)".
    public var summary: String {
        participants.filter { $0.role != .owner && $0.acceptance != .removed }.map(\.description).joined(
            separator: "; ")
    }
}
