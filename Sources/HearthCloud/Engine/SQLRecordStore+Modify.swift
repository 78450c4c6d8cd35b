import Foundation
public import HearthCloudModel

extension SQLRecordStore {
    /// An operation after the checks that need no database: names, types, fields and size.
    ///
    /// A class, so the batch's loops pass each operation by reference: as a value (the record, its encoded
    /// fields and a possible error) it was copied whole, several hundred bytes, each time a loop took it.
    final class PreparedOperation: Sendable {
        let index: Int
        let operation: CloudRecordOperation
        let fieldsJSON: String?
        let problem: CloudError?
        /// Whether it passed the checks (`problem` is nil), asked without copying the error out.
        let isValid: Bool
        /// A save's same-zone references and asset checksums, found once here rather than on the writer's turn.
        let references: [(target: String, deleteSelf: Bool)]
        let assetChecksums: Set<String>

        init(
            index: Int, operation: CloudRecordOperation, fieldsJSON: String?, problem: CloudError?,
            references: [(target: String, deleteSelf: Bool)], assetChecksums: Set<String>
        ) {
            self.index = index
            self.operation = operation
            self.fieldsJSON = fieldsJSON
            self.problem = problem
            isValid = problem == nil
            self.references = references
            self.assetChecksums = assetChecksums
        }

        var name: String { operation.record.recordName }
        var kind: CloudRecordOperationType { operation.operationType }
        var isSave: Bool { Self.isSave(kind) }

        static func isSave(_ kind: CloudRecordOperationType) -> Bool { kind != .delete && kind != .forceDelete }
    }

    func prepare(_ request: CloudRecordsModifyRequest) throws -> [PreparedOperation] {
        let operations = request.operations
        guard !operations.isEmpty else { throw CloudError.badRequest("The request has no operations; send at least one in \"operations\".") }
        guard operations.count <= configuration.maxOperationsPerRequest else {
            throw CloudError(.limitExceeded, "The request has \(operations.count) operations; the limit is \(configuration.maxOperationsPerRequest) per request. Split the batch in smaller ones.")
        }
        let zoneName = (request.zoneID ?? .default).zoneName
        var seen = Set<String>()
        return operations.enumerated().map { index, operation in
            let record = operation.record
            var fieldsJSON: String?
            var problem: CloudError?
            var references: [(target: String, deleteSelf: Bool)] = []
            var assetChecksums: Set<String> = []
            do {
                if let problem = CloudNames.recordProblem(record.recordName) { throw CloudError(.badRequest, problem, recordName: record.recordName) }
                guard seen.insert(record.recordName).inserted else {
                    throw CloudError(.badRequest, "Record \"\(record.recordName)\" appears more than once in the batch; send one operation per record.", recordName: record.recordName)
                }
                if let zone = record.zoneID, zone.zoneName != zoneName {
                    throw CloudError(.badRequest, "Record \"\(record.recordName)\" names zone \(zone.zoneName) but the request is for zone \(zoneName); send one request per zone.", recordName: record.recordName)
                }
                if PreparedOperation.isSave(operation.operationType) {
                    if let problem = validator.typeProblem(record.recordType) { throw CloudError(.badRequest, problem, recordName: record.recordName) }
                    try validator.checkFields(record.fields, recordName: record.recordName)
                    try RecordValidator.checkReferencesStayInZone(record.fields, zoneName: zoneName, recordName: record.recordName)
                    for field in operation.removeFields ?? [] {
                        if let problem = CloudNames.fieldProblem(field) { throw CloudError(.badRequest, "removeFields: \(problem)", recordName: record.recordName) }
                    }
                    if let parent = record.parent {
                        if let problem = CloudNames.recordProblem(parent.recordName) { throw CloudError(.badRequest, "The parent's \(problem)", recordName: record.recordName) }
                        if let zone = parent.zoneID, zone.zoneName != zoneName {
                            throw CloudError(.badRequest, "Record \"\(record.recordName)\": a parent must be in the same zone.", recordName: record.recordName)
                        }
                        if parent.recordName == record.recordName {
                            throw CloudError(.badRequest, "Record \"\(record.recordName)\" cannot be its own parent.", recordName: record.recordName)
                        }
                    }
                    if operation.operationType != .update && operation.operationType != .forceUpdate {
                        fieldsJSON = try validator.encodeFields(record.fields, recordName: record.recordName)
                    }
                    references = RecordValidator.references(record.fields, zoneName: zoneName)
                    assetChecksums = RecordValidator.assetChecksums(record.fields)
                }
            } catch let error as CloudError {
                problem = error
            } catch {
                problem = CloudError(.badRequest, "\(error)", recordName: record.recordName)
            }
            return PreparedOperation(
                index: index, operation: operation, fieldsJSON: fieldsJSON, problem: problem, references: references, assetChecksums: assetChecksums)
        }
    }

    /// The error for an atomic batch that failed at `culprit`: its own code, every outcome listed.
    func atomicFailure(_ results: [CloudItemResult<CloudRecord>?], operations: [PreparedOperation], culprit: CloudError) -> CloudError {
        let outcomes: [CloudItemResult<CloudRecord>] = operations.map { prepared in
            if let result = results[prepared.index], case .failure = result { return result }
            return .failure(CloudError(.atomicError, "Not applied: record \"\(culprit.recordName ?? "?")\" in the same atomic batch failed.", recordName: prepared.name))
        }
        let reason = operations.count == 1 ? culprit.reason : "\(culprit.reason) Nothing in this atomic batch of \(operations.count) operations was applied."
        return CloudError(culprit.serverErrorCode, reason, recordName: culprit.recordName, zoneID: culprit.zoneID, serverRecord: culprit.serverRecord, records: outcomes)
    }

    public func modifyRecords(_ principal: CloudPrincipal, scope: CloudDatabaseScope, request: CloudRecordsModifyRequest) async throws -> CloudRecordsModifyResponse {
        let prepared = try prepare(request)
        let atomic = request.atomic ?? true
        if atomic, let culprit = prepared.first(where: { !$0.isValid })?.problem {
            throw atomicFailure(prepared.map { $0.isValid ? nil : $0.problem.map(CloudItemResult.failure) }, operations: prepared, culprit: culprit)
        }
        let desiredKeys = request.desiredKeys.map(Set.init)
        let now = nowMilliseconds
        let zone = request.zoneID ?? .default
        let reads = ModifyReads(prepared, zoneName: zone.zoneName, userID: principal.userID)
        if scope == .private, let postgres = database as? PostgresDatabase {
            if let answer = try await modifyUnlocked(postgres, principal: principal, zone: zone, prepared: prepared, reads: reads, atomic: atomic, desiredKeys: desiredKeys, now: now) {
                return answer
            }
            // The locked way moves the owner's counter, so the zone's snapshot would only cost the next batch a
            // statement that writes nothing.
            zoneSnapshots.forget(ZoneSnapshots.Key(ownerID: principal.userID, zoneName: zone.zoneName))
        }
        return try await transaction(readOnly: false) { tx -> ModifyAnswer in
            let ownerID = scope == .private ? principal.userID : (request.zoneID?.ownerRecordName ?? "")
            if scope == .shared, ownerID.isEmpty {
                throw CloudError.badRequest("Zones in the shared database belong to other users: give zoneID.ownerRecordName as well as zoneName.")
            }
            let owner: OwnerState
            let access: ZoneAccess
            let fetched: ArraySlice<[SQLRow]>
            if scope == .private {
                // The lock, the zone and everything the batch reads go in one round trip: the reads find the zone
                // by owner and name, and run after the lock is held.
                let rows = try await tx.queries([(Self.lockOwnerSQL, [.text(principal.userID)]), (Self.zoneQuery, [.text(principal.userID), .text(zone.zoneName)])]
                    + reads.statements(zone: "(SELECT pk FROM zones WHERE owner_id = ? AND name = ? AND deleted = 0)", [.text(principal.userID), .text(zone.zoneName)]))
                (owner, access) = try self.privateOwnerAndAccess(principal, zone, lock: rows[0].first, zone: rows[1].first)
                fetched = rows[2...]
            } else {
                (owner, access) = try await self.lockOwnerAndResolveZone(tx, principal, scope, request.zoneID)
                fetched = try await tx.queries(reads.statements(zone: "?", [.int(access.zonePK)]))[...]
            }
            return try await self.applyModify(tx, principal: principal, access: access, owner: owner, prepared: prepared, reads: reads, fetched: fetched, atomic: atomic, desiredKeys: desiredKeys, now: now)
        }.response
    }

    /// What a batch reads before it writes: the stored records it names, their parents and same-zone reference
    /// targets, the zone's record shares and the assets it refers to.
    struct ModifyReads: Sendable {
        let names: [String]
        let checksums: [String]
        let userID: String

        init(_ prepared: [PreparedOperation], zoneName: String, userID: String) {
            var wanted = Set(prepared.map(\.name))
            var checksums = Set<String>()
            for op in prepared where op.isSave && op.isValid {
                if let parent = op.operation.record.parent?.recordName { wanted.insert(parent) }
                for reference in op.references { wanted.insert(reference.target) }
                checksums.formUnion(op.assetChecksums)
            }
            self.names = Array(wanted)
            self.checksums = Array(checksums)
            self.userID = userID
        }

        /// How many of ``statements(zone:_:)`` read records (after the share roots, before the assets).
        var recordStatements: Int { (names.count + 499) / 500 }

        /// The reads, with the zone's key written as `zone` (a placeholder or a subquery) bound to `zoneBinds`:
        /// the share roots, the records in chunks of 500 names, then the uploaded and referenced assets.
        func statements(zone: String, _ zoneBinds: [SQLValue]) -> [(sql: String, binds: [SQLValue])] {
            var reads: [(sql: String, binds: [SQLValue])] = [(SQLRecordStore.shareRootsSQL(zone: zone), zoneBinds)]
            for chunk in stride(from: 0, to: names.count, by: 500) {
                let slice = names[chunk..<min(chunk + 500, names.count)]
                reads.append(("SELECT \(StoredRecord.columns) FROM records WHERE zone_pk = \(zone) AND name IN (\(placeholders(slice.count)))", zoneBinds + slice.map(SQLValue.text)))
            }
            if !checksums.isEmpty {
                reads.append(("SELECT checksum FROM asset_uploads WHERE account_id = ? AND checksum IN (\(placeholders(checksums.count)))", [.text(userID)] + checksums.map(SQLValue.text)))
                reads.append(("SELECT checksum FROM asset_refs WHERE zone_pk = \(zone) AND checksum IN (\(placeholders(checksums.count)))", zoneBinds + checksums.map(SQLValue.text)))
            }
            return reads
        }
    }

    /// What a batch writes, decided from what it read: each operation's outcome, the rows, and what they touch.
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

        func response(shareRoots: [String: String], zoneID: CloudZoneID, desiredKeys: Set<String>?) -> CloudRecordsModifyResponse {
            var results = results
            for write in writes {
                results[write.index] = .success(write.row.cloudRecord(zoneID: zoneID, shareName: shareRoots[write.row.name], desiredKeys: desiredKeys))
            }
            return CloudRecordsModifyResponse(records: results.map { $0 ?? .failure(CloudError(.internalError, "No outcome was recorded for this operation.")) })
        }
    }

    /// What a written batch answers, made into its response once the transaction is over: on SQLite the
    /// transaction runs on the writer's turn, which every other batch waits for.
    struct ModifyAnswer: Sendable {
        let plan: ModifyPlan
        let shareRoots: [String: String]
        let zoneID: CloudZoneID
        let desiredKeys: Set<String>?

        var response: CloudRecordsModifyResponse { plan.response(shareRoots: shareRoots, zoneID: zoneID, desiredKeys: desiredKeys) }
    }

    private func applyModify(
        _ tx: any SQLTransaction, principal: CloudPrincipal, access: ZoneAccess, owner: OwnerState,
        prepared: [PreparedOperation], reads: ModifyReads, fetched: ArraySlice<[SQLRow]>, atomic: Bool, desiredKeys: Set<String>?, now: Int64
    ) async throws -> ModifyAnswer {
        let start = fetched.startIndex
        let shareRoots = Self.shareRoots(fetched[start])
        var existing: [String: StoredRecord] = [:]
        for rows in fetched[(start + 1)..<(start + 1 + reads.recordStatements)] {
            for row in rows { existing[row.text("name")] = StoredRecord(row: row) }
        }
        var usableAssets = Set<String>()
        for rows in fetched[(start + 1 + reads.recordStatements)...] {
            for row in rows { usableAssets.insert(row.text("checksum")) }
        }
        let plan = try planModify(
            principal: principal, access: access, owner: owner, prepared: prepared, existing: existing,
            shareRoots: shareRoots, usableAssets: usableAssets, atomic: atomic, now: now)
        guard !plan.writes.isEmpty else { return ModifyAnswer(plan: plan, shareRoots: shareRoots, zoneID: access.zoneID, desiredKeys: desiredKeys) }
        return try await writeModify(tx, plan: plan, principal: principal, access: access, prepared: prepared, shareRoots: shareRoots, desiredKeys: desiredKeys, now: now)
    }

    /// Checks every operation against the stored records it read (`existing`, by name) and decides what to write.
    /// - Throws: the batch's failure when it is atomic and an operation failed, or when it exceeds the quota.
    func planModify(
        principal: CloudPrincipal, access: ZoneAccess, owner: OwnerState, prepared: [PreparedOperation],
        existing: [String: StoredRecord], shareRoots: [String: String], usableAssets: Set<String>, atomic: Bool, now: Int64
    ) throws -> ModifyPlan {
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
            guard depth < 64 else { throw CloudError.badRequest("The parent chain of record \"\(name)\" loops or is deeper than 64 records.") }
            if let op = batchSaves[name] {
                guard let parent = op.operation.record.parent?.recordName else { return name }
                return try root(of: parent, depth: depth + 1)
            }
            if let row = live(name), !batchDeletes.contains(name) { return row.rootName }
            throw CloudError(.validatingReferenceError, "Parent record \"\(name)\" does not exist in zone \(access.zoneName); save it first or in the same batch.", recordName: name, zoneID: zoneID)
        }

        var results: [CloudItemResult<CloudRecord>?] = prepared.map { $0.isValid ? nil : $0.problem.map(CloudItemResult.failure) }
        var writes: [ModifyPlan.Write] = []
        var storageDelta: Int64 = 0
        var touchedRoots = Set<String>()
        var touchedTypes = Set<String>()

        for op in prepared where op.isValid {
            let record = op.operation.record
            let current = live(op.name)
            do {
                if let current, !access.canRead(root: current.rootName) {
                    throw CloudError(.accessDenied, "Record \"\(op.name)\" is outside what is shared with you.", recordName: op.name, zoneID: zoneID)
                }
                if let current, !access.isOwner, current.createdBy != principal.userID, configuration.authorOwnedRecordTypes.contains(current.type) {
                    throw CloudError(.accessDenied, "Record \"\(op.name)\" is a \(current.type), which only the participant who wrote it or the zone's owner may change or delete; it was left as it is.", recordName: op.name, zoneID: zoneID)
                }
                let serverRecord = current.map { $0.cloudRecord(zoneID: zoneID, shareName: shareRoots[$0.name], desiredKeys: nil) }
                func conflict() -> CloudError {
                    CloudError(.conflict, "Record \"\(op.name)\" was changed on the server since you fetched it (your tag \(record.recordChangeTag ?? "none"), the server's \(serverRecord?.recordChangeTag ?? "none")); merge your changes into serverRecord and save again.", recordName: op.name, zoneID: zoneID, serverRecord: serverRecord)
                }
                switch op.kind {
                case .delete, .forceDelete:
                    guard let current else {
                        if op.kind == .forceDelete {
                            results[op.index] = .success(CloudRecord(recordName: op.name, recordType: record.recordType, zoneID: zoneID, deleted: true))
                            continue
                        }
                        throw CloudError(.notFound, "Record \"\(op.name)\" does not exist in zone \(access.zoneName).", recordName: op.name, zoneID: zoneID)
                    }
                    if op.kind == .delete {
                        guard let tag = record.recordChangeTag else {
                            throw CloudError(.badRequest, "Deleting record \"\(op.name)\" needs its recordChangeTag; use forceDelete to delete whatever version the server has.", recordName: op.name)
                        }
                        guard tag == changeTag(current.seq) else { throw conflict() }
                    }
                    guard access.canWrite(root: current.rootName) else {
                        throw CloudError(.accessDenied, "You may only read record \"\(op.name)\"; the share gives you read-only access.", recordName: op.name, zoneID: zoneID)
                    }
                    let isShareRoot = shareRoots[op.name] != nil
                    if isShareRoot && !access.isOwner {
                        throw CloudError(.accessDenied, "Record \"\(op.name)\" is the root of the share; only its owner can delete it.", recordName: op.name, zoneID: zoneID)
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
                        throw CloudError(.badRequest, "Record \"\(op.name)\" is a \(current.type); it cannot be saved as a \(record.recordType).", recordName: op.name)
                    }
                    switch op.kind {
                    case .create:
                        if current != nil {
                            throw CloudError(.exists, "Record \"\(op.name)\" already exists in zone \(access.zoneName); use update or replace to change it.", recordName: op.name, zoneID: zoneID, serverRecord: serverRecord)
                        }
                    case .update, .forceUpdate:
                        guard current != nil else {
                            throw CloudError(.notFound, "Record \"\(op.name)\" does not exist in zone \(access.zoneName); use create or replace to make it.", recordName: op.name, zoneID: zoneID)
                        }
                        if op.kind == .update {
                            guard let tag = record.recordChangeTag else {
                                throw CloudError(.badRequest, "Updating record \"\(op.name)\" needs its recordChangeTag; use forceUpdate to overwrite whatever version the server has.", recordName: op.name)
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
                        throw CloudError(.badRequest, "Record \"\(op.name)\" is the root of a share and cannot have a parent; delete the share first.", recordName: op.name)
                    }
                    if let current, !access.canWrite(root: current.rootName) {
                        throw CloudError(.accessDenied, "You may only read record \"\(op.name)\"; the share gives you read-only access.", recordName: op.name, zoneID: zoneID)
                    }
                    guard access.canWrite(root: newRoot) else {
                        if access.seesEverything || access.canRead(root: newRoot) {
                            throw CloudError(.accessDenied, "The share gives you read-only access; record \"\(op.name)\" cannot be saved.", recordName: op.name, zoneID: zoneID)
                        }
                        throw CloudError(.accessDenied, "Record \"\(op.name)\" would be outside what is shared with you; give it a parent inside the shared hierarchy.", recordName: op.name, zoneID: zoneID)
                    }
                    // Same-zone references must point at records that exist.
                    for reference in op.references {
                        let exists = batchSaves[reference.target] != nil || (live(reference.target) != nil && !batchDeletes.contains(reference.target))
                        guard exists else {
                            throw CloudError(.validatingReferenceError, "Record \"\(op.name)\" refers to record \"\(reference.target)\", which does not exist in zone \(access.zoneName).", recordName: op.name, zoneID: zoneID)
                        }
                    }
                    for checksum in op.assetChecksums.sorted() where !usableAssets.contains(checksum) {
                        throw CloudError(.validatingReferenceError, "Record \"\(op.name)\" refers to asset \(checksum), which you have not uploaded; upload it to /cloud/v1/assets first.", recordName: op.name, zoneID: zoneID)
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
                            throw CloudError(.internalError, "The stored fields of record \"\(op.name)\" cannot be read (\(error)); it was left unchanged. Replace it whole (forceReplace) to overwrite them.", recordName: op.name, zoneID: zoneID)
                        }
                        for (key, value) in record.fields { merged[key] = value }
                        for key in op.operation.removeFields ?? [] { merged.removeValue(forKey: key) }
                        fieldsJSON = try validator.encodeFields(merged, recordName: op.name)
                    } else {
                        fieldsJSON = op.fieldsJSON ?? "{}"
                    }
                    let size = Int64(fieldsJSON.utf8.count)
                    let row = StoredRecord(
                        name: op.name, type: record.recordType, fields: fieldsJSON, seq: 0, deleted: false, parentName: parentName,
                        rootName: newRoot, leftRoot: current.flatMap { $0.rootName != newRoot ? $0.rootName : $0.leftRoot },
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
            throw atomicFailure(results, operations: prepared, culprit: culprit)
        }
        if let quota = configuration.storageQuotaBytes, storageDelta > 0, owner.storageBytes + storageDelta > quota {
            throw CloudError(.quotaExceeded, "Saving this batch would use \(owner.storageBytes + storageDelta) bytes of the owner's quota of \(quota) bytes; delete records or ask for more space.", zoneID: zoneID)
        }

        // Sequence numbers in operation order, then the rows.
        var seq = owner.changeSeq
        for position in writes.indices {
            seq += 1
            writes[position].row.seq = seq
        }
        return ModifyPlan(results: results, writes: writes, storageDelta: storageDelta, touchedRoots: touchedRoots, touchedTypes: touchedTypes, seq: seq)
    }

    /// Writes what `plan` decided inside the locked transaction `tx`, with everything that follows from it.
    private func writeModify(
        _ tx: any SQLTransaction, plan: ModifyPlan, principal: CloudPrincipal, access: ZoneAccess, prepared: [PreparedOperation],
        shareRoots: [String: String], desiredKeys: Set<String>?, now: Int64
    ) async throws -> ModifyAnswer {
        let zonePK = access.zonePK
        let writes = plan.writes
        var seq = plan.seq
        var storageDelta = plan.storageDelta
        var touchedRoots = plan.touchedRoots
        var touchedTypes = plan.touchedTypes
        // When nothing below reads the records (no deletions to cascade, no hierarchy to move), their rows are
        // written together with the zone's and owner's counters and the change notice: one statement on PostgreSQL.
        let rowsGoLast = plan.writesRowsOnly
        var last: [(sql: String, binds: [SQLValue])] = []
        for chunk in stride(from: 0, to: writes.count, by: 400) {
            let slice = writes[chunk..<min(chunk + 400, writes.count)]
            let statement: (sql: String, binds: [SQLValue]) = (
                "INSERT INTO records (zone_pk, \(StoredRecord.columns)) VALUES \(Self.rowValues(slice.count)) \(Self.upsertClause)",
                slice.flatMap { $0.row.binds(zonePK: zonePK) }
            )
            if rowsGoLast { last.append(statement) } else { try await tx.send(statement.sql, statement.binds) }
        }

        // References and assets of the written records.
        let replaced = plan.replaced
        for chunk in stride(from: 0, to: replaced.count, by: 500) {
            let names = replaced[chunk..<min(chunk + 500, replaced.count)].map(SQLValue.text)
            try await tx.send("DELETE FROM record_refs WHERE zone_pk = ? AND source_name IN (\(placeholders(names.count)))", [.int(zonePK)] + names)
            try await tx.send("DELETE FROM asset_refs WHERE zone_pk = ? AND record_name IN (\(placeholders(names.count)))", [.int(zonePK)] + names)
        }
        let links = plan.links(prepared, access: access)
        if !links.references.isEmpty {
            try await tx.send("INSERT INTO record_refs (zone_pk, target_name, source_name) VALUES \(placeholderRows(links.references.count / 3, width: 3)) ON CONFLICT DO NOTHING", links.references)
        }
        if !links.assets.isEmpty {
            try await tx.send("INSERT INTO asset_refs (zone_pk, record_name, checksum) VALUES \(placeholderRows(links.assets.count / 3, width: 3)) ON CONFLICT DO NOTHING", links.assets)
        }

        // Shares whose root was deleted go with it.
        let deletedRoots = writes.filter(\.shareDeleted).map(\.row.name)
        for name in deletedRoots {
            seq += 1
            try await tx.send("UPDATE shares SET deleted = 1, seq = ? WHERE zone_pk = ? AND root_name = ? AND deleted = 0", .int(seq), .int(zonePK), .text(name))
        }

        // Records under a record whose hierarchy root changed move with it.
        for write in writes where write.existed && !write.row.deleted && write.oldRoot != write.row.rootName {
            let descendants = try await tx.query(
                """
                WITH RECURSIVE sub(name) AS (
                    SELECT name FROM records WHERE zone_pk = ? AND parent_name = ? AND deleted = 0
                    UNION SELECT r.name FROM records r JOIN sub ON r.parent_name = sub.name WHERE r.zone_pk = ? AND r.deleted = 0)
                SELECT name FROM sub
                """,
                .int(zonePK), .text(write.row.name), .int(zonePK)
            )
            for descendant in descendants {
                seq += 1
                try await tx.send(
                    "UPDATE records SET root_name = ?, left_root = ?, seq = ? WHERE zone_pk = ? AND name = ?",
                    .text(write.row.rootName), SQLValue(write.oldRoot), .int(seq), .int(zonePK), .text(descendant.text("name"))
                )
            }
        }

        // Records that asked to be deleted with a record deleted here.
        let cascade = try await cascadeDeletions(
            tx, zonePK: zonePK, deleted: writes.filter(\.row.deleted).map(\.row.name), principal: principal, now: now, seq: &seq)
        let cascaded = cascade.names
        storageDelta -= cascade.freed
        touchedRoots.formUnion(cascade.roots)
        touchedTypes.formUnion(cascade.types)

        last.append(("UPDATE zones SET seq = ? WHERE pk = ?", [.int(seq), .int(zonePK)]))
        last.append(Self.saveOwnerStatement(access.ownerID, changeSeq: seq, storageDelta: storageDelta))
        try await tx.sendTogether(last, publishing: Self.changeEvent(
            principal: principal, access: access, types: touchedTypes, roots: touchedRoots, structural: !deletedRoots.isEmpty,
            names: writes.map(\.row.name) + cascaded))

        return ModifyAnswer(plan: plan, shareRoots: shareRoots.filter { !deletedRoots.contains($0.key) }, zoneID: access.zoneID, desiredKeys: desiredKeys)
    }

    /// `count` rows of placeholders for the values of ``StoredRecord/binds(zonePK:)``.
    static func rowValues(_ count: Int) -> String { placeholderRows(count, width: 16) }

    /// What an insert of record rows does with a row that is already there: takes the new values.
    static let upsertClause = """
        ON CONFLICT (zone_pk, name) DO UPDATE SET type = excluded.type, fields = excluded.fields, seq = excluded.seq,
        deleted = excluded.deleted, parent_name = excluded.parent_name, root_name = excluded.root_name, left_root = excluded.left_root,
        created_at = excluded.created_at, created_by = excluded.created_by, created_device = excluded.created_device,
        modified_at = excluded.modified_at, modified_by = excluded.modified_by, modified_device = excluded.modified_device, size = excluded.size
        """

    /// The change event of a batch written in one zone.
    static func changeEvent(
        principal: CloudPrincipal, access: ZoneAccess, types: Set<String>, roots: Set<String>, structural: Bool, names: [String]
    ) -> CloudChangeEvent {
        CloudChangeEvent(
            ownerID: access.ownerID, originUserID: principal.userID, originDeviceID: principal.deviceID,
            zones: [.init(zoneName: access.zoneName, recordTypes: types.sorted(), roots: roots.sorted(), structural: structural, recordNames: names.sorted())]
        )
    }
}
