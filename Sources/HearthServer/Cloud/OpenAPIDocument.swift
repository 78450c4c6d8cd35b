import Foundation

/// `GET /openapi.json`: an OpenAPI 3.1 description of every route, request and response of the server.
///
/// A test compares its paths with the router's routes, so a route added without a description fails.
enum OpenAPIDocument {
    struct Operation {
        var method: String
        var path: String
        var summary: String
        var request: String?
        var response: String?
        var status: Int = 200
        var authenticated = true
        var requestContentType = "application/json"
        var responseContentType = "application/json"
    }

    static let operations: [Operation] = [
        .init(method: "get", path: "/health", summary: "Health of the server and its record store (503 when unhealthy).", request: nil, response: "HealthReport", authenticated: false),
        .init(method: "get", path: "/metrics", summary: "Prometheus metrics.", request: nil, response: nil, authenticated: false, responseContentType: "text/plain"),
        .init(method: "get", path: "/openapi.json", summary: "This document.", request: nil, response: nil, authenticated: false),
        .init(method: "post", path: "/cloud/v1/accounts/signup", summary: "Create an account (password of at least 8 characters).", request: "SignUpRequest", response: "Caller", status: 201, authenticated: false),
        .init(method: "post", path: "/cloud/v1/accounts/signin", summary: "Exchange email and password for a bearer token.", request: "SignInRequest", response: "Session", authenticated: false),
        .init(method: "post", path: "/cloud/v1/accounts/signout", summary: "Revoke the bearer token.", request: nil, response: nil, status: 204),
        .init(method: "get", path: "/cloud/v1/accounts/caller", summary: "Who the bearer token belongs to.", request: nil, response: "Caller"),
        .init(method: "post", path: "/cloud/v1/{database}/zones/list", summary: "Every zone of the database the caller can see.", request: nil, response: "ZonesListResponse"),
        .init(method: "post", path: "/cloud/v1/{database}/zones/modify", summary: "Create and delete zones (private database only).", request: "ZonesModifyRequest", response: "ZonesModifyResponse"),
        .init(method: "post", path: "/cloud/v1/{database}/zones/changes", summary: "Record changes of several zones since their sync tokens.", request: "ZoneChangesRequest", response: "ZoneChangesResponse"),
        .init(method: "post", path: "/cloud/v1/{database}/changes/database", summary: "Zones changed or deleted since a database sync token.", request: "DatabaseChangesRequest", response: "DatabaseChangesResponse"),
        .init(method: "post", path: "/cloud/v1/{database}/records/modify", summary: "Create, update, replace and delete records of one zone, atomically or one by one.", request: "RecordsModifyRequest", response: "RecordsModifyResponse"),
        .init(method: "post", path: "/cloud/v1/{database}/records/lookup", summary: "Fetch records by name.", request: "RecordsLookupRequest", response: "RecordsLookupResponse"),
        .init(method: "post", path: "/cloud/v1/{database}/records/query", summary: "Records of one type matching filters, sorted, paged with a continuation marker.", request: "RecordsQueryRequest", response: "RecordsQueryResponse"),
        .init(method: "post", path: "/cloud/v1/{database}/records/changes", summary: "Changed and deleted records of one zone since a sync token.", request: "RecordChangesRequest", response: "RecordChangesResponse"),
        .init(method: "post", path: "/cloud/v1/{database}/shares/create", summary: "Share a record hierarchy or a whole zone (private database only).", request: "ShareCreateRequest", response: "Share", status: 201),
        .init(method: "post", path: "/cloud/v1/{database}/shares/list", summary: "Shares the caller owns (private) or has accepted (shared).", request: nil, response: "SharesListResponse"),
        .init(method: "post", path: "/cloud/v1/{database}/shares/lookup", summary: "One share with its participants.", request: "ShareReference", response: "Share"),
        .init(method: "post", path: "/cloud/v1/{database}/shares/update", summary: "Change what the share link allows (owner and administrators).", request: "ShareUpdateRequest", response: "Share"),
        .init(method: "post", path: "/cloud/v1/{database}/shares/delete", summary: "Delete a share (owner only).", request: "ShareReference", response: nil, status: 204),
        .init(method: "post", path: "/cloud/v1/{database}/shares/participants/add", summary: "Invite participants (owner and administrators).", request: "ParticipantsAddRequest", response: "Share"),
        .init(method: "post", path: "/cloud/v1/{database}/shares/participants/remove", summary: "Remove participants (owner and administrators); they lose access at once.", request: "ParticipantsRemoveRequest", response: "Share"),
        .init(method: "post", path: "/cloud/v1/{database}/shares/leave", summary: "Leave a share (shared database).", request: "ShareReference", response: nil, status: 204),
        .init(method: "post", path: "/cloud/v1/shares/accept", summary: "Accept an invitation or join through a public share link.", request: "ShareAcceptRequest", response: "Share"),
        .init(method: "get", path: "/cloud/v1/shares/invitations", summary: "Shares the caller is invited to and has not accepted.", request: nil, response: "SharesListResponse"),
        .init(method: "post", path: "/cloud/v1/{database}/subscriptions/modify", summary: "Create and delete subscriptions.", request: "SubscriptionsModifyRequest", response: "SubscriptionsResponse"),
        .init(method: "post", path: "/cloud/v1/{database}/subscriptions/list", summary: "The caller's subscriptions in the database.", request: nil, response: "SubscriptionsResponse"),
        .init(method: "post", path: "/cloud/v1/assets/upload", summary: "Upload a file (the body's bytes); it is named by its SHA-256.", request: "binary", response: "Asset", status: 201, requestContentType: "application/octet-stream"),
        .init(method: "get", path: "/cloud/v1/assets/{checksum}", summary: "Download a file the caller uploaded or can read through a record.", request: nil, response: "binary", responseContentType: "application/octet-stream"),
        .init(method: "get", path: "/cloud/v1/push", summary: "Server-Sent Events: `event: ready`, then `event: notification` with a Notification as data; never the caller's own device's changes.", request: nil, response: "Notification", responseContentType: "text/event-stream"),
    ]

    static func make() -> [String: Any] {
        var paths: [String: [String: Any]] = [:]
        for operation in operations {
            var entry: [String: Any] = ["summary": operation.summary, "operationId": operationID(operation)]
            var parameters: [[String: Any]] = []
            if operation.path.contains("{database}") {
                parameters.append(["name": "database", "in": "path", "required": true, "schema": ["type": "string", "enum": ["private", "shared"]]])
            }
            if operation.path.contains("{checksum}") {
                parameters.append(["name": "checksum", "in": "path", "required": true, "schema": ["type": "string", "pattern": "^[0-9a-f]{64}$"]])
            }
            if operation.authenticated {
                parameters.append(["name": "X-Hearth-Device-ID", "in": "header", "required": false, "description": "The client's device; it is not pushed its own changes.", "schema": ["type": "string"]])
                entry["security"] = [["bearer": [String]()]]
            }
            if !parameters.isEmpty { entry["parameters"] = parameters }
            if let request = operation.request {
                entry["requestBody"] = ["required": true, "content": [operation.requestContentType: ["schema": schema(request)]]]
            }
            var success: [String: Any] = ["description": operation.status == 204 ? "Done." : "Success."]
            if let response = operation.response {
                success["content"] = [operation.responseContentType: ["schema": schema(response)]]
            } else if operation.status != 204 {
                success["content"] = [operation.responseContentType: ["schema": ["type": "string"]]]
            }
            var responses: [String: Any] = [String(operation.status): success]
            let error: [String: Any] = ["description": "An error: see serverErrorCode and reason.", "content": ["application/json": ["schema": ref("Error")]]]
            responses["default"] = error
            entry["responses"] = responses
            paths[operation.path, default: [:]][operation.method] = entry
        }
        return [
            "openapi": "3.1.0",
            "info": [
                "title": "Hearth Cloud",
                "version": "1",
                "description": "The self-hosted record server with CloudKit semantics: private and shared databases, zones, records with change tags, change feeds with sync tokens, shares, assets, subscriptions and a push channel. Errors are {serverErrorCode, reason, retryAfter?, uuid}.",
            ],
            "paths": paths,
            "components": [
                "schemas": schemas,
                "securitySchemes": ["bearer": ["type": "http", "scheme": "bearer", "description": "The token from accounts/signin."]],
            ],
        ]
    }

    static func json() -> Data { encoded }

    /// Built once per process: the document never changes, and sorting its keys takes locks inside Foundation
    /// that made every concurrent server start wait on the others.
    private static let encoded: Data =
        (try? JSONSerialization.data(withJSONObject: make(), options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])) ?? Data("{}".utf8)

    private static func operationID(_ operation: Operation) -> String {
        let words = operation.path.split(whereSeparator: { "/{}.".contains($0) }).map(String.init).filter { $0 != "cloud" && $0 != "v1" }
        return operation.method + words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    private static func schema(_ name: String) -> [String: Any] {
        name == "binary" ? ["type": "string", "format": "binary"] : ref(name)
    }

    private static func ref(_ name: String) -> [String: Any] { ["$ref": "#/components/schemas/\(name)"] }
    private static func object(_ properties: [String: Any], required: [String] = []) -> [String: Any] {
        var result: [String: Any] = ["type": "object", "properties": properties]
        if !required.isEmpty { result["required"] = required }
        return result
    }
    private static func array(_ items: [String: Any]) -> [String: Any] { ["type": "array", "items": items] }
    private static func enumeration(_ values: [String]) -> [String: Any] { ["type": "string", "enum": values] }
    private static var string: [String: Any] { ["type": "string"] }
    private static var integer: [String: Any] { ["type": "integer", "format": "int64"] }
    private static var boolean: [String: Any] { ["type": "boolean"] }
    private static func result(_ name: String) -> [String: Any] { ["oneOf": [ref(name), ref("Error")]] }

    static var schemas: [String: Any] { [
        "Error": object([
            "serverErrorCode": enumeration(["ACCESS_DENIED", "ATOMIC_ERROR", "AUTHENTICATION_FAILED", "AUTHENTICATION_REQUIRED", "BAD_REQUEST", "CONFLICT", "EXISTS", "INTERNAL_ERROR", "NOT_FOUND", "QUOTA_EXCEEDED", "LIMIT_EXCEEDED", "THROTTLED", "TRY_AGAIN_LATER", "VALIDATING_REFERENCE_ERROR", "ZONE_NOT_FOUND", "CHANGE_TOKEN_EXPIRED"]),
            "reason": string, "retryAfter": ["type": "integer", "description": "Seconds to wait."], "uuid": string, "recordName": string,
            "zoneID": ref("ZoneID"), "serverRecord": ref("Record"), "records": array(result("Record")),
        ], required: ["serverErrorCode", "reason", "uuid"]),
        "HealthReport": object(["status": string, "checkedAt": string, "services": ["type": "object"]]),
        "SignUpRequest": object(["emailAddress": string, "password": ["type": "string", "minLength": 8]], required: ["emailAddress", "password"]),
        "SignInRequest": object(["emailAddress": string, "password": string], required: ["emailAddress", "password"]),
        "Session": object(["token": string, "userRecordName": string, "expiresAt": integer], required: ["token", "userRecordName", "expiresAt"]),
        "Caller": object(["userRecordName": string, "emailAddress": string, "createdAt": integer], required: ["userRecordName", "emailAddress", "createdAt"]),
        "ZoneID": object(["zoneName": string, "ownerRecordName": string], required: ["zoneName"]),
        "Zone": object(["zoneID": ref("ZoneID"), "syncToken": string, "atomic": boolean], required: ["zoneID"]),
        "ZonesListResponse": object(["zones": array(ref("Zone"))], required: ["zones"]),
        "ZonesModifyRequest": object(["operations": array(object(["operationType": enumeration(["create", "delete"]), "zone": ref("Zone")], required: ["operationType", "zone"]))], required: ["operations"]),
        "ZonesModifyResponse": object(["zones": array(result("Zone"))], required: ["zones"]),
        "FieldValue": object([
            "type": ["type": "string", "description": "STRING, INT64, DOUBLE, BOOLEAN, BYTES (base64), TIMESTAMP (ms since 1970), REFERENCE, ASSETID, LOCATION, or one of them followed by _LIST."],
            "value": ["description": "The value, as the type says; a JSON array for lists."],
        ], required: ["type", "value"]),
        "Reference": object(["recordName": string, "zoneID": ref("ZoneID"), "action": enumeration(["NONE", "DELETE_SELF"])], required: ["recordName"]),
        "Asset": object(["fileChecksum": string, "size": integer, "downloadURL": string], required: ["fileChecksum", "size"]),
        "Stamp": object(["timestamp": integer, "userRecordName": string, "deviceID": string], required: ["timestamp", "userRecordName"]),
        "Record": object([
            "recordName": string, "recordType": string, "zoneID": ref("ZoneID"),
            "fields": ["type": "object", "additionalProperties": ref("FieldValue")], "recordChangeTag": string,
            "created": ref("Stamp"), "modified": ref("Stamp"), "deleted": boolean, "parent": ref("Reference"), "share": ref("Reference"),
        ], required: ["recordName"]),
        "RecordsModifyRequest": object([
            "zoneID": ref("ZoneID"), "atomic": ["type": "boolean", "default": true], "desiredKeys": array(string),
            "operations": array(object([
                "operationType": enumeration(["create", "update", "forceUpdate", "replace", "forceReplace", "delete", "forceDelete"]),
                "record": ref("Record"), "removeFields": array(string),
            ], required: ["operationType", "record"])),
        ], required: ["operations"]),
        "RecordsModifyResponse": object(["records": array(result("Record"))], required: ["records"]),
        "RecordsLookupRequest": object(["zoneID": ref("ZoneID"), "records": array(object(["recordName": string], required: ["recordName"])), "desiredKeys": array(string)], required: ["records"]),
        "RecordsLookupResponse": object(["records": array(result("Record"))], required: ["records"]),
        "RecordsQueryRequest": object([
            "zoneID": ref("ZoneID"), "resultsLimit": ["type": "integer"], "continuationMarker": string, "desiredKeys": array(string),
            "query": object([
                "recordType": string,
                "filterBy": array(ref("QueryFilter")),
                "sortBy": array(object(["fieldName": string, "ascending": boolean], required: ["fieldName"])),
            ], required: ["recordType"]),
        ], required: ["query"]),
        "RecordsQueryResponse": object(["records": array(ref("Record")), "continuationMarker": string], required: ["records"]),
        "RecordChangesRequest": object(["zoneID": ref("ZoneID"), "syncToken": string, "resultsLimit": ["type": "integer"], "desiredKeys": array(string)]),
        "RecordChangesResponse": object(["zoneID": ref("ZoneID"), "records": array(ref("Record")), "syncToken": string, "moreComing": boolean], required: ["zoneID", "records", "syncToken", "moreComing"]),
        "ZoneChangesRequest": object(["zones": array(ref("RecordChangesRequest"))], required: ["zones"]),
        "ZoneChangesResponse": object(["zones": array(result("RecordChangesResponse"))], required: ["zones"]),
        "DatabaseChangesRequest": object(["syncToken": string, "resultsLimit": ["type": "integer"]]),
        "DatabaseChangesResponse": object(["zones": array(object(["zoneID": ref("ZoneID"), "deleted": boolean], required: ["zoneID", "deleted"])), "syncToken": string, "moreComing": boolean], required: ["zones", "syncToken", "moreComing"]),
        "Participant": object([
            "participantID": string, "userRecordName": string, "emailAddress": string,
            "role": enumeration(["OWNER", "ADMINISTRATOR", "PRIVATE_USER", "PUBLIC_USER"]),
            "permission": enumeration(["NONE", "READ_ONLY", "READ_WRITE"]),
            "acceptanceStatus": enumeration(["PENDING", "ACCEPTED", "REMOVED"]),
        ], required: ["participantID", "role", "permission", "acceptanceStatus"]),
        "Share": object([
            "shareName": string, "zoneID": ref("ZoneID"), "rootRecordName": string, "publicPermission": enumeration(["NONE", "READ_ONLY", "READ_WRITE"]),
            "participants": array(ref("Participant")), "shareToken": string, "shareChangeTag": string,
        ], required: ["shareName", "zoneID", "publicPermission", "participants", "shareToken"]),
        "SharesListResponse": object(["shares": array(ref("Share"))], required: ["shares"]),
        "ShareCreateRequest": object(["zoneID": ref("ZoneID"), "rootRecordName": string, "publicPermission": enumeration(["NONE", "READ_ONLY", "READ_WRITE"])]),
        "ShareReference": object(["zoneID": ref("ZoneID"), "shareName": string], required: ["shareName"]),
        "ShareUpdateRequest": object(["zoneID": ref("ZoneID"), "shareName": string, "publicPermission": enumeration(["NONE", "READ_ONLY", "READ_WRITE"])], required: ["shareName", "publicPermission"]),
        "ParticipantsAddRequest": object([
            "zoneID": ref("ZoneID"), "shareName": string,
            "participants": array(object(["userRecordName": string, "emailAddress": string, "permission": enumeration(["READ_ONLY", "READ_WRITE"]), "role": enumeration(["PRIVATE_USER", "ADMINISTRATOR"])], required: ["permission"])),
        ], required: ["shareName", "participants"]),
        "ParticipantsRemoveRequest": object(["zoneID": ref("ZoneID"), "shareName": string, "participantIDs": array(string)], required: ["shareName", "participantIDs"]),
        "ShareAcceptRequest": object(["shareToken": string], required: ["shareToken"]),
        "Subscription": object([
            "subscriptionID": string, "subscriptionType": enumeration(["database", "zone", "query"]), "databaseScope": enumeration(["private", "shared"]),
            "zoneID": ref("ZoneID"), "recordType": string, "filterBy": array(ref("QueryFilter")),
        ], required: ["subscriptionID", "subscriptionType"]),
        "QueryFilter": object([
            "fieldName": string,
            "comparator": enumeration(["EQUALS", "NOT_EQUALS", "LESS_THAN", "LESS_THAN_OR_EQUALS", "GREATER_THAN", "GREATER_THAN_OR_EQUALS", "BEGINS_WITH", "IN", "LIST_CONTAINS"]),
            "fieldValue": ref("FieldValue"),
        ], required: ["fieldName", "comparator", "fieldValue"]),
        "SubscriptionsModifyRequest": object(["operations": array(object(["operationType": enumeration(["create", "delete"]), "subscription": ref("Subscription")], required: ["operationType", "subscription"]))], required: ["operations"]),
        "SubscriptionsResponse": object(["subscriptions": array(result("Subscription"))], required: ["subscriptions"]),
        "Notification": object([
            "notificationID": string, "subscriptionID": string, "databaseScope": enumeration(["private", "shared"]),
            "zoneIDs": array(ref("ZoneID")), "recordTypes": array(string),
        ], required: ["notificationID", "subscriptionID", "databaseScope", "zoneIDs"]),
    ] }
}
