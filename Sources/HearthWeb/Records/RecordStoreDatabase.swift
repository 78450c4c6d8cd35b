import HearthCloud
import HearthCloudModel
import HearthSync

/// One of a user's databases on this server's ``RecordStore``, reached in-process: the same operations the
/// HTTP API hands to the store for a signed-in request, with the same principal, so the store's own checks
/// (whose zones these are, change tags, limits) apply exactly as they do to a device.
struct RecordStoreDatabase: CloudDatabase {
    let store: any RecordStore
    let principal: CloudPrincipal
    let scope: CloudDatabaseScope

    func zones() async throws -> [CloudZone] { try await store.listZones(principal, scope: scope) }

    func modifyZones(_ operations: [CloudZoneOperation]) async throws -> [CloudItemResult<CloudZone>] {
        guard scope == .private else {
            throw CloudError(.accessDenied, "Zones can be created and deleted only in your private database.")
        }
        return try await store.modifyZones(principal, operations: operations)
    }

    func zoneChanges(_ request: CloudZoneChangesRequest) async throws -> CloudZoneChangesResponse {
        try await store.zoneChanges(principal, scope: scope, request: request)
    }

    func databaseChanges(since token: CloudSyncToken?) async throws -> CloudDatabaseChangesResponse {
        try await store.databaseChanges(principal, scope: scope, request: CloudDatabaseChangesRequest(syncToken: token))
    }

    func modifyRecords(_ request: CloudRecordsModifyRequest) async throws -> CloudRecordsModifyResponse {
        try await store.modifyRecords(principal, scope: scope, request: request)
    }

    func lookupRecords(_ request: CloudRecordsLookupRequest) async throws -> CloudRecordsLookupResponse {
        try await store.lookupRecords(principal, scope: scope, request: request)
    }

    func queryRecords(_ request: CloudRecordsQueryRequest) async throws -> CloudRecordsQueryResponse {
        try await store.queryRecords(principal, scope: scope, request: request)
    }

    func recordChanges(_ request: CloudRecordChangesRequest) async throws -> CloudRecordChangesResponse {
        try await store.recordChanges(principal, scope: scope, request: request)
    }

    func createShare(_ request: CloudShareCreateRequest) async throws -> CloudShare {
        try await store.createShare(principal, request: request)
    }

    func shares() async throws -> [CloudShare] { try await store.listShares(principal, scope: scope) }

    func lookupShare(_ reference: CloudShareReference) async throws -> CloudShare {
        try await store.lookupShare(principal, scope: scope, reference: reference)
    }

    func updateShare(_ request: CloudShareUpdateRequest) async throws -> CloudShare {
        try await store.updateShare(principal, scope: scope, request: request)
    }

    func deleteShare(_ reference: CloudShareReference) async throws {
        try await store.deleteShare(principal, reference: reference)
    }

    func addParticipants(_ request: CloudParticipantsAddRequest) async throws -> CloudShare {
        try await store.addParticipants(principal, scope: scope, request: request)
    }

    func removeParticipants(_ request: CloudParticipantsRemoveRequest) async throws -> CloudShare {
        try await store.removeParticipants(principal, scope: scope, request: request)
    }

    func leaveShare(_ reference: CloudShareReference) async throws {
        try await store.leaveShare(principal, reference: reference)
    }

    func modifySubscriptions(_ request: CloudSubscriptionsModifyRequest) async throws -> CloudSubscriptionsResponse {
        try await store.modifySubscriptions(principal, scope: scope, request: request)
    }

    func subscriptions() async throws -> [CloudSubscription] {
        try await store.listSubscriptions(principal, scope: scope)
    }
}
