import HearthCore
import HearthSync

/// The garage's work around a sync round: each round is counted in the store's analytics
/// (``GarageEvent/syncFinished(outcome:wasInitial:)``); the round itself is the engine's.
struct GarageSyncRound: SyncRoundSteps {
    let analytics: any EventTracking

    func roundFinished(_ result: Result<SyncReport, any Error>, wasInitial: Bool) async {
        let outcome: GarageEvent.SyncOutcome =
            switch result {
            case .success(let report):
                !report.problems.isEmpty ? .failed : report.conflictsResolved > 0 ? .conflict : .success
            case .failure(let error): error is CloudTransportError ? .offline : .failed
            }
        await analytics.track(GarageEvent.syncFinished(outcome: outcome, wasInitial: wasInitial))
    }
}
