import HearthCloud
import HearthCloudModel
import HearthSync

/// A user's HearthCloud reached in-process through this server's ``RecordStore``: what a ``SyncEngine``
/// needs, so the pages keep a copy of the user's zones with the very code a device syncs with.
///
/// There is no push channel in-process: the pages fetch what changed when they read (``SyncEngine/sync()``),
/// never by running the engine as a service.
struct RecordStoreCloud: CloudShareService {
    let store: any RecordStore
    let principal: CloudPrincipal

    init(store: any RecordStore, userID: String, deviceID: String? = nil) {
        self.store = store
        principal = CloudPrincipal(userID: userID, deviceID: deviceID)
    }

    func database(_ scope: CloudDatabaseScope) -> any CloudDatabase {
        RecordStoreDatabase(store: store, principal: principal, scope: scope)
    }

    func caller() async throws -> CloudCaller {
        guard let account = try await store.account(id: principal.userID) else {
            throw CloudError(.authenticationFailed, "No account has the id \(principal.userID); sign in again.")
        }
        return CloudCaller(
            userRecordName: account.id, emailAddress: account.email, createdAt: account.createdAt,
            emailVerified: account.emailVerified)
    }

    func pushEvents() -> AsyncThrowingStream<CloudPushEvent, any Error> {
        AsyncThrowingStream { continuation in
            continuation.finish(
                throwing: CloudError(
                    .badRequest,
                    "The pages reach the record store in-process and have no push channel; call sync() to fetch changes."
                ))
        }
    }

    func acceptShare(token: String) async throws -> CloudShare {
        try await store.acceptShare(principal, token: token)
    }

    func invitations() async throws -> [CloudShare] { try await store.invitations(principal) }

    func forDevice(_ deviceID: String) -> any CloudService {
        RecordStoreCloud(store: store, userID: principal.userID, deviceID: deviceID)
    }
}
