import Synchronization

/// What this process last saw of users' own zones on PostgreSQL: each zone's key and the owner's change counter
/// and storage after the last batch it read or wrote there.
///
/// A batch of records its sender says are new is planned from a snapshot instead of a read, and written only if
/// the owner's counter still matches it (see ``SQLRecordStore/modifyUnlocked(_:principal:zone:prepared:reads:atomic:desiredKeys:now:)``),
/// so a snapshot another process made stale costs one statement that writes nothing, never a wrong write. At
/// most `limit` zones are kept; past it an arbitrary one is dropped, which costs that zone one read.
final class ZoneSnapshots: Sendable {
    struct Key: Hashable, Sendable {
        var ownerID: String
        var zoneName: String
    }

    struct Snapshot: Sendable, Equatable {
        var zonePK: Int64
        var incarnation: Int64
        var horizon: Int64
        var ownerSeq: Int64
        var ownerStorage: Int64
    }

    let limit: Int
    private let snapshots = Mutex<[Key: Snapshot]>([:])

    init(limit: Int = 10_000) {
        self.limit = max(1, limit)
    }

    subscript(key: Key) -> Snapshot? { snapshots.withLock { $0[key] } }

    /// Keeps `snapshot` unless one with a later owner counter is already kept (a batch that finished first but
    /// started later).
    func keep(_ snapshot: Snapshot, for key: Key) {
        snapshots.withLock { kept in
            if let current = kept[key], current.ownerSeq > snapshot.ownerSeq { return }
            if kept[key] == nil, kept.count >= limit { kept.remove(at: kept.startIndex) }
            kept[key] = snapshot
        }
    }

    func forget(_ key: Key) {
        _ = snapshots.withLock { $0.removeValue(forKey: key) }
    }

    var count: Int { snapshots.withLock { $0.count } }
}
