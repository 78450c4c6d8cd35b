/// A zone that changed, or was deleted (or, in the shared database, became invisible to the caller).
public struct CloudZoneChange: Codable, Sendable, Hashable {
    public var zoneID: CloudZoneID
    /// True when the zone is gone for the caller: drop everything local from it.
    public var deleted: Bool

    public init(zoneID: CloudZoneID, deleted: Bool) {
        self.zoneID = zoneID
        self.deleted = deleted
    }
}
