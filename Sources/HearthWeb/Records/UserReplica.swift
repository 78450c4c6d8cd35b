import Foundation
import HearthCloud
import HearthCloudModel
import HearthCore
import HearthStore
import HearthSync

/// One user's zone of one app, copied into an in-memory app database and kept in step by a ``SyncEngine``
/// talking to the record store in-process, exactly as a device's copy is: the same delegate applies fetched
/// records, the same outbox queues the pages' writes, the same conflict policies merge a concurrent edit.
struct UserReplica: Sendable {
    let userID: String
    let database: AppDatabase
    let outbox: SyncOutbox
    let engine: SyncEngine
    /// Changes whenever the copy does.
    let generation = ReplicaGeneration()

    /// A copy of `userID`'s zone over `database` (opened with the app's schemas and `SyncSchema`).
    init(
        userID: String, database: AppDatabase, outbox: SyncOutbox, store: any RecordStore,
        now: @escaping @Sendable () -> Date
    ) {
        self.userID = userID
        self.database = database
        self.outbox = outbox
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
