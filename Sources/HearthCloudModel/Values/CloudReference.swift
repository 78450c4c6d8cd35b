import Foundation

/// A link to a record: its name, its zone (the same zone when nil) and what deleting the target does.
public struct CloudReference: Codable, Sendable, Hashable {
    /// The target record's name.
    public var recordName: String
    /// The target's zone; nil means the referring record's own zone.
    public var zoneID: CloudZoneID?
    /// What deleting the target does to the referring record.
    public var action: CloudReferenceAction

    public init(recordName: String, zoneID: CloudZoneID? = nil, action: CloudReferenceAction = .none) {
        self.recordName = recordName
        self.zoneID = zoneID
        self.action = action
    }

    private enum CodingKeys: String, CodingKey { case recordName, zoneID, action }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        recordName = try container.decode(String.self, forKey: .recordName)
        zoneID = try container.decodeIfPresent(CloudZoneID.self, forKey: .zoneID)
        action = try container.decodeIfPresent(CloudReferenceAction.self, forKey: .action) ?? .none
    }
}
