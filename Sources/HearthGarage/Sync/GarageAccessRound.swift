import HearthStore
import HearthSync

/// A garage sync round that then asks which vehicles are shared with the user and with what rights
/// (``GarageShareAccess``), so a read-only vehicle's changes are refused here before they are made.
struct GarageAccessRound: SyncRoundSteps {
    let inner: any SyncRoundSteps
    let database: AppDatabase
    let cloud: any CloudService

    func round(_ engine: SyncEngine) async throws -> SyncReport {
        var report = try await inner.round(engine)
        do {
            _ = try await GarageShareAccess.refresh(database, cloud: cloud)
        } catch {
            report.problems.append("Could not read which vehicles are shared with you: \(error)")
        }
        return report
    }

    func roundFailed(_ error: any Error) async { await inner.roundFailed(error) }

    func roundFinished(_ result: Result<SyncReport, any Error>, wasInitial: Bool) async {
        await inner.roundFinished(result, wasInitial: wasInitial)
    }

    func afterEngineWork(_ engine: SyncEngine) async { await inner.afterEngineWork(engine) }
}
