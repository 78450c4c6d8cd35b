public import HearthCloudModel

/// The three versions of a record in conflict, for a custom merge.
public struct SyncConflict: Sendable {
    /// The version both sides started from: the last one this device synced (nil when it never had one).
    public var ancestor: CloudRecord?
    /// The version on this device, with its unsent changes.
    public var client: CloudRecord
    /// The version on the server, with changes from elsewhere.
    public var server: CloudRecord

    public init(ancestor: CloudRecord?, client: CloudRecord, server: CloudRecord) {
        self.ancestor = ancestor
        self.client = client
        self.server = server
    }
}
