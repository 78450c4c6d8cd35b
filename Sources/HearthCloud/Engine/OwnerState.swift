/// A data owner's row of counters as a write transaction locked it: the change counter that orders their
/// change feeds, and the bytes their records take.
struct OwnerState: Sendable {
    var changeSeq: Int64
    var storageBytes: Int64
}
