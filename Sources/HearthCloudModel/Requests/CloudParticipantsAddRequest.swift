/// `POST /cloud/v1/{database}/shares/participants/add`: invite people (owner and administrators only).
public struct CloudParticipantsAddRequest: Codable, Sendable, Hashable {
    public var zoneID: CloudZoneID?
    public var shareName: String
    public var participants: [CloudParticipantInvite]

    public init(zoneID: CloudZoneID? = nil, shareName: String, participants: [CloudParticipantInvite]) {
        self.zoneID = zoneID
        self.shareName = shareName
        self.participants = participants
    }
}
