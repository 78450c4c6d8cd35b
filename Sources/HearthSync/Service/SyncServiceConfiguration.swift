/// What sets one app's sync service apart from another's: where its status is kept and how its messages name
/// it. The zones, record types and conflict policies are the engine's (``SyncConfiguration``); the work an app
/// adds around a round (end-to-end keys, analytics) is its ``SyncRoundSteps``.
///
/// ```swift
/// let garage = SyncServiceConfiguration(statusTable: "garageSyncStatus", databaseName: "garage database", opener: "GarageSync.open")
/// ```
public struct SyncServiceConfiguration: Sendable {
    /// The app's one-row table of how the last round went (made by the app's schema, see
    /// ``SyncServiceConfiguration/createStatusTable(_:in:)``).
    public var statusTable: String
    /// What the first sync uploads, for the status before it ("everything in this database").
    public var firstUpload: String
    /// The database as messages name it ("garage database").
    public var databaseName: String
    /// What opens the database with the sync tables ("GarageSync.open"), for the message when they are missing.
    public var opener: String
    /// What a person does after a failure ("sync again", "try again").
    public var retry: String

    public init(
        statusTable: String, firstUpload: String = "everything in this database", databaseName: String, opener: String,
        retry: String = "sync again"
    ) {
        self.statusTable = statusTable
        self.firstUpload = firstUpload
        self.databaseName = databaseName
        self.opener = opener
        self.retry = retry
    }

    /// The status log over ``statusTable``.
    var log: SyncStatusLog { SyncStatusLog(table: statusTable, firstUpload: firstUpload) }
}
