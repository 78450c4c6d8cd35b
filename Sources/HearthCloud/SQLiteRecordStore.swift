public import Foundation
import GRDB
import HearthCloudModel
public import Logging

/// The record store on an embedded SQLite database (the server's default: `cloud.sqlite` in the data directory).
public final class SQLiteRecordStore: SQLRecordStore, @unchecked Sendable {
    /// Opens (creating when needed) the database file at `url`. Call ``migrate()`` before use.
    public init(url: URL, configuration: CloudConfiguration = CloudConfiguration(), clock: @escaping @Sendable () -> Date = Date.init, logger: Logger = Logger(label: "hearth.cloud")) throws {
        do {
            super.init(database: try SQLiteDatabase(url: url, logger: logger), configuration: configuration, clock: clock, logger: logger)
        } catch {
            throw CloudError(.internalError, "Could not open the record database \(url.path): \(error)")
        }
    }

    /// An empty store in memory, for tests.
    public init(inMemory configuration: CloudConfiguration = CloudConfiguration(), clock: @escaping @Sendable () -> Date = Date.init, logger: Logger = Logger(label: "hearth.cloud")) throws {
        super.init(database: try SQLiteDatabase(), configuration: configuration, clock: clock, logger: logger)
    }
}
