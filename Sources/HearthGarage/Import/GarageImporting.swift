public import Foundation
public import HearthExchange

/// Imports another car app's CSV export (or any CSV with a column mapping) into one vehicle.
public protocol GarageImporting: Sendable {
    /// Imports `url` (or, with ``ImportOptions/dryRun``, reports what would be imported) in one transaction;
    /// `progress` is called every 2,000 rows.
    /// - Throws: ``ServiceError`` for a file that cannot be imported; nothing is written then.
    func importFile(at url: URL, options: ImportOptions, progress: ExchangeProgressHandler?) async throws
        -> ImportReport
}
