import HearthCloudModel
import NIOCore
import NIOHTTP1

/// ``CloudDatabase`` over HTTP: every call is one request to `/cloud/v1/{private|shared}/…`.
struct RemoteCloudDatabase: CloudDatabase {
    let client: CloudClient
    let scope: CloudDatabaseScope

    private func path(_ route: String) -> String { scope.rawValue + "/" + route }

    func zones() async throws -> [CloudZone] {
        let list: CloudZonesListResponse = try await client.post(path("zones/list"), [String: String]())
        return list.zones
    }

    func modifyZones(_ operations: [CloudZoneOperation]) async throws -> [CloudItemResult<CloudZone>] {
        let answer: CloudZonesModifyResponse = try await client.post(
            path("zones/modify"), CloudZonesModifyRequest(operations: operations))
        return answer.zones
    }

    func zoneChanges(_ request: CloudZoneChangesRequest) async throws -> CloudZoneChangesResponse {
        try await client.post(path("zones/changes"), request)
    }

    func databaseChanges(since token: CloudSyncToken?) async throws -> CloudDatabaseChangesResponse {
        try await client.post(path("changes/database"), CloudDatabaseChangesRequest(syncToken: token))
    }

    func modifyRecords(_ request: CloudRecordsModifyRequest) async throws -> CloudRecordsModifyResponse {
        try await client.post(path("records/modify"), request)
    }

    func lookupRecords(_ request: CloudRecordsLookupRequest) async throws -> CloudRecordsLookupResponse {
        try await client.post(path("records/lookup"), request)
    }

    func queryRecords(_ request: CloudRecordsQueryRequest) async throws -> CloudRecordsQueryResponse {
        try await client.post(path("records/query"), request)
    }

    /// The engine's main download: pages are read by the fast parser, with `Codable` (and its messages)
    /// for anything it refuses.
    func recordChanges(_ request: CloudRecordChangesRequest) async throws -> CloudRecordChangesResponse {
        let body = ByteBuffer(bytes: try client.encode(request))
        return try await client.execute(
            .POST, path("records/changes"), body: body, contentType: "application/json", authenticated: true
        ) { data in
            try CloudRecordChangesResponse.fastDecode(data)
                ?? client.decode(CloudRecordChangesResponse.self, from: data)
        }
    }

    func createShare(_ request: CloudShareCreateRequest) async throws -> CloudShare {
        try await client.post(path("shares/create"), request)
    }

    func shares() async throws -> [CloudShare] {
        let list: CloudSharesListResponse = try await client.post(path("shares/list"), [String: String]())
        return list.shares
    }

    func lookupShare(_ reference: CloudShareReference) async throws -> CloudShare {
        try await client.post(path("shares/lookup"), reference)
    }

    func updateShare(_ request: CloudShareUpdateRequest) async throws -> CloudShare {
        try await client.post(path("shares/update"), request)
    }

    func deleteShare(_ reference: CloudShareReference) async throws {
        try await client.postEmpty(path("shares/delete"), reference)
    }

    func addParticipants(_ request: CloudParticipantsAddRequest) async throws -> CloudShare {
        try await client.post(path("shares/participants/add"), request)
    }

    func removeParticipants(_ request: CloudParticipantsRemoveRequest) async throws -> CloudShare {
        try await client.post(path("shares/participants/remove"), request)
    }

    func leaveShare(_ reference: CloudShareReference) async throws {
        try await client.postEmpty(path("shares/leave"), reference)
    }

    func modifySubscriptions(_ request: CloudSubscriptionsModifyRequest) async throws -> CloudSubscriptionsResponse {
        try await client.post(path("subscriptions/modify"), request)
    }

    func subscriptions() async throws -> [CloudSubscription] {
        let list: CloudSubscriptionsResponse = try await client.post(path("subscriptions/list"), [String: String]())
        return list.subscriptions.compactMap(\.item)
    }
}
