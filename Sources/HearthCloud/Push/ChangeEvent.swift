import HearthCloudModel
import Foundation
public import HearthCore

/// What one committed write changed, for the push channel: whose data, which zones, by which device.
///
/// On PostgreSQL it travels between server processes as the payload of a `NOTIFY`.
public struct CloudChangeEvent: Codable, Sendable, Hashable {
    /// One zone's part in the change.
    public struct Zone: Codable, Sendable, Hashable {
        /// The zone's name (its owner is the event's owner).
        public var zoneName: String
        /// The types of the records that changed.
        public var recordTypes: [String]
        /// The hierarchy roots of the changed records, to tell participants of record shares; nil when unknown.
        public var roots: [String]?
        /// True when the zone itself was created, deleted, or its shares changed.
        public var structural: Bool
        /// The names of the changed records, for query subscriptions with filters; nil when unknown.
        public var recordNames: [String]?

        public init(zoneName: String, recordTypes: [String], roots: [String]?, structural: Bool = false, recordNames: [String]? = nil) {
            self.zoneName = zoneName
            self.recordTypes = recordTypes
            self.roots = roots
            self.structural = structural
            self.recordNames = recordNames
        }
    }

    /// The owner of the changed zones.
    public var ownerID: String
    /// The user who made the change.
    public var originUserID: String
    /// The device that made the change, which is not told of it.
    public var originDeviceID: String?
    /// The changed zones.
    public var zones: [Zone]

    public init(ownerID: String, originUserID: String, originDeviceID: String?, zones: [Zone]) {
        self.ownerID = ownerID
        self.originUserID = originUserID
        self.originDeviceID = originDeviceID
        self.zones = zones
    }

    /// The event made small enough for a PostgreSQL `NOTIFY` payload (under 8000 bytes): record names, roots
    /// and types are dropped first (receivers then treat every root as changed and every filter as matched).
    func compacted(maxBytes: Int = 7000) -> CloudChangeEvent {
        var copy = self
        if copy.encodedSize <= maxBytes { return copy }
        copy.zones = copy.zones.map { zone in
            var zone = zone
            zone.recordNames = nil
            return zone
        }
        if copy.encodedSize <= maxBytes { return copy }
        copy.zones = copy.zones.map { Zone(zoneName: $0.zoneName, recordTypes: Array($0.recordTypes.prefix(20)), roots: nil, structural: $0.structural) }
        if copy.encodedSize <= maxBytes { return copy }
        copy.zones = Array(copy.zones.prefix(50)).map { Zone(zoneName: $0.zoneName, recordTypes: [], roots: nil, structural: true) }
        return copy
    }

    /// The event as a `NOTIFY` payload: encoded once when it fits, compacted first when it does not.
    func notifyPayload(maxBytes: Int = 7000) throws -> String {
        let data = try CloudJSON.encoder.encode(self)
        if data.count <= maxBytes { return String(decoding: data, as: UTF8.self) }
        return String(decoding: try CloudJSON.encoder.encode(compacted(maxBytes: maxBytes)), as: UTF8.self)
    }

    var encodedSize: Int { (try? CloudJSON.encoder.encode(self).count) ?? Int.max }
}

/// Hands every committed change event to each current listener (each buffers the newest 10,000).
public typealias ChangeEventBroadcast = Broadcast<CloudChangeEvent, Void>
