/// `POST /cloud/v1/{database}/records/modify`: save and delete records of one zone.
public struct CloudRecordsModifyRequest: Codable, Sendable, Hashable {
    /// The zone; the default zone when nil.
    public var zoneID: CloudZoneID?
    public var operations: [CloudRecordOperation]
    /// True (the default): all operations succeed or none is applied. False: each succeeds or fails alone.
    public var atomic: Bool?
    /// Which fields to send back in each saved record; all when nil, none when empty.
    public var desiredKeys: [String]?

    public init(
        zoneID: CloudZoneID? = nil, operations: [CloudRecordOperation], atomic: Bool? = nil,
        desiredKeys: [String]? = nil
    ) {
        self.zoneID = zoneID
        self.operations = operations
        self.atomic = atomic
        self.desiredKeys = desiredKeys
    }
}
