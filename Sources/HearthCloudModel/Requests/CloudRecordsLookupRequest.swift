/// `POST /cloud/v1/{database}/records/lookup`: fetch records by name.
public struct CloudRecordsLookupRequest: Codable, Sendable, Hashable {
    public var zoneID: CloudZoneID?
    public var records: [CloudRecordLookup]
    public var desiredKeys: [String]?

    public init(zoneID: CloudZoneID? = nil, records: [CloudRecordLookup], desiredKeys: [String]? = nil) {
        self.zoneID = zoneID
        self.records = records
        self.desiredKeys = desiredKeys
    }
}
