/// `POST /cloud/v1/{database}/shares/participants/remove`: remove people (owner and administrators only).
public struct CloudParticipantsRemoveRequest: Codable, Sendable, Hashable {
    public var zoneID: CloudZoneID?
    public var shareName: String
    public var participantIDs: [String]

    public init(zoneID: CloudZoneID? = nil, shareName: String, participantIDs: [String]) {
        self.zoneID = zoneID
        self.shareName = shareName
        self.participantIDs = participantIDs
    }
}
