public import HearthSync

/// Where health sync stands (see ``SyncStatusReport``); before the first sync it says that sync uploads every
/// cloud-enabled record.
public typealias HealthSyncStatus = SyncStatusReport
