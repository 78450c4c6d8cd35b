import HearthCloudModel

/// What a batch in one's own zone brings to ``SQLRecordStore/writeUnlocked(_:_:_:snapshot:existing:key:)``.
struct UnlockedBatch: Sendable {
    var principal: CloudPrincipal
    var zoneName: String
    var prepared: [PreparedOperation]
    var atomic: Bool
    var desiredKeys: Set<String>?
    var now: Int64
}
