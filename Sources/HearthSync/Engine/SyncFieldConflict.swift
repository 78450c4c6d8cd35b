public import HearthCloudModel

/// Merges one field changed both on this device and on the server since they last agreed: returns the
/// field's new value (nil leaves it out). See ``SyncConflictPolicy/fieldLevelLastWriterWins(merging:)``.
public typealias SyncFieldMerge = @Sendable (SyncFieldConflict) throws -> CloudFieldValue?

/// The three versions of one field in conflict, for a field merge.
public struct SyncFieldConflict: Sendable, Equatable {
    /// The field's name.
    public var name: String
    /// Its value in the version both sides started from (nil: absent, or no ancestor is known).
    public var ancestor: CloudFieldValue?
    /// Its value on this device, with the unsent edit.
    public var client: CloudFieldValue?
    /// Its value on the server, with the edit made elsewhere.
    public var server: CloudFieldValue?
    /// When this device edited it, in milliseconds since 1970.
    public var clientTime: Int64
    /// When it was edited on the server's side, in milliseconds since 1970.
    public var serverTime: Int64

    public init(
        name: String, ancestor: CloudFieldValue?, client: CloudFieldValue?, server: CloudFieldValue?, clientTime: Int64,
        serverTime: Int64
    ) {
        self.name = name
        self.ancestor = ancestor
        self.client = client
        self.server = server
        self.clientTime = clientTime
        self.serverTime = serverTime
    }

    /// Whether this device's edit is the later one; on a tie the server's wins, as for whole fields.
    public var clientIsLater: Bool { clientTime > serverTime }
}
