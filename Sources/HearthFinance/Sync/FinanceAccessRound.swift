import HearthStore
import HearthSync

/// A sync round of a shared book's database that then asks what the user may do with the book
/// (``FinanceSharing/refreshAccess()``), so a read-only book's changes are refused here before they are made.
struct FinanceAccessRound: SyncRoundSteps {
    let sharing: FinanceSharing

    func round(_ engine: SyncEngine) async throws -> SyncReport {
        var report = try await engine.sync()
        do {
            _ = try await sharing.refreshAccess()
        } catch {
            report.problems.append("Could not read what you may do with the shared book: \(error)")
        }
        return report
    }
}
