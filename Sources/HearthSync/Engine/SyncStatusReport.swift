public import Foundation

/// Where an app's sync stands, as a status line and as JSON: synced, syncing, error (with the cause) or
/// offline, how many local changes wait to be sent, and when it last ran. The garage and health records
/// report it.
public struct SyncStatusReport: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Synced, syncing, error(message) or offline.
    public var state: SyncStatus
    /// Local changes not yet on the server.
    public var pendingChanges: Int
    /// Whether sync was ever turned on for this database (a first sign-in); before that nothing is queued,
    /// and the first sync uploads every record.
    public var isEnabled: Bool
    /// What the first sync uploads, for the status line before it ("everything in this database").
    public var firstUpload: String
    /// The server of the last sync, when known.
    public var server: String?
    /// When a sync was last tried.
    public var lastAttemptAt: Date?
    /// When a sync last reached the server and finished.
    public var lastSyncedAt: Date?

    public init(
        state: SyncStatus, pendingChanges: Int, isEnabled: Bool, server: String? = nil, lastAttemptAt: Date? = nil,
        lastSyncedAt: Date? = nil, firstUpload: String = "everything in this database"
    ) {
        self.state = state
        self.pendingChanges = pendingChanges
        self.isEnabled = isEnabled
        self.firstUpload = firstUpload
        self.server = server
        self.lastAttemptAt = lastAttemptAt
        self.lastSyncedAt = lastSyncedAt
    }

    /// "synced", "syncing (3 changes waiting)", "offline (2 changes waiting)", "error: …", or "not synced yet".
    public var description: String {
        guard isEnabled else { return "not synced yet: the first sync uploads \(firstUpload)" }
        let waiting = pendingChanges == 0 ? "" : " (\(pendingChanges) change\(pendingChanges == 1 ? "" : "s") waiting)"
        switch state {
        case .error(let message): return "error: \(message)" + waiting
        default: return "\(state)" + waiting
        }
    }

    private enum CodingKeys: String, CodingKey {
        case state, error, pendingChanges, isEnabled, server, lastAttemptAt, lastSyncedAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.name(of: state), forKey: .state)
        if case .error(let message) = state { try container.encode(message, forKey: .error) }
        try container.encode(pendingChanges, forKey: .pendingChanges)
        try container.encode(isEnabled, forKey: .isEnabled)
        try container.encodeIfPresent(server, forKey: .server)
        try container.encodeIfPresent(lastAttemptAt, forKey: .lastAttemptAt)
        try container.encodeIfPresent(lastSyncedAt, forKey: .lastSyncedAt)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .state)
        guard let state = Self.state(named: name, message: try container.decodeIfPresent(String.self, forKey: .error))
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .state, in: container,
                debugDescription: "\"\(name)\" is not a sync state; use synced, syncing, error or offline.")
        }
        self.state = state
        pendingChanges = try container.decode(Int.self, forKey: .pendingChanges)
        isEnabled = try container.decode(Bool.self, forKey: .isEnabled)
        firstUpload = "everything in this database"
        server = try container.decodeIfPresent(String.self, forKey: .server)
        lastAttemptAt = try container.decodeIfPresent(Date.self, forKey: .lastAttemptAt)
        lastSyncedAt = try container.decodeIfPresent(Date.self, forKey: .lastSyncedAt)
    }

    /// `synced`, `syncing`, `error` or `offline`.
    package static func name(of state: SyncStatus) -> String {
        switch state {
        case .synced: "synced"
        case .syncing: "syncing"
        case .error: "error"
        case .offline: "offline"
        }
    }

    /// The state a stored name (and message) stands for.
    package static func state(named name: String, message: String?) -> SyncStatus? {
        switch name {
        case "synced": .synced
        case "syncing": .syncing
        case "error": .error(message ?? "unknown")
        case "offline": .offline
        default: nil
        }
    }
}
