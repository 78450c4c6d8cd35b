import HearthSync

/// An app whose `sync` is a group: `sync [run]` and `sync status` (``SyncCommand``).
protocol SyncStatusApp: SyncCommandApp {
    /// The group's abstract and discussion (`hearth garage sync --help`).
    static var abstract: String { get }
    static var discussion: String { get }
    /// Where sync of the database `options` name stands, without the server.
    static func status(_ options: Options) async throws -> SyncStatusReport
}
