/// Names a zone: its name and its owner (the caller's own zone when the owner is left out).
public struct CloudZoneID: Codable, Sendable, Hashable, CustomStringConvertible {
    /// The zone every private database has and that cannot be deleted.
    public static let defaultZoneName = "_defaultZone"

    /// The zone's name, unique among its owner's zones.
    public var zoneName: String
    /// The owner's `userRecordName`; nil means the caller.
    public var ownerRecordName: String?

    public init(zoneName: String, ownerRecordName: String? = nil) {
        self.zoneName = zoneName
        self.ownerRecordName = ownerRecordName
    }

    /// The caller's default zone.
    public static var `default`: CloudZoneID { CloudZoneID(zoneName: defaultZoneName) }

    public var description: String {
        ownerRecordName.map { "\(zoneName) of \($0)" } ?? zoneName
    }
}
