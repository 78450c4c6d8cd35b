import Foundation
import HearthCloudModel
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

        public init(
            zoneName: String, recordTypes: [String], roots: [String]?, structural: Bool = false,
            recordNames: [String]? = nil
        ) {
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
        copy.zones = copy.zones.map {
            Zone(
                zoneName: $0.zoneName, recordTypes: Array($0.recordTypes.prefix(20)), roots: nil,
                structural: $0.structural)
        }
        if copy.encodedSize <= maxBytes { return copy }
        copy.zones = Array(copy.zones.prefix(50)).map {
            Zone(zoneName: $0.zoneName, recordTypes: [], roots: nil, structural: true)
        }
        return copy
    }

    /// The event as a `NOTIFY` payload: encoded once when it fits, compacted first when it does not.
    func notifyPayload(maxBytes: Int = 7000) throws -> String {
        let bytes = json
        if bytes.count <= maxBytes { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: compacted(maxBytes: maxBytes).json, as: UTF8.self)
    }

    var encodedSize: Int { json.count }

    /// The event as JSON, written by hand: the document `Codable` makes with sorted keys, for a fraction of its
    /// cost (every write on PostgreSQL sends one).
    var json: [UInt8] {
        var out = JSONOutput(capacity: 256)
        out.raw(UInt8(ascii: "{"))
        if let originDeviceID {
            out.key("originDeviceID")
            out.string(originDeviceID)
            out.raw(UInt8(ascii: ","))
        }
        out.key("originUserID")
        out.string(originUserID)
        out.raw(UInt8(ascii: ","))
        out.key("ownerID")
        out.string(ownerID)
        out.raw(",\"zones\":[")
        for (index, zone) in zones.enumerated() {
            if index > 0 { out.raw(UInt8(ascii: ",")) }
            out.raw(UInt8(ascii: "{"))
            if let names = zone.recordNames {
                out.key("recordNames")
                Self.write(names, to: &out)
                out.raw(UInt8(ascii: ","))
            }
            out.key("recordTypes")
            Self.write(zone.recordTypes, to: &out)
            if let roots = zone.roots {
                out.raw(",\"roots\":")
                Self.write(roots, to: &out)
            }
            out.raw(",\"structural\":")
            out.bool(zone.structural)
            out.raw(",\"zoneName\":")
            out.string(zone.zoneName)
            out.raw(UInt8(ascii: "}"))
        }
        out.raw("]}")
        return out.bytes
    }

    private static func write(_ strings: [String], to out: inout JSONOutput) {
        out.raw(UInt8(ascii: "["))
        for (index, string) in strings.enumerated() {
            if index > 0 { out.raw(UInt8(ascii: ",")) }
            out.string(string)
        }
        out.raw(UInt8(ascii: "]"))
    }

    /// The event from its JSON, read without `Codable`; nil when `json` is not an event.
    init?(json: JSONValue) {
        guard let ownerID = json["ownerID"]?.string, let originUserID = json["originUserID"]?.string,
            let originDeviceID = json.optional("originDeviceID", \.string), let items = json["zones"]?.array
        else { return nil }
        var zones: [Zone] = []
        zones.reserveCapacity(items.count)
        for item in items {
            guard let zoneName = item["zoneName"]?.string, let recordTypes = item["recordTypes"]?.strings,
                let roots = item.optional("roots", \.strings), let structural = item["structural"]?.bool,
                let recordNames = item.optional("recordNames", \.strings)
            else { return nil }
            zones.append(
                Zone(
                    zoneName: zoneName, recordTypes: recordTypes, roots: roots, structural: structural,
                    recordNames: recordNames))
        }
        self.init(ownerID: ownerID, originUserID: originUserID, originDeviceID: originDeviceID, zones: zones)
    }
}

/// Hands every committed change event to each current listener (each buffers the newest 10,000).
public typealias ChangeEventBroadcast = Broadcast<CloudChangeEvent, Void>
