public import HearthCloudModel

/// How the engine settles a record changed both here and on the server since they last agreed.
///
/// | policy | result |
/// |---|---|
/// | ``serverWins`` | the server's version replaces the local one; the local edit is discarded |
/// | ``clientWins`` | the local version overwrites the server's |
/// | ``fieldLevelLastWriterWins`` (default) | field by field: a field changed on one side only keeps that change; a field changed on both keeps the later edit (per-field change times travel with the record) |
/// | ``fieldLevelLastWriterWins(merging:)`` | the same, except that a named field changed on both sides is merged by its function (a list of entries merged entry by entry, say) |
/// | ``merge(_:)`` | your function builds the result from the ancestor, client and server versions |
///
/// A deletion on either side wins over an edit on the other, except under ``clientWins``, where a local
/// edit brings back a record deleted on the server.
public struct SyncConflictPolicy: Sendable, CustomStringConvertible {
    enum Kind: Sendable {
        case serverWins
        case clientWins
        case fieldLevelLastWriterWins
        case merge(@Sendable (SyncConflict) throws -> [String: CloudFieldValue])
    }

    let kind: Kind
    /// Functions that merge a field changed on both sides, by field name (field-level policy only).
    var fieldMerges: [String: SyncFieldMerge] = [:]

    /// The server's version wins.
    public static let serverWins = SyncConflictPolicy(kind: .serverWins)
    /// This device's version wins.
    public static let clientWins = SyncConflictPolicy(kind: .clientWins)
    /// Each field keeps its latest edit.
    public static let fieldLevelLastWriterWins = SyncConflictPolicy(kind: .fieldLevelLastWriterWins)

    /// Field by field, the later edit wins, except for the fields in `merges`: when one of them changed on both
    /// sides, its function builds the value from the ancestor's, this device's and the server's (see
    /// ``SyncFieldConflict``). The result is saved locally and, when it differs from the server's, sent. A
    /// function should depend on its argument alone; throwing leaves the conflict unresolved, as for
    /// ``merge(_:)``.
    public static func fieldLevelLastWriterWins(merging merges: [String: SyncFieldMerge]) -> SyncConflictPolicy {
        SyncConflictPolicy(kind: .fieldLevelLastWriterWins, fieldMerges: merges)
    }

    /// `merge` returns the fields of the resolved record from the ancestor, client and server versions.
    /// The result is saved locally and sent to the server. Throwing leaves the conflict unresolved: the
    /// local change stays pending and the error is reported. It may be asked again for the same conflict
    /// when the page it came in is applied again (after the app refused another record of it), so it
    /// should depend on its argument alone.
    public static func merge(_ merge: @escaping @Sendable (SyncConflict) throws -> [String: CloudFieldValue])
        -> SyncConflictPolicy
    {
        SyncConflictPolicy(kind: .merge(merge))
    }

    /// Whether the engine keeps each record's last synced version (the ancestor) for this policy.
    var keepsAncestor: Bool {
        switch kind {
        case .serverWins, .clientWins: false
        case .fieldLevelLastWriterWins, .merge: true
        }
    }

    /// Whether the outbox records per-field change times for this policy.
    var tracksFieldTimes: Bool {
        if case .fieldLevelLastWriterWins = kind { return true }
        return false
    }

    public var description: String {
        switch kind {
        case .serverWins: "server wins"
        case .clientWins: "client wins"
        case .fieldLevelLastWriterWins:
            fieldMerges.isEmpty ? "field-level last writer wins" : "field-level last writer wins, with merged fields"
        case .merge: "custom merge"
        }
    }
}
