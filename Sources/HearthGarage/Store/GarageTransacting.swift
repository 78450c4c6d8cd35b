public import Foundation
public import GRDB

/// Transactions on the garage database for the services that keep tables of their own in it (the reminder
/// queue and its deliveries, the watch's inbox, the app-icon setting) or write records in bulk (the importer).
///
/// Each closure runs in one transaction: what it changes commits together, or (when it throws) not at all.
public protocol GarageTransacting: GarageWriting {
    /// Runs `body` in a read transaction.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T
    /// Runs `body` in one write transaction, through a ``GarageTransaction`` that reports every record change.
    func write<T: Sendable>(_ body: @escaping @Sendable (GarageTransaction) throws -> T) async throws -> T
    /// Runs `body` in one immediate write transaction that commits, or (for a dry run, or when it throws)
    /// rolls back; a dry run reports no change.
    func writeOrRehearse<T: Sendable>(dryRun: Bool, _ body: @escaping @Sendable (GarageTransaction) throws -> T)
        async throws -> T
    /// SQLite's data version: it changes when another connection (another process) commits to the database.
    func foreignCommitVersion() async throws -> Int64
}
