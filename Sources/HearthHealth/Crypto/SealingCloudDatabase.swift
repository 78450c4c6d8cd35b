import HearthCloudModel
import HearthSync

/// One database seen through ``SealingCloudService``: records are sealed on the way out and opened on the
/// way in; zones, shares and subscriptions pass through as they are.
struct SealingCloudDatabase: CloudDatabase {
    let inner: any CloudDatabase
    let vault: SealingCloudService.Vault

    var scope: CloudDatabaseScope { inner.scope }

    func zones() async throws -> [CloudZone] { try await inner.zones() }

    func modifyZones(_ operations: [CloudZoneOperation]) async throws -> [CloudItemResult<CloudZone>] {
        try await inner.modifyZones(operations)
    }

    func zoneChanges(_ request: CloudZoneChangesRequest) async throws -> CloudZoneChangesResponse {
        var response = try await inner.zoneChanges(request)
        for index in response.zones.indices {
            guard case .success(var changes) = response.zones[index] else { continue }
            changes.records = try await vault.open(changes.records, zone: changes.zoneID)
            response.zones[index] = .success(changes)
        }
        return response
    }

    func databaseChanges(since token: CloudSyncToken?) async throws -> CloudDatabaseChangesResponse {
        try await inner.databaseChanges(since: token)
    }

    func modifyRecords(_ request: CloudRecordsModifyRequest) async throws -> CloudRecordsModifyResponse {
        var sealed = request
        sealed.operations = try await vault.seal(request.operations, zone: request.zoneID)
        // What the server saves from a create or replace is exactly what was sent: its answer gets the plaintext
        // back without opening it again, when it carries the same seal.
        var sent: [String: (plain: CloudRecord, epoch: CloudFieldValue)] = [:]
        for (plain, operation) in zip(request.operations, sealed.operations)
        where [.create, .replace, .forceReplace].contains(operation.operationType) {
            if let epoch = operation.record.fields["keyEpoch"] {
                sent[operation.record.recordName] = (plain.record, epoch)
            }
        }
        do {
            var response = try await inner.modifyRecords(sealed)
            response.records = try await openResults(response.records, zone: request.zoneID, sent: sent)
            return response
        } catch var error as CloudError {
            if let server = error.serverRecord {
                error.serverRecord = try await vault.open([server], zone: request.zoneID, strict: true).first
            }
            if let records = error.records { error.records = try await openResults(records, zone: request.zoneID) }
            throw error
        }
    }

    func lookupRecords(_ request: CloudRecordsLookupRequest) async throws -> CloudRecordsLookupResponse {
        var response = try await inner.lookupRecords(request)
        response.records = try await openResults(response.records, zone: request.zoneID)
        return response
    }

    func queryRecords(_ request: CloudRecordsQueryRequest) async throws -> CloudRecordsQueryResponse {
        var response = try await inner.queryRecords(request)
        response.records = try await vault.open(response.records, zone: request.zoneID)
        return response
    }

    func recordChanges(_ request: CloudRecordChangesRequest) async throws -> CloudRecordChangesResponse {
        var response = try await inner.recordChanges(request)
        response.records = try await vault.open(response.records, zone: response.zoneID)
        return response
    }

    func createShare(_ request: CloudShareCreateRequest) async throws -> CloudShare {
        try await inner.createShare(request)
    }
    func shares() async throws -> [CloudShare] { try await inner.shares() }
    func lookupShare(_ reference: CloudShareReference) async throws -> CloudShare {
        try await inner.lookupShare(reference)
    }
    func updateShare(_ request: CloudShareUpdateRequest) async throws -> CloudShare {
        try await inner.updateShare(request)
    }
    func deleteShare(_ reference: CloudShareReference) async throws { try await inner.deleteShare(reference) }
    func addParticipants(_ request: CloudParticipantsAddRequest) async throws -> CloudShare {
        try await inner.addParticipants(request)
    }
    func removeParticipants(_ request: CloudParticipantsRemoveRequest) async throws -> CloudShare {
        try await inner.removeParticipants(request)
    }
    func leaveShare(_ reference: CloudShareReference) async throws { try await inner.leaveShare(reference) }

    func modifySubscriptions(_ request: CloudSubscriptionsModifyRequest) async throws -> CloudSubscriptionsResponse {
        try await inner.modifySubscriptions(request)
    }

    func subscriptions() async throws -> [CloudSubscription] { try await inner.subscriptions() }

    /// Opens the records among per-record results (a conflict's server copy must open: it is merged).
    private func openResults(
        _ results: [CloudItemResult<CloudRecord>], zone: CloudZoneID?,
        sent: [String: (plain: CloudRecord, epoch: CloudFieldValue)] = [:]
    ) async throws -> [CloudItemResult<CloudRecord>] {
        var opened = results
        if !sent.isEmpty {
            for index in opened.indices {
                guard case .success(var record) = opened[index], let copy = sent[record.recordName],
                    record.fields["keyEpoch"] == copy.epoch
                else { continue }
                record.fields = copy.plain.fields
                opened[index] = .success(record)
            }
        }
        let records = opened.compactMap(\.item)
        let openedRecords = try await vault.open(records, zone: zone)
        var next = openedRecords.makeIterator()
        for index in opened.indices {
            switch opened[index] {
            case .success: if let record = next.next() { opened[index] = .success(record) }
            case .failure(var error):
                if let server = error.serverRecord {
                    error.serverRecord = try await vault.open([server], zone: zone, strict: true).first
                    opened[index] = .failure(error)
                }
            }
        }
        return opened
    }
}
