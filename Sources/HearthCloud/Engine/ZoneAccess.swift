import HearthCloudModel

/// A zone as one caller may use it.
struct ZoneAccess: Sendable {
    var zonePK: Int64
    var incarnation: Int64
    var horizon: Int64
    var ownerID: String
    var zoneName: String
    var isOwner: Bool
    var zoneWide: CloudSharePermission?
    var roots: [String: CloudSharePermission]
    /// The owner's change counter when the zone was resolved.
    var ownerSeq: Int64 = 0

    var zoneID: CloudZoneID { CloudZoneID(zoneName: zoneName, ownerRecordName: ownerID) }
    var seesEverything: Bool { isOwner || zoneWide != nil }

    func canRead(root: String) -> Bool { seesEverything || roots[root] != nil }

    func canWrite(root: String) -> Bool {
        isOwner || zoneWide == .readWrite || roots[root] == .readWrite
    }
}
