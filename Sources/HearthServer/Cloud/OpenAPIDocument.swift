import Foundation
import HearthCloud
import HearthCloudModel
import Synchronization

/// `GET /openapi.json`: an OpenAPI 3.1 description of every route, request and response of the server, with
/// every rule the server checks on a request (required members, lengths, counts, enums, patterns) and every
/// status each route answers.
///
/// Routes under `{database}` are described once per database they serve (`/cloud/v1/private/…`,
/// `/cloud/v1/shared/…`): the rules differ (a shared zone names its owner) and some routes exist for one
/// database only. A test compares the paths with the router's routes, so a route added without a
/// description fails, and a contract test runs schemathesis against a live server.
enum OpenAPIDocument {
    /// The server's limits the document states.
    struct Limits: Hashable, Sendable {
        var maxOperations: Int
        var maxParticipants: Int
        var maxRecordBytes: Int
        var maxRequestBytes: Int
        var maxAssetBytes: Int
        var maxResultsLimit: Int
        var defaultResultsLimit: Int
        /// The record types a server accepts when it is configured with a list; nil for any well-formed name.
        var recordTypes: [String]?

        init(_ configuration: CloudConfiguration) {
            maxOperations = configuration.maxOperationsPerRequest
            maxParticipants = configuration.maxParticipantsPerShare
            maxRecordBytes = configuration.maxRecordBytes
            maxRequestBytes = configuration.maxRequestBytes
            maxAssetBytes = configuration.maxAssetBytes
            maxResultsLimit = configuration.maxResultsLimit
            defaultResultsLimit = configuration.defaultResultsLimit
            recordTypes = configuration.recordTypes.map { $0.sorted() }
        }
    }

    /// One route: its request and success, the other statuses it can answer, and the databases it serves.
    struct Operation {
        var method: String
        var path: String
        var summary: String
        var request: String?
        var response: String?
        var status: Int = 200
        /// Every status but the success one: each comes with an error body (see ``errorResponses``).
        var errors: [Int]
        var authenticated = true
        /// For `{database}` paths: the databases the route serves (it refuses the other one whatever is sent).
        var databases: [CloudDatabaseScope] = CloudDatabaseScope.allCases
        var requestContentType = "application/json"
        var responseContentType = "application/json"
    }

    /// The statuses of every signed-in route that reads or writes the store.
    private static let store = [401, 429, 500, 503]
    /// … and of those that take a JSON body.
    private static let body = [400, 413] + store

    static let operations: [Operation] = [
        .init(
            method: "get", path: "/health", summary: "Health of the server and its record store (503 when unhealthy).",
            response: "HealthReport", errors: [503], authenticated: false),
        .init(
            method: "get", path: "/metrics", summary: "Prometheus metrics.", errors: [], authenticated: false,
            responseContentType: "text/plain"),
        .init(
            method: "get", path: "/openapi.json", summary: "This document.", response: "OpenAPI", errors: [],
            authenticated: false),
        .init(
            method: "post", path: "/cloud/v1/accounts/signup", summary: "Create an account.", request: "SignUpRequest",
            response: "Caller", status: 201, errors: [400, 409, 413, 429, 500, 503], authenticated: false),
        .init(
            method: "post", path: "/cloud/v1/accounts/signin",
            summary: "Exchange email and password for a bearer token.", request: "SignInRequest", response: "Session",
            errors: [400, 401, 413, 429, 500, 503], authenticated: false),
        .init(
            method: "post", path: "/cloud/v1/accounts/signout", summary: "Revoke the bearer token.", status: 204,
            errors: store),
        .init(
            method: "get", path: "/cloud/v1/accounts/caller",
            summary: "Who the bearer token belongs to, and whether their address is verified.", response: "Caller",
            errors: store),
        .init(
            method: "post", path: "/cloud/v1/accounts/verification/request",
            summary:
                "Email a six-digit code to the caller's address (400 when it is verified already; 429 when codes were sent a moment ago; 503 when the mail cannot be sent).",
            response: "CodeSent", status: 202, errors: [400] + store),
        .init(
            method: "post", path: "/cloud/v1/accounts/verification/confirm",
            summary:
                "Prove the caller's address with the emailed code; invitations sent to the address become the caller's (400 for a wrong, used or expired code).",
            request: "VerificationConfirmRequest", response: "Caller", errors: body),
        .init(
            method: "post", path: "/cloud/v1/accounts/password/change",
            summary:
                "Set a new password, giving the current one (403 when it is wrong); every other session of the account is revoked.",
            request: "PasswordChangeRequest", status: 204, errors: [403] + body),
        .init(
            method: "post", path: "/cloud/v1/accounts/password/reset/request",
            summary:
                "Email a reset code to the address if a verified account has it; the answer is the same either way.",
            request: "PasswordResetRequest", response: "CodeSent", status: 202, errors: [400, 413, 429, 500, 503],
            authenticated: false),
        .init(
            method: "post", path: "/cloud/v1/accounts/password/reset/confirm",
            summary:
                "Set a new password with the emailed code; every session of the account is revoked (400 for a wrong, used or expired code, alike whether the address has an account).",
            request: "PasswordResetConfirmRequest", status: 204, errors: [400, 413, 429, 500, 503], authenticated: false
        ),
        .init(
            method: "post", path: "/cloud/v1/accounts/signout/everywhere",
            summary: "Revoke every session of the caller's account, this one included.", status: 204, errors: store),
        .init(
            method: "post", path: "/cloud/v1/{database}/zones/list",
            summary: "Every zone of the database the caller can see.", response: "ZonesListResponse", errors: store),
        .init(
            method: "post", path: "/cloud/v1/{database}/zones/modify",
            summary:
                "Create and delete zones; each operation succeeds or fails alone (the shared database answers 403).",
            request: "ZonesModifyRequest", response: "ZonesModifyResponse", errors: body, databases: [.private]),
        .init(
            method: "post", path: "/cloud/v1/{database}/zones/changes",
            summary: "Record changes of several zones since their sync tokens; each zone succeeds or fails alone.",
            request: "ZoneChangesRequest", response: "ZoneChangesResponse", errors: body),
        .init(
            method: "post", path: "/cloud/v1/{database}/changes/database",
            summary: "Zones changed or deleted since a database sync token.", request: "DatabaseChangesRequest",
            response: "DatabaseChangesResponse", errors: body),
        .init(
            method: "post", path: "/cloud/v1/{database}/records/modify",
            summary:
                "Create, update, replace and delete records of one zone: atomically (one failure fails the request with its status), or one by one.",
            request: "RecordsModifyRequest", response: "RecordsModifyResponse", errors: [403, 404, 409, 412] + body),
        .init(
            method: "post", path: "/cloud/v1/{database}/records/lookup", summary: "Fetch records by name.",
            request: "RecordsLookupRequest", response: "RecordsLookupResponse", errors: [403, 404] + body),
        .init(
            method: "post", path: "/cloud/v1/{database}/records/query",
            summary: "Records of one type matching filters, sorted, paged with a continuation marker.",
            request: "RecordsQueryRequest", response: "RecordsQueryResponse", errors: [403, 404] + body),
        .init(
            method: "post", path: "/cloud/v1/{database}/records/changes",
            summary: "Changed and deleted records of one zone since a sync token.", request: "RecordChangesRequest",
            response: "RecordChangesResponse", errors: [403, 404, 410] + body),
        .init(
            method: "post", path: "/cloud/v1/{database}/shares/create",
            summary: "Share a record hierarchy or a whole zone (the shared database answers 403).",
            request: "ShareCreateRequest", response: "Share", status: 201, errors: [403, 404, 409] + body,
            databases: [.private]),
        .init(
            method: "post", path: "/cloud/v1/{database}/shares/list",
            summary: "Shares the caller owns (private) or has accepted (shared).", response: "SharesListResponse",
            errors: store),
        .init(
            method: "post", path: "/cloud/v1/{database}/shares/lookup", summary: "One share with its participants.",
            request: "ShareReference", response: "Share", errors: [403, 404] + body),
        .init(
            method: "post", path: "/cloud/v1/{database}/shares/update",
            summary: "Change what the share link allows (owner and administrators).", request: "ShareUpdateRequest",
            response: "Share", errors: [403, 404] + body),
        .init(
            method: "post", path: "/cloud/v1/{database}/shares/delete",
            summary: "Delete a share (owner only; the shared database answers 403).", request: "ShareReference",
            status: 204, errors: [403, 404] + body, databases: [.private]),
        .init(
            method: "post", path: "/cloud/v1/{database}/shares/participants/add",
            summary: "Invite participants (owner and administrators).", request: "ParticipantsAddRequest",
            response: "Share", errors: [403, 404, 412] + body),
        .init(
            method: "post", path: "/cloud/v1/{database}/shares/participants/remove",
            summary: "Remove participants (owner and administrators); they lose access at once.",
            request: "ParticipantsRemoveRequest", response: "Share", errors: [403, 404] + body),
        .init(
            method: "post", path: "/cloud/v1/{database}/shares/leave",
            summary: "Leave a share (the private database answers 400: delete your own shares instead).",
            request: "ShareReference", status: 204, errors: [403, 404] + body, databases: [.shared]),
        .init(
            method: "post", path: "/cloud/v1/shares/accept",
            summary: "Accept an invitation or join through a public share link.", request: "ShareAcceptRequest",
            response: "Share", errors: [403, 404] + body),
        .init(
            method: "get", path: "/cloud/v1/shares/invitations",
            summary: "Shares the caller is invited to and has not accepted.", response: "SharesListResponse",
            errors: store),
        .init(
            method: "post", path: "/cloud/v1/{database}/subscriptions/modify",
            summary: "Create and delete subscriptions; each operation succeeds or fails alone.",
            request: "SubscriptionsModifyRequest", response: "SubscriptionsResponse", errors: body),
        .init(
            method: "post", path: "/cloud/v1/{database}/subscriptions/list",
            summary: "The caller's subscriptions in the database.", response: "SubscriptionsResponse", errors: store),
        .init(
            method: "post", path: "/cloud/v1/assets/upload",
            summary: "Upload a file (the body's bytes); it is named by its SHA-256.", request: "AssetBytes",
            response: "Asset", status: 201, errors: [400, 413] + store, requestContentType: "application/octet-stream"),
        .init(
            method: "get", path: "/cloud/v1/assets/{checksum}",
            summary: "Download a file the caller uploaded or can read through a record.", response: "AssetBytes",
            errors: [400, 404] + store, responseContentType: "application/octet-stream"),
        .init(
            method: "get", path: "/cloud/v1/push",
            summary:
                "Server-Sent Events: `event: ready`, then `event: notification` with a Notification as data; never the caller's own device's changes.",
            response: "PushEvent", errors: [401, 429], responseContentType: "text/event-stream"),
    ]

    /// The document for a server with `limits`, as a JSON object.
    static func make(_ limits: Limits) -> [String: Any] {
        var paths: [String: [String: Any]] = [:]
        for operation in operations {
            if operation.path.contains("{database}") {
                for database in operation.databases {
                    let path = operation.path.replacingOccurrences(of: "{database}", with: database.rawValue)
                    paths[path, default: [:]][operation.method] = entry(operation, path: path, database: database)
                }
            } else {
                paths[operation.path, default: [:]][operation.method] = entry(
                    operation, path: operation.path, database: nil)
            }
        }
        return [
            "openapi": "3.1.0",
            "info": [
                "title": "Hearth Cloud",
                "version": "1",
                "description":
                    "The self-hosted record server with CloudKit semantics: private and shared databases, zones, records with change tags, change feeds with sync tokens, shares, assets, subscriptions and a push channel. Errors are {serverErrorCode, reason, retryAfter?, uuid}. Optional request members may be null, which counts as absent; members the document does not name are ignored. On any route, a client too slow to send its request (its headers within the server's header timeout, its body at the server's minimum rate) is answered 408 REQUEST_TIMEOUT, and headers over the server's limit 431 LIMIT_EXCEEDED, and the connection is closed.",
            ],
            "paths": paths,
            "components": [
                "schemas": schemas(limits),
                "responses": errorResponses,
                "securitySchemes": [
                    "bearer": ["type": "http", "scheme": "bearer", "description": "The token from accounts/signin."]
                ],
            ],
        ]
    }

    /// The encoded document for a server with `configuration`'s limits.
    static func json(_ configuration: CloudConfiguration = CloudConfiguration()) -> Data {
        let limits = Limits(configuration)
        if let made = encoded.withLock({ $0[limits] }) { return made }
        let data =
            (try? JSONSerialization.data(
                withJSONObject: make(limits), options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
        encoded.withLock { $0[limits] = data }
        return data
    }

    /// Built once per process and set of limits: the document never changes, and sorting its keys takes locks
    /// inside Foundation that made every concurrent server start wait on the others.
    private static let encoded = Mutex<[Limits: Data]>([:])

    private static func entry(_ operation: Operation, path: String, database: CloudDatabaseScope?) -> [String: Any] {
        let id = operationID(operation.method, path)
        var entry: [String: Any] = ["summary": operation.summary, "operationId": id]
        var parameters: [[String: Any]] = []
        if operation.path.contains("{checksum}") {
            parameters.append([
                "name": "checksum", "in": "path", "required": true,
                "description": "64 lowercase hex digits (400 otherwise).",
                "schema": ["type": "string", "pattern": "^[0-9a-f]{64}$"],
            ])
        }
        if operation.authenticated {
            parameters.append([
                "name": "X-Hearth-Device-ID", "in": "header", "required": false,
                "description":
                    "The client's device; it is not pushed its own changes. Ignored when empty or over 200 bytes.",
                "schema": ["type": "string"],
            ])
            entry["security"] = [["bearer": [String]()]]
        }
        if !parameters.isEmpty { entry["parameters"] = parameters }
        if let request = operation.request {
            let name = database.map { scoped(request, $0) } ?? request
            var media: [String: Any] = ["schema": ref(name)]
            if let example = example(request, database: database?.rawValue) { media["example"] = example }
            entry["requestBody"] = ["required": true, "content": [operation.requestContentType: media]]
        }
        var success: [String: Any] = ["description": operation.status == 204 ? "Done." : "Success."]
        if let response = operation.response {
            success["content"] = [operation.responseContentType: ["schema": ref(response)]]
        } else if operation.status != 204 {
            success["content"] = [operation.responseContentType: ["schema": ["type": "string"]]]
        }
        if let links = links[id] { success["links"] = links }
        var responses: [String: Any] = [String(operation.status): success]
        for status in operation.errors {
            responses[String(status)] =
                operation.path == "/health"
                ? ["description": "Unhealthy.", "content": ["application/json": ["schema": ref("HealthReport")]]]
                : ["$ref": "#/components/responses/\(status)"]
        }
        entry["responses"] = responses
        return entry
    }

    private static func operationID(_ method: String, _ path: String) -> String {
        let words = path.split(whereSeparator: { "/{}.".contains($0) }).map(String.init).filter {
            $0 != "cloud" && $0 != "v1"
        }
        return method + words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
