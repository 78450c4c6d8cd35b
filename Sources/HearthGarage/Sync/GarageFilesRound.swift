import HearthSync

/// A garage sync round with its files around it: files added here are uploaded first (so the records naming
/// them go out in the same round), files that arrived are downloaded after, and files whose record went
/// elsewhere are removed.
struct GarageFilesRound: SyncRoundSteps {
    let inner: any SyncRoundSteps
    let files: GarageFileTransfer

    func round(_ engine: SyncEngine) async throws -> SyncReport {
        let named = try await files.namedFiles()
        let sent = try await files.upload()
        var report = try await inner.round(engine)
        report.problems += sent + (try await files.download())
        try await files.removeUnnamed(since: named)
        return report
    }

    func roundFailed(_ error: any Error) async { await inner.roundFailed(error) }

    func roundFinished(_ result: Result<SyncReport, any Error>, wasInitial: Bool) async {
        await inner.roundFinished(result, wasInitial: wasInitial)
    }

    func afterEngineWork(_ engine: SyncEngine) async {
        await inner.afterEngineWork(engine)
        _ = try? await files.download()
    }
}
