/// Which of a user's two views of the cloud a request addresses.
public enum CloudDatabaseScope: String, Codable, Sendable, Hashable, CaseIterable {
    /// The caller's own zones.
    case `private`
    /// Zones of other users that the caller has accepted a share in.
    case shared
}

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

/// A zone as the server describes it.
public struct CloudZone: Codable, Sendable, Hashable {
    /// The zone's name and owner.
    public var zoneID: CloudZoneID
    /// A token for the zone's current state, to pass to the next changes request.
    public var syncToken: CloudSyncToken?
    /// Whether a batch of saves in this zone succeeds or fails as a whole by default.
    public var atomic: Bool

    public init(zoneID: CloudZoneID, syncToken: CloudSyncToken? = nil, atomic: Bool = true) {
        self.zoneID = zoneID
        self.syncToken = syncToken
        self.atomic = atomic
    }

    private enum CodingKeys: String, CodingKey { case zoneID, syncToken, atomic }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        zoneID = try container.decode(CloudZoneID.self, forKey: .zoneID)
        syncToken = try container.decodeIfPresent(CloudSyncToken.self, forKey: .syncToken)
        atomic = try container.decodeIfPresent(Bool.self, forKey: .atomic) ?? true
    }
}

/// An opaque position in a changes feed. Pass back the one the server gave; never build one.
///
/// A token can expire when the server compacts old deletions; the server then answers
/// `CHANGE_TOKEN_EXPIRED` and the client fetches again without a token.
public struct CloudSyncToken: Codable, Sendable, Hashable, RawRepresentable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}
