/// What a `records/modify` operation does.
public enum CloudRecordOperationType: String, Codable, Sendable, Hashable, CaseIterable {
    /// Create a new record; `EXISTS` when one by that name is there.
    case create
    /// Change the given fields of an existing record (the others stay); the change tag must be current.
    case update
    /// Like `update`, without checking the change tag.
    case forceUpdate
    /// Create the record, or replace all its fields; the change tag must be current when it exists.
    case replace
    /// Like `replace`, without checking the change tag.
    case forceReplace
    /// Delete the record; the change tag must be current.
    case delete
    /// Delete the record without checking the change tag; succeeds when it is already gone.
    case forceDelete
}

/// One operation of `records/modify`.
public struct CloudRecordOperation: Codable, Sendable, Hashable {
    public var operationType: CloudRecordOperationType
    /// The record: name and type always; fields for saves; the change tag for checked saves and deletes.
    public var record: CloudRecord
    /// For `update` and `forceUpdate`: fields to remove.
    public var removeFields: [String]?

    public init(operationType: CloudRecordOperationType, record: CloudRecord, removeFields: [String]? = nil) {
        self.operationType = operationType
        self.record = record
        self.removeFields = removeFields
    }
}

/// `POST /cloud/v1/{database}/records/modify`: save and delete records of one zone.
public struct CloudRecordsModifyRequest: Codable, Sendable, Hashable {
    /// The zone; the default zone when nil.
    public var zoneID: CloudZoneID?
    public var operations: [CloudRecordOperation]
    /// True (the default): all operations succeed or none is applied. False: each succeeds or fails alone.
    public var atomic: Bool?
    /// Which fields to send back in each saved record; all when nil, none when empty.
    public var desiredKeys: [String]?

    public init(zoneID: CloudZoneID? = nil, operations: [CloudRecordOperation], atomic: Bool? = nil, desiredKeys: [String]? = nil) {
        self.zoneID = zoneID
        self.operations = operations
        self.atomic = atomic
        self.desiredKeys = desiredKeys
    }
}

/// The answer to `records/modify`: one result per operation, in request order.
public struct CloudRecordsModifyResponse: Codable, Sendable, Hashable {
    public var records: [CloudItemResult<CloudRecord>]
    public init(records: [CloudItemResult<CloudRecord>]) { self.records = records }
}

/// A record to look up.
public struct CloudRecordLookup: Codable, Sendable, Hashable {
    public var recordName: String
    public init(recordName: String) { self.recordName = recordName }
}

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

/// The answer to `records/lookup`: the record or `NOT_FOUND` for each name, in order.
public struct CloudRecordsLookupResponse: Codable, Sendable, Hashable {
    public var records: [CloudItemResult<CloudRecord>]
    public init(records: [CloudItemResult<CloudRecord>]) { self.records = records }
}

/// How a query filter compares a field with a value.
public enum CloudComparator: String, Codable, Sendable, Hashable, CaseIterable {
    case equals = "EQUALS"
    case notEquals = "NOT_EQUALS"
    case lessThan = "LESS_THAN"
    case lessThanOrEquals = "LESS_THAN_OR_EQUALS"
    case greaterThan = "GREATER_THAN"
    case greaterThanOrEquals = "GREATER_THAN_OR_EQUALS"
    /// The string field starts with the string value.
    case beginsWith = "BEGINS_WITH"
    /// The field equals one element of the list value.
    case `in` = "IN"
    /// The list field contains the value.
    case listContains = "LIST_CONTAINS"
}

/// One condition of a query: records whose `fieldName` compares so with `fieldValue`.
public struct CloudQueryFilter: Codable, Sendable, Hashable {
    public var fieldName: String
    public var comparator: CloudComparator
    public var fieldValue: CloudFieldValue

    public init(fieldName: String, comparator: CloudComparator, fieldValue: CloudFieldValue) {
        self.fieldName = fieldName
        self.comparator = comparator
        self.fieldValue = fieldValue
    }
}

/// An ordering of query results. Records without the field come last.
public struct CloudQuerySort: Codable, Sendable, Hashable {
    public var fieldName: String
    public var ascending: Bool

    public init(fieldName: String, ascending: Bool = true) {
        self.fieldName = fieldName
        self.ascending = ascending
    }

    private enum CodingKeys: String, CodingKey { case fieldName, ascending }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fieldName = try container.decode(String.self, forKey: .fieldName)
        ascending = try container.decodeIfPresent(Bool.self, forKey: .ascending) ?? true
    }
}

/// Records of one type that pass every filter, in the given order (then by record name).
public struct CloudQuery: Codable, Sendable, Hashable {
    public var recordType: String
    public var filterBy: [CloudQueryFilter]?
    public var sortBy: [CloudQuerySort]?

    public init(recordType: String, filterBy: [CloudQueryFilter]? = nil, sortBy: [CloudQuerySort]? = nil) {
        self.recordType = recordType
        self.filterBy = filterBy
        self.sortBy = sortBy
    }
}

/// `POST /cloud/v1/{database}/records/query`.
public struct CloudRecordsQueryRequest: Codable, Sendable, Hashable {
    public var zoneID: CloudZoneID?
    public var query: CloudQuery
    /// At most this many records per page (capped by the server's limit).
    public var resultsLimit: Int?
    /// The marker from the previous page, to continue after it.
    public var continuationMarker: String?
    public var desiredKeys: [String]?

    public init(zoneID: CloudZoneID? = nil, query: CloudQuery, resultsLimit: Int? = nil, continuationMarker: String? = nil, desiredKeys: [String]? = nil) {
        self.zoneID = zoneID
        self.query = query
        self.resultsLimit = resultsLimit
        self.continuationMarker = continuationMarker
        self.desiredKeys = desiredKeys
    }
}

/// The answer to `records/query`: a page of records and, when more match, a marker for the next page.
public struct CloudRecordsQueryResponse: Codable, Sendable, Hashable {
    public var records: [CloudRecord]
    public var continuationMarker: String?

    public init(records: [CloudRecord], continuationMarker: String? = nil) {
        self.records = records
        self.continuationMarker = continuationMarker
    }
}

/// `POST /cloud/v1/{database}/records/changes`: what changed in one zone since a sync token.
public struct CloudRecordChangesRequest: Codable, Sendable, Hashable {
    public var zoneID: CloudZoneID?
    /// Where the client stopped; nil fetches every live record (and no deletions).
    public var syncToken: CloudSyncToken?
    public var resultsLimit: Int?
    public var desiredKeys: [String]?

    public init(zoneID: CloudZoneID? = nil, syncToken: CloudSyncToken? = nil, resultsLimit: Int? = nil, desiredKeys: [String]? = nil) {
        self.zoneID = zoneID
        self.syncToken = syncToken
        self.resultsLimit = resultsLimit
        self.desiredKeys = desiredKeys
    }
}

/// Changed and deleted records of one zone, oldest change first.
public struct CloudRecordChangesResponse: Codable, Sendable, Hashable {
    public var zoneID: CloudZoneID
    /// Changed records, and deletions (`deleted: true`).
    public var records: [CloudRecord]
    /// Pass this to the next request.
    public var syncToken: CloudSyncToken
    /// Whether more changes are waiting: ask again at once with the new token.
    public var moreComing: Bool

    public init(zoneID: CloudZoneID, records: [CloudRecord], syncToken: CloudSyncToken, moreComing: Bool) {
        self.zoneID = zoneID
        self.records = records
        self.syncToken = syncToken
        self.moreComing = moreComing
    }
}
