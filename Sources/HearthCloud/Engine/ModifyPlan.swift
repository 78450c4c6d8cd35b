import Foundation
import HearthCloudModel

/// What a batch writes, decided from what it read: each operation's outcome, the rows, and what they touch.
///
/// A value made from values: ``init(principal:access:owner:prepared:existing:shareRoots:usableAssets:atomic:now:configuration:validator:)``
/// reads and writes nothing, so the rules of `records/modify` (change tags, conflicts, shares' rights, parents,
/// references, assets, quota, atomic batches) are decided here and tested without a database.
struct ModifyPlan: Sendable {
    typealias Write = (index: Int, row: StoredRecord, oldRoot: String?, existed: Bool, shareDeleted: Bool)
    var results: [CloudItemResult<CloudRecord>?]
    /// The rows to write, their sequence numbers given in operation order.
    var writes: [Write]
    var storageDelta: Int64
    var touchedRoots: Set<String>
    var touchedTypes: Set<String>
    /// The owner's change counter once the rows have their sequence numbers.
    var seq: Int64

    private init(
        results: [CloudItemResult<CloudRecord>?], writes: [Write], storageDelta: Int64, touchedRoots: Set<String>,
        touchedTypes: Set<String>, seq: Int64
    ) {
        self.results = results
        self.writes = writes
        self.storageDelta = storageDelta
        self.touchedRoots = touchedRoots
        self.touchedTypes = touchedTypes
        self.seq = seq
    }

    /// Whether every row is written as it is, with nothing else to read first: no deletion to cascade and no
    /// hierarchy that moves under a record saved again.
    var writesRowsOnly: Bool {
        writes.count <= 400 && !writes.contains { $0.row.deleted || ($0.existed && $0.oldRoot != $0.row.rootName) }
    }

    /// The names of the written rows that replaced stored ones, whose references are written again.
    var replaced: [String] { writes.filter(\.existed).map(\.row.name) }

    /// The values of the `record_refs` rows (deleting references) and `asset_refs` rows the saved records
    /// make, three to a row.
    func links(_ prepared: [PreparedOperation], access: ZoneAccess) -> (references: [SQLValue], assets: [SQLValue]) {
        var references: [SQLValue] = []
        var assets: [SQLValue] = []
        for write in writes where !write.row.deleted {
            let operation = prepared[write.index]
            for reference in operation.references where reference.deleteSelf {
                references += [.int(access.zonePK), .text(reference.target), .text(write.row.name)]
            }
            for checksum in operation.assetChecksums {
                assets += [.int(access.zonePK), .text(write.row.name), .text(checksum)]
            }
        }
        return (references, assets)
    }

    func response(shareRoots: [String: String], zoneID: CloudZoneID, desiredKeys: Set<String>?)
        -> CloudRecordsModifyResponse
    {
        var results = results
        for write in writes {
            results[write.index] = .success(
                write.row.cloudRecord(zoneID: zoneID, shareName: shareRoots[write.row.name], desiredKeys: desiredKeys))
        }
        return CloudRecordsModifyResponse(
            records: results.map {
                $0 ?? .failure(CloudError(.internalError, "No outcome was recorded for this operation."))
            })
    }

    /// Plans a batch: checks every operation against the stored records it read (`existing`, by name), and
    /// decides each one's outcome and the rows to write. Reads nothing and writes nothing.
    /// - Parameters:
    ///   - principal: who sends the batch.
    ///   - access: the zone, as the sender may use it.
    ///   - owner: the zone owner's counters, as the transaction locked them.
    ///   - prepared: the batch's operations after ``PreparedOperation/batch(_:configuration:validator:)``.
    ///   - existing: the stored rows of the records the batch names, their parents and reference targets.
    ///   - shareRoots: the zone's record shares by root record name.
    ///   - usableAssets: the checksums of the assets the batch refers to that the sender uploaded or the zone holds.
    ///   - atomic: whether one failure fails the whole batch.
    ///   - now: the time the saved records are stamped with, in milliseconds since 1970.
    ///   - configuration: the store's limits (quota, author-owned record types).
    ///   - validator: encodes the merged fields of updates.
    /// - Throws: the batch's failure when it is atomic and an operation failed, or when it exceeds the quota.
    init(
        principal: CloudPrincipal, access: ZoneAccess, owner: OwnerState, prepared: [PreparedOperation],
        existing: [String: StoredRecord], shareRoots: [String: String], usableAssets: Set<String>, atomic: Bool,
        now: Int64,
        configuration: CloudConfiguration, validator: RecordValidator
    ) throws {
        let zoneID = access.zoneID
        // Saves in this batch, for parents and references that arrive together with their children.
        var batchSaves: [String: PreparedOperation] = [:]
        for op in prepared where op.isSave && op.isValid { batchSaves[op.name] = op }
        let batchDeletes = Set(prepared.filter { !$0.isSave && $0.isValid }.map(\.name))

        func live(_ name: String) -> StoredRecord? {
            guard let row = existing[name], !row.deleted else { return nil }
            return row
        }

        func root(of name: String, depth: Int = 0) throws -> String {
            guard depth < 64 else {
                throw CloudError.badRequest(
                    "The parent chain of record \"\(name)\" loops or is deeper than 64 records.")
            }
            if let op = batchSaves[name] {
                guard let parent = op.operation.record.parent?.recordName else { return name }
                return try root(of: parent, depth: depth + 1)
            }
            if let row = live(name), !batchDeletes.contains(name) { return row.rootName }
            throw CloudError(
                .validatingReferenceError,
                "Parent record \"\(name)\" does not exist in zone \(access.zoneName); save it first or in the same batch.",
                recordName: name, zoneID: zoneID)
        }

        var results: [CloudItemResult<CloudRecord>?] = prepared.map {
            $0.isValid ? nil : $0.problem.map(CloudItemResult.failure)
        }
        var writes: [Write] = []
        var storageDelta: Int64 = 0
        var touchedRoots = Set<String>()
        var touchedTypes = Set<String>()

        for op in prepared where op.isValid {
            let record = op.operation.record
            let current = live(op.name)
            do {
                if let current, !access.canRead(root: current.rootName) {
                    throw CloudError(
                        .accessDenied, "Record \"\(op.name)\" is outside what is shared with you.", recordName: op.name,
                        zoneID: zoneID)
                }
                if let current, !access.isOwner, current.createdBy != principal.userID,
                    configuration.authorOwnedRecordTypes.contains(current.type)
                {
                    throw CloudError(
                        .accessDenied,
                        "Record \"\(op.name)\" is a \(current.type), which only the participant who wrote it or the zone's owner may change or delete; it was left as it is.",
                        recordName: op.name, zoneID: zoneID)
                }
                let serverRecord = current.map {
                    $0.cloudRecord(zoneID: zoneID, shareName: shareRoots[$0.name], desiredKeys: nil)
                }
                func conflict() -> CloudError {
                    CloudError(
                        .conflict,
                        "Record \"\(op.name)\" was changed on the server since you fetched it (your tag \(record.recordChangeTag ?? "none"), the server's \(serverRecord?.recordChangeTag ?? "none")); merge your changes into serverRecord and save again.",
                        recordName: op.name, zoneID: zoneID, serverRecord: serverRecord)
                }
                switch op.kind {
                case .delete, .forceDelete:
                    guard let current else {
                        if op.kind == .forceDelete {
                            results[op.index] = .success(
                                CloudRecord(
                                    recordName: op.name, recordType: record.recordType, zoneID: zoneID, deleted: true))
                            continue
                        }
                        throw CloudError(
                            .notFound, "Record \"\(op.name)\" does not exist in zone \(access.zoneName).",
                            recordName: op.name, zoneID: zoneID)
                    }
                    if op.kind == .delete {
                        guard let tag = record.recordChangeTag else {
                            throw CloudError(
                                .badRequest,
                                "Deleting record \"\(op.name)\" needs its recordChangeTag; use forceDelete to delete whatever version the server has.",
                                recordName: op.name)
                        }
                        guard tag == changeTag(current.seq) else { throw conflict() }
                    }
                    guard access.canWrite(root: current.rootName) else {
                        throw CloudError(
                            .accessDenied,
                            "You may only read record \"\(op.name)\"; the share gives you read-only access.",
                            recordName: op.name, zoneID: zoneID)
                    }
                    let isShareRoot = shareRoots[op.name] != nil
                    if isShareRoot && !access.isOwner {
                        throw CloudError(
                            .accessDenied,
                            "Record \"\(op.name)\" is the root of the share; only its owner can delete it.",
                            recordName: op.name, zoneID: zoneID)
                    }
                    var tombstone = current
                    tombstone.deleted = true
                    tombstone.fields = "{}"
                    tombstone.size = 0
                    tombstone.modifiedAt = now
                    tombstone.modifiedBy = principal.userID
                    tombstone.modifiedDevice = principal.deviceID
                    storageDelta -= current.size
                    touchedRoots.insert(current.rootName)
                    touchedTypes.insert(current.type)
                    writes.append((op.index, tombstone, current.rootName, true, isShareRoot))

                default:
                    // Saves.
                    if let current, current.type != record.recordType {
                        throw CloudError(
                            .badRequest,
                            "Record \"\(op.name)\" is a \(current.type); it cannot be saved as a \(record.recordType).",
                            recordName: op.name)
                    }
                    switch op.kind {
                    case .create:
                        if current != nil {
                            throw CloudError(
                                .exists,
                                "Record \"\(op.name)\" already exists in zone \(access.zoneName); use update or replace to change it.",
                                recordName: op.name, zoneID: zoneID, serverRecord: serverRecord)
                        }
                    case .update, .forceUpdate:
                        guard current != nil else {
                            throw CloudError(
                                .notFound,
                                "Record \"\(op.name)\" does not exist in zone \(access.zoneName); use create or replace to make it.",
                                recordName: op.name, zoneID: zoneID)
                        }
                        if op.kind == .update {
                            guard let tag = record.recordChangeTag else {
                                throw CloudError(
                                    .badRequest,
                                    "Updating record \"\(op.name)\" needs its recordChangeTag; use forceUpdate to overwrite whatever version the server has.",
                                    recordName: op.name)
                            }
                            guard tag == changeTag(current!.seq) else { throw conflict() }
                        }
                    case .replace:
                        if let current, record.recordChangeTag != changeTag(current.seq) { throw conflict() }
                    default:
                        break
                    }
                    // Parent and hierarchy root.
                    let parentName = record.parent?.recordName
                    let newRoot = try parentName.map { try root(of: $0) } ?? op.name
                    if parentName != nil, shareRoots[op.name] != nil {
                        throw CloudError(
                            .badRequest,
                            "Record \"\(op.name)\" is the root of a share and cannot have a parent; delete the share first.",
                            recordName: op.name)
                    }
                    if let current, !access.canWrite(root: current.rootName) {
                        throw CloudError(
                            .accessDenied,
                            "You may only read record \"\(op.name)\"; the share gives you read-only access.",
                            recordName: op.name, zoneID: zoneID)
                    }
                    guard access.canWrite(root: newRoot) else {
                        if access.seesEverything || access.canRead(root: newRoot) {
                            throw CloudError(
                                .accessDenied,
                                "The share gives you read-only access; record \"\(op.name)\" cannot be saved.",
                                recordName: op.name, zoneID: zoneID)
                        }
                        throw CloudError(
                            .accessDenied,
                            "Record \"\(op.name)\" would be outside what is shared with you; give it a parent inside the shared hierarchy.",
                            recordName: op.name, zoneID: zoneID)
                    }
                    // Same-zone references must point at records that exist.
                    for reference in op.references {
                        let exists =
                            batchSaves[reference.target] != nil
                            || (live(reference.target) != nil && !batchDeletes.contains(reference.target))
                        guard exists else {
                            throw CloudError(
                                .validatingReferenceError,
                                "Record \"\(op.name)\" refers to record \"\(reference.target)\", which does not exist in zone \(access.zoneName).",
                                recordName: op.name, zoneID: zoneID)
                        }
                    }
                    for checksum in op.assetChecksums.sorted() where !usableAssets.contains(checksum) {
                        throw CloudError(
                            .validatingReferenceError,
                            "Record \"\(op.name)\" refers to asset \(checksum), which you have not uploaded; upload it to /cloud/v1/assets first.",
                            recordName: op.name, zoneID: zoneID)
                    }
                    // Fields.
                    let fieldsJSON: String
                    if op.kind == .update || op.kind == .forceUpdate {
                        // An update merges into the stored fields: when they cannot be read, writing only the new
                        // ones would lose the rest, so the record is refused and left as it is.
                        var merged: [String: CloudFieldValue]
                        do {
                            merged = try current!.decodedFields()
                        } catch {
                            throw CloudError(
                                .internalError,
                                "The stored fields of record \"\(op.name)\" cannot be read (\(error)); it was left unchanged. Replace it whole (forceReplace) to overwrite them.",
                                recordName: op.name, zoneID: zoneID)
                        }
                        for (key, value) in record.fields { merged[key] = value }
                        for key in op.operation.removeFields ?? [] { merged.removeValue(forKey: key) }
                        fieldsJSON = try validator.encodeFields(merged, recordName: op.name)
                    } else {
                        fieldsJSON = op.fieldsJSON ?? "{}"
                    }
                    let size = Int64(fieldsJSON.utf8.count)
                    let row = StoredRecord(
                        name: op.name, type: record.recordType, fields: fieldsJSON, seq: 0, deleted: false,
                        parentName: parentName,
                        rootName: newRoot,
                        leftRoot: current.flatMap { $0.rootName != newRoot ? $0.rootName : $0.leftRoot },
                        createdAt: current?.createdAt ?? now, createdBy: current?.createdBy ?? principal.userID,
                        createdDevice: current == nil ? principal.deviceID : current!.createdDevice,
                        modifiedAt: now, modifiedBy: principal.userID, modifiedDevice: principal.deviceID, size: size
                    )
                    storageDelta += size - (current?.size ?? 0)
                    touchedRoots.insert(newRoot)
                    if let old = current?.rootName { touchedRoots.insert(old) }
                    touchedTypes.insert(record.recordType)
                    writes.append((op.index, row, current?.rootName, current != nil, false))
                }
            } catch let error as CloudError {
                results[op.index] = .failure(error)
            }
        }

        if atomic, let culprit = prepared.compactMap({ results[$0.index]?.error }).first {
            throw Self.atomicFailure(results, operations: prepared, culprit: culprit)
        }
        if let quota = configuration.storageQuotaBytes, storageDelta > 0, owner.storageBytes + storageDelta > quota {
            throw CloudError(
                .quotaExceeded,
                "Saving this batch would use \(owner.storageBytes + storageDelta) bytes of the owner's quota of \(quota) bytes; delete records or ask for more space.",
                zoneID: zoneID)
        }

        // Sequence numbers in operation order, then the rows.
        var seq = owner.changeSeq
        for position in writes.indices {
            seq += 1
            writes[position].row.seq = seq
        }
        self.init(
            results: results, writes: writes, storageDelta: storageDelta, touchedRoots: touchedRoots,
            touchedTypes: touchedTypes, seq: seq)
    }

    /// The error for an atomic batch that failed at `culprit`: its own code, every outcome listed.
    static func atomicFailure(
        _ results: [CloudItemResult<CloudRecord>?], operations: [PreparedOperation], culprit: CloudError
    ) -> CloudError {
        let outcomes: [CloudItemResult<CloudRecord>] = operations.map { prepared in
            if let result = results[prepared.index], case .failure = result { return result }
            return .failure(
                CloudError(
                    .atomicError,
                    "Not applied: record \"\(culprit.recordName ?? "?")\" in the same atomic batch failed.",
                    recordName: prepared.name))
        }
        let reason =
            operations.count == 1
            ? culprit.reason
            : "\(culprit.reason) Nothing in this atomic batch of \(operations.count) operations was applied."
        return CloudError(
            culprit.serverErrorCode, reason, recordName: culprit.recordName, zoneID: culprit.zoneID,
            serverRecord: culprit.serverRecord, records: outcomes)
    }
}
