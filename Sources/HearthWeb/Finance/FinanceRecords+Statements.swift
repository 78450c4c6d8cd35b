import Foundation
import HearthCore
import HearthFinance

/// Bank statements from the pages: an uploaded OFX, QIF or CSV file read as `hearth finance statements import`
/// reads it, first without writing (what would be added, what would be left out and why), then for real.
extension FinanceRecords {
    /// The largest statement file the pages take.
    static let maxStatementBytes = 5 * 1024 * 1024

    /// Reads `file` with `options`; with `dryRun` nothing is written, else its transactions are saved in the
    /// user's zone for their devices. Importing a file again adds nothing (each transaction's id follows from
    /// the bank's own).
    /// - Throws: ``ServiceError`` `validationFailed` naming the file, the line and what to do; nothing is saved.
    func importStatement(
        _ file: UploadedFile, options: StatementImportOptions, dryRun: Bool, userID: String, now: Date
    ) async throws -> StatementImportReport {
        var options = options
        options.dryRun = dryRun
        let finance = try await current(userID, now: now)
        let chosen = options
        return try await file.written { url in
            if dryRun {
                return try await Self.reading { try await finance.importStatement(from: url, options: chosen) }
            }
            return try await saving(userID) {
                try await Self.reading { try await finance.importStatement(from: url, options: chosen) }
            }
        }
    }
}
