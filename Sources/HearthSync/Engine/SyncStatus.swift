/// Where sync stands, as a ``SyncEngine`` reports it on ``SyncEngine/status``.
public enum SyncStatus: Sendable, Hashable, CustomStringConvertible {
    /// Everything local is on the server and everything on the server is here, as far as the engine knows.
    case synced
    /// Changes are being sent or fetched, or wait for a retry.
    case syncing
    /// Sync is stuck until something changes: the message says what and what to do.
    case error(String)
    /// The server cannot be reached; changes are kept and sent when it can.
    case offline

    public var description: String {
        switch self {
        case .synced: "synced"
        case .syncing: "syncing"
        case .error(let message): "error: \(message)"
        case .offline: "offline"
        }
    }
}
