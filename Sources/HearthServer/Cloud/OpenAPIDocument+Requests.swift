import HearthCloud
import HearthCloudModel

/// The request bodies. Those of `{database}` routes come once per database, named `Private…` and `Shared…`:
/// a zone in the shared database must name its owner, so `zoneID` with `ownerRecordName` is required there.
extension OpenAPIDocument {
    /// The component name of request `name` for `database`.
    static func scoped(_ name: String, _ database: CloudDatabaseScope) -> String {
        (database == .private ? "Private" : "Shared") + name
    }

    static func requestSchemas(_ limits: Limits) -> [String: Any] {
        let password: [String: Any] = [
            "type": "string", "minLength": AccountRules.minPasswordLength, "maxLength": AccountRules.maxPasswordLength,
        ]
        let code: [String: Any] = [
            "type": "string", "pattern": "^[ -]*([0-9][ -]*){6}$", "maxLength": 64,
            "description": "The six digits from the email; spaces and dashes are ignored.",
        ]
        var result: [String: Any] = [
            "SignUpRequest": object(
                [
                    "emailAddress": ref("Email"),
                    "password": [
                        "type": "string", "minLength": AccountRules.minPasswordLength,
                        "maxLength": AccountRules.maxPasswordLength,
                    ],
                ], required: ["emailAddress", "password"]),
            "SignInRequest": object(
                ["emailAddress": string, "password": string], required: ["emailAddress", "password"]),
            "VerificationConfirmRequest": object(["code": code], required: ["code"]),
            "PasswordChangeRequest": object(
                ["currentPassword": string, "newPassword": password], required: ["currentPassword", "newPassword"]),
            "PasswordResetRequest": object(["emailAddress": ref("Email")], required: ["emailAddress"]),
            "PasswordResetConfirmRequest": object(
                ["emailAddress": string, "code": code, "newPassword": password],
                required: ["emailAddress", "code", "newPassword"]),
            "ShareAcceptRequest": object(
                [
                    "shareToken": [
                        "type": "string", "pattern": "^[A-Za-z0-9_-]+$", "minLength": 1, "maxLength": 200,
                        "description": "The token from the share or its link.",
                    ]
                ], required: ["shareToken"]),
            "AssetBytes": [
                "type": "string", "format": "binary", "minLength": 1,
                "description": "The file: 1 to \(limits.maxAssetBytes) bytes (413 over that).",
            ],
        ]
        result.merge(recordOperationSchemas(limits)) { $1 }
        for database in CloudDatabaseScope.allCases {
            for (name, schema) in scopedRequests(database, limits) { result[scoped(name, database)] = schema }
        }
        return result
    }

    /// How `records/modify` names one operation: saves carry a well-formed record, `update` and `delete` its
    /// change tag; deletes need only the name.
    private static func recordOperationSchemas(_ limits: Limits) -> [String: Any] {
        let parent = request(
            [
                "recordName": ref("RecordName"), "zoneID": ref("RecordZoneID"),
                "action": enumeration(CloudReferenceAction.allCases.map(\.rawValue)),
            ], required: ["recordName"])
        let saved: [String: Any] = [
            "recordName": ref("RecordName"), "recordType": recordType(limits), "zoneID": ref("RecordZoneID"),
            "fields": ref("Fields"), "recordChangeTag": string, "parent": parent,
        ]
        let named: [String: Any] = [
            "recordName": ref("RecordName"), "recordType": string, "zoneID": ref("RecordZoneID"),
            "recordChangeTag": string,
        ]
        func operation(_ types: [CloudRecordOperationType], _ record: String, removeFields: [String: Any]) -> [String:
            Any]
        {
            request(
                [
                    "operationType": enumeration(types.map(\.rawValue)), "record": ref(record),
                    "removeFields": array(removeFields),
                ], required: ["operationType", "record"])
        }
        return [
            "SavedRecord": request(saved, required: ["recordName", "recordType"]),
            "CheckedSavedRecord": request(saved, required: ["recordName", "recordType", "recordChangeTag"]),
            "NamedRecord": request(named, required: ["recordName"]),
            "CheckedNamedRecord": request(named, required: ["recordName", "recordChangeTag"]),
            "RecordOperation": [
                "oneOf": [
                    operation(
                        [.create, .forceUpdate, .replace, .forceReplace], "SavedRecord", removeFields: ref("FieldName")),
                    operation([.update], "CheckedSavedRecord", removeFields: ref("FieldName")),
                    operation([.delete], "CheckedNamedRecord", removeFields: string),
                    operation([.forceDelete], "NamedRecord", removeFields: string),
                ],
                "description":
                    "create (409 when it exists), update (needs the record's recordChangeTag; 409 when the server's differs), forceUpdate, replace (409 when the tag differs), forceReplace, delete (needs the tag), forceDelete. The record's zoneID, parent and references must name the request's zone, and a record may appear once per batch and not be its own parent.",
            ],
        ]
    }

    /// The requests of `{database}` routes, unprefixed, as `database` reads them.
    private static func scopedRequests(_ database: CloudDatabaseScope, _ limits: Limits) -> [String: Any] {
        let zoneID: [String: Any] = ref(scoped("ZoneID", database))
        let shared = database == .shared
        /// A request naming a zone: the caller's default zone when left out, which the shared database has none of.
        func inZone(_ properties: [String: Any], required: [String] = []) -> [String: Any] {
            var properties = properties
            properties["zoneID"] = zoneID
            return request(properties, required: required + (shared ? ["zoneID"] : []))
        }
        let noFilters: [String: Any] = [
            "type": "array", "maxItems": 0, "description": "Only query subscriptions filter.",
        ]
        let subscription: [String: Any] = [
            "subscriptionID": ref("RecordName"),
            "databaseScope": enumeration(CloudDatabaseScope.allCases.map(\.rawValue)), "zoneID": zoneID,
            "recordType": string,
        ]
        func subscriptionKind(_ type: CloudSubscriptionType, _ extra: [String: Any], required: [String]) -> [String:
            Any]
        {
            request(
                subscription.merging(extra) { $1 }.merging(["subscriptionType": constant(type.rawValue)]) { $1 },
                required: ["subscriptionID", "subscriptionType"] + required)
        }
        let permissions = [CloudSharePermission.readOnly, .readWrite].map(\.rawValue)
        let invite: [String: Any] = [
            "permission": enumeration(permissions),
            "role": enumeration([CloudShareRole.privateUser, .administrator].map(\.rawValue)),
        ]
        let null: [String: Any] = ["type": "null"]
        let zoneOperation = request(["zoneID": zoneID, "syncToken": string, "atomic": boolean], required: ["zoneID"])
        let notDefaultZone: [String: Any] = [
            "allOf": [
                zoneOperation,
                [
                    "properties": [
                        "zoneID": ["properties": ["zoneName": ["not": ["const": CloudZoneID.defaultZoneName]]]]
                    ]
                ],
            ]
        ]
        return [
            "ZoneID": shared
                ? object(
                    [
                        "zoneName": ref("ZoneName"),
                        "ownerRecordName": [
                            "type": "string", "minLength": 1,
                            "description":
                                "The owner's userRecordName (not the caller's: use the private database for your own zones).",
                        ],
                    ], required: ["zoneName", "ownerRecordName"])
                : request(
                    [
                        "zoneName": ref("ZoneName"),
                        "ownerRecordName": [
                            "type": "string",
                            "description": "The caller's userRecordName, when given (403 for anyone else's).",
                        ],
                    ], required: ["zoneName"]),
            "ZonesModifyRequest": object(
                [
                    "operations": array(
                        [
                            "oneOf": [
                                object(
                                    ["operationType": constant("create"), "zone": zoneOperation],
                                    required: ["operationType", "zone"]),
                                object(
                                    ["operationType": constant("delete"), "zone": notDefaultZone],
                                    required: ["operationType", "zone"]),
                            ]
                        ], min: 1, max: limits.maxOperations)
                ], required: ["operations"]),
            "ZoneChangesRequest": object(
                [
                    "zones": array(
                        request(
                            [
                                "zoneID": zoneID, "syncToken": ref("SyncToken"), "resultsLimit": ref("ResultsLimit"),
                                "desiredKeys": array(string),
                            ], required: ["zoneID"]), max: limits.maxOperations)
                ], required: ["zones"]),
            "DatabaseChangesRequest": request(["syncToken": ref("SyncToken"), "resultsLimit": ref("ResultsLimit")]),
            "RecordsModifyRequest": inZone(
                [
                    "operations": array(ref("RecordOperation"), min: 1, max: limits.maxOperations),
                    "atomic": ["type": "boolean", "default": true], "desiredKeys": array(string),
                ], required: ["operations"]),
            "RecordsLookupRequest": inZone(
                [
                    "records": array(
                        object(["recordName": ref("RecordName")], required: ["recordName"]), max: limits.maxOperations),
                    "desiredKeys": array(string),
                ], required: ["records"]),
            "RecordsQueryRequest": inZone(
                [
                    "query": request(
                        [
                            "recordType": ref("TypeName"), "filterBy": array(ref("QueryFilter")),
                            "sortBy": array(ref("QuerySort")),
                        ], required: ["recordType"]),
                    "resultsLimit": ref("ResultsLimit"), "desiredKeys": array(string),
                    "continuationMarker": [
                        "type": "string",
                        "description":
                            "The marker of the previous page of the same query; the server refuses any other with 400.",
                    ],
                ], required: ["query"]),
            "RecordChangesRequest": inZone([
                "syncToken": ref("SyncToken"), "resultsLimit": ref("ResultsLimit"), "desiredKeys": array(string),
            ]),
            "ShareCreateRequest": inZone(["rootRecordName": ref("RecordName"), "publicPermission": ref("Permission")]),
            "ShareReference": inZone(["shareName": string], required: ["shareName"]),
            "ShareUpdateRequest": inZone(
                ["shareName": string, "publicPermission": ref("Permission")],
                required: ["shareName", "publicPermission"]),
            "ParticipantsAddRequest": inZone(
                [
                    "shareName": string,
                    "participants": array(
                        [
                            "oneOf": [
                                request(
                                    invite.merging(["userRecordName": string, "emailAddress": null]) { $1 },
                                    required: ["userRecordName", "permission"]),
                                request(
                                    invite.merging(["emailAddress": ref("Email"), "userRecordName": null]) { $1 },
                                    required: ["emailAddress", "permission"]),
                            ], "description": "A user by userRecordName or by emailAddress, never both.",
                        ], min: 1, max: max(1, limits.maxParticipants - 1)),
                ], required: ["shareName", "participants"]),
            "ParticipantsRemoveRequest": inZone(
                ["shareName": string, "participantIDs": array(string, min: 1)],
                required: ["shareName", "participantIDs"]),
            "SubscriptionsModifyRequest": object(
                [
                    "operations": array(
                        [
                            "oneOf": [
                                object(
                                    [
                                        "operationType": constant("create"),
                                        "subscription": [
                                            "oneOf": [
                                                subscriptionKind(.database, ["filterBy": noFilters], required: []),
                                                subscriptionKind(.zone, ["filterBy": noFilters], required: ["zoneID"]),
                                                subscriptionKind(
                                                    .query,
                                                    [
                                                        "recordType": recordType(limits),
                                                        "filterBy": array(ref("QueryFilter")),
                                                    ], required: ["recordType"]),
                                            ]
                                        ],
                                    ], required: ["operationType", "subscription"]),
                                object(
                                    [
                                        "operationType": constant("delete"),
                                        "subscription": request(
                                            [
                                                "subscriptionID": ref("RecordName"),
                                                "subscriptionType": enumeration(
                                                    CloudSubscriptionType.allCases.map(\.rawValue)),
                                                "databaseScope": enumeration(
                                                    CloudDatabaseScope.allCases.map(\.rawValue)),
                                                "zoneID": ref("AnyZoneID"), "recordType": string,
                                                "filterBy": array(
                                                    object(
                                                        [
                                                            "fieldName": string,
                                                            "comparator": enumeration(
                                                                CloudComparator.allCases.map(\.rawValue)),
                                                            "fieldValue": ref("FilterValue"),
                                                        ], required: ["fieldName", "comparator", "fieldValue"])),
                                            ], required: ["subscriptionID", "subscriptionType"]),
                                    ], required: ["operationType", "subscription"]),
                            ]
                        ], min: 1, max: limits.maxOperations)
                ], required: ["operations"]),
        ]
    }
}
