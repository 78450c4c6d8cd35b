import HearthSync

/// A sync round with the attachment files around it: files not sent yet are sealed and uploaded first (so
/// the records that name them go out in the same round), files that arrived are downloaded after, and files
/// no attachment names any more are deleted.
struct AttachmentRound: SyncRoundSteps {
    let inner: any SyncRoundSteps
    let transfer: HealthAttachmentTransfer

    func round(_ engine: SyncEngine) async throws -> SyncReport {
        let sent = try await transfer.upload()
        var report = try await inner.round(engine)
        let fetched = try await transfer.download()
        // Files whose attachment was deleted on another device (or went with its entry) go too.
        try await transfer.attachments.pruneFiles()
        report.problems += sent + fetched
        return report
    }

    func roundFailed(_ error: any Error) async { await inner.roundFailed(error) }

    func roundFinished(_ result: Result<SyncReport, any Error>, wasInitial: Bool) async {
        await inner.roundFinished(result, wasInitial: wasInitial)
    }

    func afterEngineWork(_ engine: SyncEngine) async {
        await inner.afterEngineWork(engine)
        _ = try? await transfer.download()
    }
}
