/// The answer to `zones/list`: every zone of the database the caller can see.
public struct CloudZonesListResponse: Codable, Sendable, Hashable {
    public var zones: [CloudZone]
    public init(zones: [CloudZone]) { self.zones = zones }
}

/// What to do to a zone in `zones/modify`.
public enum CloudZoneOperationType: String, Codable, Sendable, Hashable, CaseIterable {
    /// Create the zone (succeeds when it already exists).
    case create
    /// Delete the zone and every record and share in it.
    case delete
}

/// One operation of `zones/modify`.
public struct CloudZoneOperation: Codable, Sendable, Hashable {
    public var operationType: CloudZoneOperationType
    public var zone: CloudZone

    public init(operationType: CloudZoneOperationType, zone: CloudZone) {
        self.operationType = operationType
        self.zone = zone
    }
}

/// `POST /cloud/v1/private/zones/modify`: create and delete zones of the caller's private database.
public struct CloudZonesModifyRequest: Codable, Sendable, Hashable {
    public var operations: [CloudZoneOperation]
    public init(operations: [CloudZoneOperation]) { self.operations = operations }
}

/// The answer to `zones/modify`: one result per operation, in order.
public struct CloudZonesModifyResponse: Codable, Sendable, Hashable {
    public var zones: [CloudItemResult<CloudZone>]
    public init(zones: [CloudItemResult<CloudZone>]) { self.zones = zones }
}

/// One zone to fetch changes of, in `zones/changes`.
public struct CloudZoneChangesQuery: Codable, Sendable, Hashable {
    public var zoneID: CloudZoneID
    /// Where the client stopped last time; nil fetches every live record (and no deletions).
    public var syncToken: CloudSyncToken?
    /// At most this many records (capped by the server's limit).
    public var resultsLimit: Int?
    /// Only these fields of each record; every field when nil.
    public var desiredKeys: [String]?

    public init(zoneID: CloudZoneID, syncToken: CloudSyncToken? = nil, resultsLimit: Int? = nil, desiredKeys: [String]? = nil) {
        self.zoneID = zoneID
        self.syncToken = syncToken
        self.resultsLimit = resultsLimit
        self.desiredKeys = desiredKeys
    }
}

/// `POST /cloud/v1/{database}/zones/changes`: the record changes of several zones at once.
public struct CloudZoneChangesRequest: Codable, Sendable, Hashable {
    public var zones: [CloudZoneChangesQuery]
    public init(zones: [CloudZoneChangesQuery]) { self.zones = zones }
}

/// The answer to `zones/changes`: per zone, its changes or the error that stopped them (such as an expired token).
public struct CloudZoneChangesResponse: Codable, Sendable, Hashable {
    public var zones: [CloudItemResult<CloudRecordChangesResponse>]
    public init(zones: [CloudItemResult<CloudRecordChangesResponse>]) { self.zones = zones }
}

/// `POST /cloud/v1/{database}/changes/database`: which zones changed since a token.
public struct CloudDatabaseChangesRequest: Codable, Sendable, Hashable {
    /// Where the client stopped last time; nil lists every zone.
    public var syncToken: CloudSyncToken?
    /// The most zones to return (the server caps it); `moreComing` says when more remain.
    public var resultsLimit: Int?
    public init(syncToken: CloudSyncToken? = nil, resultsLimit: Int? = nil) {
        self.syncToken = syncToken
        self.resultsLimit = resultsLimit
    }
}

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

/// The answer to `changes/database`.
public struct CloudDatabaseChangesResponse: Codable, Sendable, Hashable {
    public var zones: [CloudZoneChange]
    /// Pass this to the next request.
    public var syncToken: CloudSyncToken
    /// Whether more changes are waiting (ask again with the new token).
    public var moreComing: Bool

    public init(zones: [CloudZoneChange], syncToken: CloudSyncToken, moreComing: Bool) {
        self.zones = zones
        self.syncToken = syncToken
        self.moreComing = moreComing
    }
}
