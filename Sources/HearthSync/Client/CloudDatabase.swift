public import HearthCloudModel

/// One of a user's two views of HearthCloud — the private database (their own zones) or the shared
/// database (zones other users shared with them) — with every operation the API offers on it.
///
/// ``CloudClient/privateDatabase`` and ``CloudClient/sharedDatabase`` are the live implementations;
/// every method throws `CloudError` for an error the server answered and ``CloudTransportError`` when the
/// server was not reached.
///
/// ```swift
/// let database = client.privateDatabase
/// let page = try await database.recordChanges(CloudRecordChangesRequest(zoneID: zone, syncToken: token))
/// ```
public protocol CloudDatabase: Sendable {
    /// Which database this is.
    var scope: CloudDatabaseScope { get }

    // MARK: Zones
    /// Every zone of the database the caller can see.
    func zones() async throws -> [CloudZone]
    /// Creates and deletes zones (private database only).
    func modifyZones(_ operations: [CloudZoneOperation]) async throws -> [CloudItemResult<CloudZone>]
    /// The record changes of several zones at once.
    func zoneChanges(_ request: CloudZoneChangesRequest) async throws -> CloudZoneChangesResponse
    /// Which zones changed since `token` (every zone when nil).
    func databaseChanges(since token: CloudSyncToken?) async throws -> CloudDatabaseChangesResponse

    // MARK: Records
    /// Saves and deletes records of one zone.
    func modifyRecords(_ request: CloudRecordsModifyRequest) async throws -> CloudRecordsModifyResponse
    /// Fetches records by name.
    func lookupRecords(_ request: CloudRecordsLookupRequest) async throws -> CloudRecordsLookupResponse
    /// Records of one type that pass a query, a page at a time.
    func queryRecords(_ request: CloudRecordsQueryRequest) async throws -> CloudRecordsQueryResponse
    /// What changed in one zone since a sync token.
    func recordChanges(_ request: CloudRecordChangesRequest) async throws -> CloudRecordChangesResponse

    // MARK: Shares
    /// Shares one record hierarchy or a whole zone (private database only).
    func createShare(_ request: CloudShareCreateRequest) async throws -> CloudShare
    /// The shares of the database the caller can see.
    func shares() async throws -> [CloudShare]
    /// One share by name.
    func lookupShare(_ reference: CloudShareReference) async throws -> CloudShare
    /// Changes what the share link allows.
    func updateShare(_ request: CloudShareUpdateRequest) async throws -> CloudShare
    /// Deletes a share (its owner only, in the private database).
    func deleteShare(_ reference: CloudShareReference) async throws
    /// Invites people (owners and administrators only).
    func addParticipants(_ request: CloudParticipantsAddRequest) async throws -> CloudShare
    /// Removes people (owners and administrators only).
    func removeParticipants(_ request: CloudParticipantsRemoveRequest) async throws -> CloudShare
    /// Leaves a share (shared database only).
    func leaveShare(_ reference: CloudShareReference) async throws

    // MARK: Subscriptions
    /// Creates, replaces and deletes subscriptions.
    func modifySubscriptions(_ request: CloudSubscriptionsModifyRequest) async throws -> CloudSubscriptionsResponse
    /// The caller's subscriptions on this database.
    func subscriptions() async throws -> [CloudSubscription]
}
