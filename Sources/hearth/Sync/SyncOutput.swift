import HearthSync

/// What `hearth APP sync --json` prints: the round's counts, and the status after it for an app that
/// reports it.
struct SyncOutput: Encodable {
    var summary: SyncSummary
    var status: SyncStatusReport?

    private enum CodingKeys: String, CodingKey { case status }

    func encode(to encoder: any Encoder) throws {
        try summary.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(status, forKey: .status)
    }
}
