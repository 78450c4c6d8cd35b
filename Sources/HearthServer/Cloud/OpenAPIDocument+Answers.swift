import HearthCloudModel

/// The bodies the server answers with.
extension OpenAPIDocument {
    static func schemas(_ limits: Limits) -> [String: Any] {
        var result = answerSchemas
        for part in [nameSchemas, valueSchemas(limits), errorSchemas, requestSchemas(limits)] {
            result.merge(part) { $1 }
        }
        return result
    }

    private static var permission: [String: Any] { enumeration(CloudSharePermission.allCases.map(\.rawValue)) }
    private static var scope: [String: Any] { enumeration(CloudDatabaseScope.allCases.map(\.rawValue)) }

    static var answerSchemas: [String: Any] {
        let service = object(
            [
                "isHealthy": boolean, "lastChecked": ["type": "string", "format": "date-time"], "errors": array(string),
                "responseTime": number,
            ], required: ["isHealthy", "lastChecked", "errors", "responseTime"])
        let stamp = object(
            ["timestamp": int64, "userRecordName": string, "deviceID": string],
            required: ["timestamp", "userRecordName"])
        let reference = object(
            [
                "recordName": string, "zoneID": ref("ZoneID"),
                "action": enumeration(CloudReferenceAction.allCases.map(\.rawValue)),
            ], required: ["recordName"])
        return [
            "HealthReport": object(
                [
                    "status": enumeration(["healthy", "unhealthy"]),
                    "checkedAt": ["type": "string", "format": "date-time"],
                    "services": ["type": "object", "additionalProperties": service],
                ], required: ["status", "checkedAt", "services"]),
            "OpenAPI": object(
                ["openapi": string, "info": ["type": "object"], "paths": ["type": "object"]],
                required: ["openapi", "info", "paths"]),
            "Session": object(
                ["token": string, "userRecordName": string, "expiresAt": int64],
                required: ["token", "userRecordName", "expiresAt"]),
            "Caller": object(
                ["userRecordName": string, "emailAddress": string, "createdAt": int64, "emailVerified": boolean],
                required: ["userRecordName", "emailAddress", "createdAt", "emailVerified"]),
            "CodeSent": object(["emailAddress": string, "expiresAt": int64], required: ["emailAddress", "expiresAt"]),
            "ZoneID": object(["zoneName": string, "ownerRecordName": string], required: ["zoneName"]),
            "Zone": object(["zoneID": ref("ZoneID"), "syncToken": string, "atomic": boolean], required: ["zoneID"]),
            "ZonesListResponse": object(["zones": array(ref("Zone"))], required: ["zones"]),
            "ZonesModifyResponse": object(["zones": array(result("Zone"))], required: ["zones"]),
            "Record": object(
                [
                    "recordName": string, "recordType": string, "zoneID": ref("ZoneID"),
                    "fields": ["type": "object", "additionalProperties": ref("FilterValue")], "recordChangeTag": string,
                    "created": stamp, "modified": stamp, "deleted": boolean, "parent": reference, "share": reference,
                ], required: ["recordName", "recordType", "fields"]),
            "RecordsModifyResponse": object(["records": array(result("Record"))], required: ["records"]),
            "RecordsLookupResponse": object(["records": array(result("Record"))], required: ["records"]),
            "RecordsQueryResponse": object(
                ["records": array(ref("Record")), "continuationMarker": string], required: ["records"]),
            "RecordChangesResponse": object(
                ["zoneID": ref("ZoneID"), "records": array(ref("Record")), "syncToken": string, "moreComing": boolean],
                required: ["zoneID", "records", "syncToken", "moreComing"]),
            "ZoneChangesResponse": object(["zones": array(result("RecordChangesResponse"))], required: ["zones"]),
            "DatabaseChangesResponse": object(
                [
                    "zones": array(
                        object(["zoneID": ref("ZoneID"), "deleted": boolean], required: ["zoneID", "deleted"])),
                    "syncToken": string, "moreComing": boolean,
                ], required: ["zones", "syncToken", "moreComing"]),
            "Participant": object(
                [
                    "participantID": string, "userRecordName": string, "emailAddress": string,
                    "role": enumeration(CloudShareRole.allCases.map(\.rawValue)), "permission": permission,
                    "acceptanceStatus": enumeration(CloudShareAcceptance.allCases.map(\.rawValue)),
                ], required: ["participantID", "role", "permission", "acceptanceStatus"]),
            "Share": object(
                [
                    "shareName": string, "zoneID": ref("ZoneID"), "rootRecordName": string,
                    "publicPermission": permission,
                    "participants": array(ref("Participant")), "shareChangeTag": string,
                    "shareToken": [
                        "type": "string",
                        "description":
                            "The secret of the share's link: empty for participants who may not manage a private share.",
                    ],
                ], required: ["shareName", "zoneID", "publicPermission", "participants", "shareToken"]),
            "SharesListResponse": object(["shares": array(ref("Share"))], required: ["shares"]),
            "Subscription": object(
                [
                    "subscriptionID": string,
                    "subscriptionType": enumeration(CloudSubscriptionType.allCases.map(\.rawValue)),
                    "databaseScope": scope,
                    "zoneID": ref("ZoneID"), "recordType": string,
                    "filterBy": array(
                        object(
                            [
                                "fieldName": string,
                                "comparator": enumeration(CloudComparator.allCases.map(\.rawValue)),
                                "fieldValue": ref("FilterValue"),
                            ], required: ["fieldName", "comparator", "fieldValue"])),
                ], required: ["subscriptionID", "subscriptionType"]),
            "SubscriptionsResponse": object(
                ["subscriptions": array(result("Subscription"))], required: ["subscriptions"]),
            "Asset": object(
                ["fileChecksum": ref("Checksum"), "size": int64, "downloadURL": string],
                required: ["fileChecksum", "size"]),
            "Notification": object(
                [
                    "notificationID": string, "subscriptionID": string, "databaseScope": scope,
                    "zoneIDs": array(ref("ZoneID")), "recordTypes": array(string),
                ], required: ["notificationID", "subscriptionID", "databaseScope", "zoneIDs"]),
            "PushEvent": [
                "oneOf": [
                    object(
                        [
                            "event": constant("ready"),
                            "data": [
                                "type": "string", "contentMediaType": "application/json",
                                "description": "{\"userRecordName\": …}",
                            ],
                        ], required: ["event", "data"]),
                    object(
                        [
                            "event": constant("notification"), "id": string,
                            "data": [
                                "type": "string", "contentMediaType": "application/json",
                                "contentSchema": ref("Notification"),
                            ],
                        ], required: ["event", "id", "data"]),
                ],
                "description": "One event of the stream; comment lines (`: heartbeat`) keep it open.",
            ],
        ]
    }
}
