import Foundation
import HearthCloud
import HearthCloudModel
import HearthCore
import HearthStore
import HearthSync

/// One user's zone of one app, copied into an in-memory app database and kept in step by a ``SyncEngine``
/// talking to the record store in-process, exactly as a device's copy is: the same delegate applies fetched
/// records, the same outbox queues the pages' writes, the same conflict policies merge a concurrent edit.
///
/// Reading never writes to the record store: until the user's zone exists there (a device or a page's first
/// write makes it), a read finds it missing and leaves the copy empty, without the engine's first-sync set-up
/// (which creates the zone and a push subscription). A write sets up first, as a device's first sync does.
struct UserReplica: Sendable {
    let userID: String
    /// The app's zone in the user's private database (`garage`, `finance`).
    let zone: String
    /// For a copy of a zone another account shared with the user (a money book), that account; nil for the
    /// user's own zone.
    let owner: String?
    /// What the copy is kept under in its ``ReplicaCache``: the user, and the owner of a shared zone.
    var key: String { Self.key(userID, owner: owner) }
    let database: AppDatabase
    let outbox: SyncOutbox
    let engine: SyncEngine
    let store: any RecordStore
    /// Changes whenever the copy does.
    let generation = ReplicaGeneration()
    /// When the pages last asked which of another user's records are shared with this one (the garage's
    /// vehicles): at most once per freshness window, and at once after a change to them made here.
    let sharesChecked = ReplicaGeneration()

    /// A copy of `userID`'s `zone` (or of the `zone` `owner` shared with them, the outbox's configuration
    /// syncing only that) over `database` (opened with the app's schemas and `SyncSchema`).
    init(
        userID: String, zone: String, owner: String? = nil, database: AppDatabase, outbox: SyncOutbox,
        store: any RecordStore, now: @escaping @Sendable () -> Date
    ) {
        self.userID = userID
        self.zone = zone
        self.owner = owner
        self.database = database
        self.outbox = outbox
        self.store = store
        engine = SyncEngine(
            database: database, outbox: outbox, cloud: RecordStoreCloud(store: store, userID: userID), now: now)
    }

    /// Fetches what changed in the record store since the last read, unless the copy did so less than
    /// `maximumAge` before `now` (reads may take a copy that old; writes pass 0 and always fetch).
    /// - Returns: the copy's generation afterwards.
    @discardableResult
    func refresh(unlessFetchedWithin maximumAge: TimeInterval = 0, now: Date = Date()) async throws -> Int {
        guard generation.claimFetch(unlessWithin: maximumAge, of: now) else { return generation.current }
        do {
            guard try await zoneExists() else { return generation.current }
            let report = try await engine.fetchChanges()
            if report.receivedSaves > 0 || report.receivedDeletions > 0 || report.refetchedZones > 0 {
                generation.bump()
            }
            return generation.current
        } catch {
            generation.forgetFetch()
            throw Self.explain(error, "read your records")
        }
    }

    /// Sets the copy up for a write: when the user's zone is not in the record store yet, the engine's first
    /// sync makes it (and fetches nothing, there being nothing), as a device's first sync does.
    func prepareForWriting() async throws {
        guard !generation.zoneExists else { return }
        do {
            _ = try await engine.fetchChanges()
        } catch {
            throw Self.explain(error, "save your change")
        }
        generation.noteZoneExists()
    }

    /// The cache key of `userID`'s copy of their own zone, or of the one `owner` shared with them.
    static func key(_ userID: String, owner: String?) -> String {
        owner.map { userID + "\u{1F}" + $0 } ?? userID
    }

    /// Whether the user's zone (or the one shared with them) is in the record store (looked up until it is).
    private func zoneExists() async throws -> Bool {
        if generation.zoneExists { return true }
        let zones = try await store.listZones(
            CloudPrincipal(userID: userID, deviceID: nil), scope: owner == nil ? .private : .shared)
        guard
            zones.contains(where: { $0.zoneID.zoneName == zone && (owner == nil || $0.zoneID.ownerRecordName == owner) }
            )
        else {
            // No zone yet, or no account: an id with no account behind it reads nothing, as the engine would say.
            _ = try await RecordStoreCloud(store: store, userID: userID).caller()
            return false
        }
        generation.noteZoneExists()
        return true
    }

    /// Sends the pages' queued writes, settling conflicts with the server's records as a device does.
    /// - Throws: ``ServiceError`` when the record store did not take every change (refused, or asked to wait).
    func send() async throws {
        generation.bump()
        let report: SyncReport
        do {
            report = try await engine.sendChanges()
        } catch {
            throw Self.explain(error, "save your change")
        }
        let pending = try await engine.pendingChangeCount()
        guard pending == 0 else {
            let detail = report.problems.first.map { ": \($0)" } ?? (report.throttled > 0 ? ": the server is busy" : "")
            throw ServiceError(
                .operationFailed, "The change could not be saved\(detail). Nothing was kept; try again in a moment.")
        }
    }

    /// A failure of the record store as a ``ServiceError`` saying what to do.
    static func explain(_ error: any Error, _ verb: String) -> ServiceError {
        switch error {
        case let error as ServiceError:
            return error
        case let error as CloudError:
            switch error.serverErrorCode {
            case .authenticationFailed, .authenticationRequired:
                return ServiceError(.notAuthenticated, "Could not \(verb): \(error.reason)", underlying: error)
            case .throttled, .tryAgainLater:
                return ServiceError(
                    .rateLimited,
                    "Could not \(verb): the server is busy (\(error.reason)). Try again in \(error.retryAfter ?? 60) seconds.",
                    underlying: error)
            default:
                return ServiceError(.operationFailed, "Could not \(verb): \(error.reason)", underlying: error)
            }
        default:
            return ServiceError(
                .operationFailed, "Could not \(verb): \(error). Try again in a moment.", underlying: error)
        }
    }
}
