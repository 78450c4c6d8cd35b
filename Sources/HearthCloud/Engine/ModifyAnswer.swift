import HearthCloudModel

/// What a written batch answers, made into its response once the transaction is over: on SQLite the
/// transaction runs on the writer's turn, which every other batch waits for.
struct ModifyAnswer: Sendable {
    let plan: ModifyPlan
    let shareRoots: [String: String]
    let zoneID: CloudZoneID
    let desiredKeys: Set<String>?

    var response: CloudRecordsModifyResponse {
        plan.response(shareRoots: shareRoots, zoneID: zoneID, desiredKeys: desiredKeys)
    }
}
