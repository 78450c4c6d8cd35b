public import HearthSync

/// Where the garage's sync stands (see ``SyncStatusReport``).
public typealias GarageSyncStatus = SyncStatusReport
