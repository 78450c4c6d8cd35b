import HearthCloudModel

/// Settles one conflict by policy: pure logic, no I/O.
///
/// `client` is the local row as it is now; `localTimes` the per-field times of its unsent edits (nil when
/// the policy does not track them); `ancestor` the version both sides last agreed on.
struct ConflictResolver {
    struct Resolution: Equatable {
        /// The fields of the settled record (without the engine's field-times field).
        var fields: [String: CloudFieldValue]
        /// Unsent edit times still to send (the fields where the local edit won).
        var remainingTimes: [String: Int64]?
        /// Whether the settled record is the server's: nothing is left to send.
        var matchesServer: Bool
        /// Whether the settled record differs from the local row, which must then be updated.
        var changesLocal: Bool
    }

    let policy: SyncConflictPolicy

    func resolve(ancestor: CloudRecord?, client: CloudRecord, server: CloudRecord, localTimes: [String: Int64]?) throws
        -> Resolution
    {
        let serverFields = SyncCoding.appFields(server.fields)
        let clientFields = SyncCoding.appFields(client.fields)
        let fields: [String: CloudFieldValue]
        var remaining = localTimes
        switch policy.kind {
        case .serverWins:
            fields = serverFields
            remaining = nil
        case .clientWins:
            fields = clientFields
        case .fieldLevelLastWriterWins:
            (fields, remaining) = try lastWriterWins(
                ancestor: ancestor, client: clientFields, server: server, localTimes: localTimes ?? [:])
        case .merge(let merge):
            var strippedAncestor = ancestor
            strippedAncestor?.fields = ancestor.map { SyncCoding.appFields($0.fields) } ?? [:]
            var strippedClient = client
            strippedClient.fields = clientFields
            var strippedServer = server
            strippedServer.fields = serverFields
            fields = SyncCoding.appFields(
                try merge(SyncConflict(ancestor: strippedAncestor, client: strippedClient, server: strippedServer)))
        }
        return Resolution(
            fields: fields, remainingTimes: remaining, matchesServer: fields == serverFields,
            changesLocal: fields != clientFields)
    }

    /// Field by field: a field only one side changed keeps that side's value; a field both changed keeps
    /// the later edit (the server keeps it on a tie), or what the policy's merge for it builds. Without an
    /// ancestor every field counts as changed on the server.
    private func lastWriterWins(
        ancestor: CloudRecord?, client: [String: CloudFieldValue], server: CloudRecord, localTimes: [String: Int64]
    ) throws -> ([String: CloudFieldValue], [String: Int64]) {
        let serverFields = SyncCoding.appFields(server.fields)
        let serverTimes = SyncCoding.times(of: server)
        let ancestorFields = ancestor.map { SyncCoding.appFields($0.fields) }
        let serverStamp = server.modified?.timestamp ?? 0
        var merged = serverFields
        var remaining: [String: Int64] = [:]
        for (name, localTime) in localTimes {
            let serverChanged = ancestorFields.map { $0[name] != serverFields[name] } ?? true
            let serverTime = serverTimes[name] ?? serverStamp
            if serverChanged, let merge = policy.fieldMerges[name] {
                let value = try merge(
                    SyncFieldConflict(
                        name: name, ancestor: ancestorFields?[name], client: client[name], server: serverFields[name],
                        clientTime: localTime, serverTime: serverTime))
                merged[name] = value
                // A merged value holds both sides' edits: it goes out as at least as new as either.
                if value != serverFields[name] { remaining[name] = max(localTime, serverTime) }
            } else if !serverChanged || localTime > serverTime {
                merged[name] = client[name]
                remaining[name] = localTime
            }
        }
        return (merged, remaining)
    }
}
