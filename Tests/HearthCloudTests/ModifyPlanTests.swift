import Foundation
import HearthCloudModel
import Testing

@testable import HearthCloud

/// The planning of `records/modify` on its own: values in, a plan (or the batch's error) out, no database.
@Suite("Planning a records/modify batch")
struct ModifyPlanTests {
    static let owner = CloudPrincipal(userID: "_ann", deviceID: "phone")
    static let guest = CloudPrincipal(userID: "_bob", deviceID: "laptop")
    static let now: Int64 = 1_800_000_000_000

    /// Ann's own zone `Notes`, at change counter `seq`.
    static func ownZone(seq: Int64 = 10) -> (ZoneAccess, OwnerState) {
        (
            ZoneAccess(
                zonePK: 7, incarnation: 1, horizon: 0, ownerID: owner.userID, zoneName: "Notes", isOwner: true,
                zoneWide: nil, roots: [:], ownerSeq: seq),
            OwnerState(changeSeq: seq, storageBytes: 1_000)
        )
    }

    /// Ann's zone as Bob sees it through a share of the hierarchy under `root`.
    static func sharedZone(root: String, permission: CloudSharePermission) -> (ZoneAccess, OwnerState) {
        (
            ZoneAccess(
                zonePK: 7, incarnation: 1, horizon: 0, ownerID: owner.userID, zoneName: "Notes", isOwner: false,
                zoneWide: nil, roots: [root: permission], ownerSeq: 10),
            OwnerState(changeSeq: 10, storageBytes: 1_000)
        )
    }

    /// A stored row of Ann's, last written at `seq`.
    static func stored(
        _ name: String, type: String = "Note", seq: Int64,
        fields: String = #"{"title":{"type":"STRING","value":"old"}}"#, root: String? = nil, parent: String? = nil,
        createdBy: String = "_ann"
    ) -> StoredRecord {
        StoredRecord(
            name: name, type: type, fields: fields, seq: seq, deleted: false, parentName: parent,
            rootName: root ?? name, leftRoot: nil,
            createdAt: 1, createdBy: createdBy, createdDevice: "phone", modifiedAt: 1, modifiedBy: createdBy,
            modifiedDevice: "phone", size: Int64(fields.utf8.count))
    }

    static func note(
        _ name: String, title: String = "new", tag: String? = nil, parent: String? = nil,
        fields extra: [String: CloudFieldValue] = [:]
    ) -> CloudRecord {
        var fields = extra
        fields["title"] = .string(title)
        return CloudRecord(
            recordName: name, recordType: "Note", fields: fields, recordChangeTag: tag,
            parent: parent.map { CloudReference(recordName: $0) })
    }

    static func plan(
        _ operations: [CloudRecordOperation], principal: CloudPrincipal = owner,
        zone: (ZoneAccess, OwnerState) = ownZone(),
        existing: [StoredRecord] = [], shareRoots: [String: String] = [:], usableAssets: Set<String> = [],
        atomic: Bool = false,
        configuration: CloudConfiguration = CloudConfiguration(bcryptCost: 4)
    ) throws -> ModifyPlan {
        let validator = RecordValidator(configuration: configuration)
        let prepared = try PreparedOperation.batch(
            CloudRecordsModifyRequest(zoneID: CloudZoneID(zoneName: "Notes"), operations: operations),
            configuration: configuration, validator: validator)
        return try ModifyPlan(
            principal: principal, access: zone.0, owner: zone.1, prepared: prepared,
            existing: Dictionary(uniqueKeysWithValues: existing.map { ($0.name, $0) }), shareRoots: shareRoots,
            usableAssets: usableAssets,
            atomic: atomic, now: now, configuration: configuration, validator: validator)
    }

    static func failure(_ plan: ModifyPlan, _ index: Int) -> CloudError? { plan.results[index]?.error }

    @Test("a create writes a new row stamped by its sender, with the next change counter and its size counted")
    func create() throws {
        let plan = try Self.plan([CloudRecordOperation(operationType: .create, record: Self.note("a"))])
        #expect(plan.writes.count == 1)
        let row = try #require(plan.writes.first)
        #expect(row.index == 0 && !row.existed && row.oldRoot == nil)
        #expect(row.row.seq == 11 && plan.seq == 11)
        #expect(
            row.row.createdBy == "_ann" && row.row.createdDevice == "phone" && row.row.createdAt == Self.now
                && row.row.modifiedAt == Self.now)
        #expect(row.row.rootName == "a")
        #expect(plan.storageDelta == row.row.size && row.row.size == Int64(row.row.fields.utf8.count))
        #expect(plan.touchedTypes == ["Note"] && plan.touchedRoots == ["a"])
        #expect(plan.writesRowsOnly)
        let response = plan.response(
            shareRoots: [:], zoneID: CloudZoneID(zoneName: "Notes", ownerRecordName: "_ann"), desiredKeys: nil)
        #expect(response.records.first?.item?.recordChangeTag == changeTag(11))
    }

    @Test("creating a record that exists is refused with EXISTS and the server's record")
    func createExisting() throws {
        let plan = try Self.plan(
            [CloudRecordOperation(operationType: .create, record: Self.note("a"))], existing: [Self.stored("a", seq: 4)]
        )
        #expect(plan.writes.isEmpty)
        let error = try #require(Self.failure(plan, 0))
        #expect(error.serverErrorCode == .exists)
        #expect(error.serverRecord?.recordChangeTag == changeTag(4))
    }

    @Test("an update with the stored change tag merges its fields into the stored ones and keeps the creation stamp")
    func updateWithMatchingTag() throws {
        let stored = Self.stored(
            "a", seq: 4, fields: #"{"title":{"type":"STRING","value":"old"},"body":{"type":"STRING","value":"kept"}}"#)
        let plan = try Self.plan(
            [CloudRecordOperation(operationType: .update, record: Self.note("a", title: "changed", tag: changeTag(4)))],
            existing: [stored])
        let write = try #require(plan.writes.first)
        #expect(write.existed)
        let fields = try write.row.decodedFields()
        #expect(fields["title"] == .string("changed") && fields["body"] == .string("kept"))
        #expect(write.row.createdAt == 1 && write.row.createdBy == "_ann" && write.row.modifiedAt == Self.now)
        #expect(plan.storageDelta == write.row.size - stored.size)
        #expect(plan.replaced == ["a"])
    }

    @Test("an update removes the fields it names in removeFields")
    func updateRemovesFields() throws {
        let stored = Self.stored(
            "a", seq: 4, fields: #"{"title":{"type":"STRING","value":"old"},"body":{"type":"STRING","value":"gone"}}"#)
        let plan = try Self.plan(
            [
                CloudRecordOperation(
                    operationType: .update, record: Self.note("a", tag: changeTag(4)), removeFields: ["body"])
            ], existing: [stored])
        let fields = try #require(plan.writes.first).row.decodedFields()
        #expect(fields["body"] == nil && fields["title"] == .string("new"))
    }

    @Test("an update with a stale change tag is a conflict that carries the server's record; forceUpdate overwrites")
    func updateConflicts() throws {
        let stale = try Self.plan(
            [CloudRecordOperation(operationType: .update, record: Self.note("a", tag: changeTag(3)))],
            existing: [Self.stored("a", seq: 4)])
        #expect(stale.writes.isEmpty)
        let conflict = try #require(Self.failure(stale, 0))
        #expect(conflict.serverErrorCode == .conflict)
        #expect(conflict.serverRecord?.recordChangeTag == changeTag(4))
        #expect(conflict.serverRecord?.fields["title"] == .string("old"))

        let untagged = try Self.plan(
            [CloudRecordOperation(operationType: .update, record: Self.note("a"))], existing: [Self.stored("a", seq: 4)]
        )
        #expect(Self.failure(untagged, 0)?.serverErrorCode == .badRequest, "an update needs a change tag")

        let forced = try Self.plan(
            [CloudRecordOperation(operationType: .forceUpdate, record: Self.note("a", tag: changeTag(3)))],
            existing: [Self.stored("a", seq: 4)])
        #expect(forced.writes.count == 1 && forced.results[0] == nil)
    }

    @Test(
        "updating a record that does not exist is NOT_FOUND; replace without a tag creates it, replace with a stale tag conflicts"
    )
    func updateMissingAndReplace() throws {
        let missing = try Self.plan([CloudRecordOperation(operationType: .update, record: Self.note("a", tag: "1"))])
        #expect(Self.failure(missing, 0)?.serverErrorCode == .notFound)
        let created = try Self.plan([CloudRecordOperation(operationType: .replace, record: Self.note("a"))])
        #expect(created.writes.count == 1 && !created.writes[0].existed)
        let stale = try Self.plan(
            [CloudRecordOperation(operationType: .replace, record: Self.note("a", tag: changeTag(2)))],
            existing: [Self.stored("a", seq: 4)])
        #expect(Self.failure(stale, 0)?.serverErrorCode == .conflict)
        let forced = try Self.plan(
            [CloudRecordOperation(operationType: .forceReplace, record: Self.note("a"))],
            existing: [Self.stored("a", seq: 4)])
        #expect(forced.writes.count == 1 && forced.writes[0].existed)
    }

    @Test("saving a record as another type is refused")
    func typeChange() throws {
        var record = Self.note("a", tag: changeTag(4))
        record.recordType = "Task"
        let plan = try Self.plan(
            [CloudRecordOperation(operationType: .forceReplace, record: record)], existing: [Self.stored("a", seq: 4)])
        #expect(Self.failure(plan, 0)?.serverErrorCode == .badRequest)
        #expect(plan.writes.isEmpty)
    }

    @Test(
        "a delete with the stored tag writes a tombstone that frees the record's bytes; a stale tag conflicts; forceDelete of nothing succeeds"
    )
    func deletes() throws {
        let stored = Self.stored("a", seq: 4)
        let plan = try Self.plan(
            [
                CloudRecordOperation(
                    operationType: .delete,
                    record: CloudRecord(recordName: "a", recordType: "Note", recordChangeTag: changeTag(4)))
            ], existing: [stored])
        let write = try #require(plan.writes.first)
        #expect(write.row.deleted && write.row.size == 0 && write.row.fields == "{}" && write.row.modifiedBy == "_ann")
        #expect(plan.storageDelta == -stored.size)
        #expect(!plan.writesRowsOnly, "a deletion cascades, so more than the rows is written")

        let stale = try Self.plan(
            [
                CloudRecordOperation(
                    operationType: .delete,
                    record: CloudRecord(recordName: "a", recordType: "Note", recordChangeTag: changeTag(3)))
            ], existing: [stored])
        #expect(Self.failure(stale, 0)?.serverErrorCode == .conflict)
        let missing = try Self.plan([
            CloudRecordOperation(
                operationType: .delete, record: CloudRecord(recordName: "a", recordType: "Note", recordChangeTag: "1"))
        ])
        #expect(Self.failure(missing, 0)?.serverErrorCode == .notFound)
        let forced = try Self.plan([
            CloudRecordOperation(operationType: .forceDelete, record: CloudRecord(recordName: "a", recordType: "Note"))
        ])
        #expect(forced.writes.isEmpty)
        #expect(forced.results[0]?.item?.deleted == true)
    }

    @Test("deleting a share's root marks its share deleted; only the owner may delete it")
    func deleteShareRoot() throws {
        let stored = Self.stored("a", seq: 4)
        let byOwner = try Self.plan(
            [
                CloudRecordOperation(
                    operationType: .forceDelete, record: CloudRecord(recordName: "a", recordType: "Note"))
            ], existing: [stored], shareRoots: ["a": "share-a"])
        #expect(byOwner.writes.first?.shareDeleted == true)
        let byGuest = try Self.plan(
            [
                CloudRecordOperation(
                    operationType: .forceDelete, record: CloudRecord(recordName: "a", recordType: "Note"))
            ], principal: Self.guest,
            zone: Self.sharedZone(root: "a", permission: .readWrite), existing: [stored], shareRoots: ["a": "share-a"])
        #expect(Self.failure(byGuest, 0)?.serverErrorCode == .accessDenied)
    }

    @Test("a participant may write under a read-write root, not under a read-only one, and not outside the share")
    func shareRights() throws {
        let child = Self.stored("c", seq: 5, root: "a", parent: "a")
        let writable = try Self.plan(
            [CloudRecordOperation(operationType: .forceReplace, record: Self.note("c", parent: "a"))],
            principal: Self.guest,
            zone: Self.sharedZone(root: "a", permission: .readWrite), existing: [Self.stored("a", seq: 4), child])
        #expect(
            writable.writes.count == 1 && writable.writes[0].row.modifiedBy == "_bob"
                && writable.writes[0].row.createdBy == "_ann")
        let readOnly = try Self.plan(
            [CloudRecordOperation(operationType: .forceReplace, record: Self.note("c", parent: "a"))],
            principal: Self.guest,
            zone: Self.sharedZone(root: "a", permission: .readOnly), existing: [Self.stored("a", seq: 4), child])
        #expect(Self.failure(readOnly, 0)?.serverErrorCode == .accessDenied)
        let outside = try Self.plan(
            [CloudRecordOperation(operationType: .create, record: Self.note("loose"))], principal: Self.guest,
            zone: Self.sharedZone(root: "a", permission: .readWrite), existing: [Self.stored("a", seq: 4)])
        #expect(Self.failure(outside, 0)?.serverErrorCode == .accessDenied)
        #expect(Self.failure(outside, 0)?.reason.contains("outside what is shared") == true)
    }

    @Test("a participant may not change an author-owned record someone else wrote")
    func authorOwned() throws {
        let key = Self.stored("k", type: "HealthMemberKey", seq: 5, root: "a", parent: "a")
        var record = CloudRecord(
            recordName: "k", recordType: "HealthMemberKey", parent: CloudReference(recordName: "a"))
        record.fields["title"] = .string("mine now")
        let plan = try Self.plan(
            [CloudRecordOperation(operationType: .forceReplace, record: record)], principal: Self.guest,
            zone: Self.sharedZone(root: "a", permission: .readWrite), existing: [Self.stored("a", seq: 4), key])
        #expect(Self.failure(plan, 0)?.serverErrorCode == .accessDenied)
    }

    @Test(
        "a parent may arrive in the same batch; a missing parent fails with VALIDATING_REFERENCE_ERROR; the child takes the parent's root"
    )
    func parents() throws {
        let together = try Self.plan([
            CloudRecordOperation(operationType: .create, record: Self.note("child", parent: "top")),
            CloudRecordOperation(operationType: .create, record: Self.note("top")),
        ])
        #expect(together.writes.map(\.row.rootName) == ["top", "top"])
        #expect(together.writes.map(\.row.seq) == [11, 12], "sequence numbers follow the operations' order")
        let stored = try Self.plan(
            [CloudRecordOperation(operationType: .create, record: Self.note("child", parent: "p"))],
            existing: [Self.stored("p", seq: 3, root: "r", parent: "r"), Self.stored("r", seq: 2)])
        #expect(stored.writes.first?.row.rootName == "r")
        let missing = try Self.plan([
            CloudRecordOperation(operationType: .create, record: Self.note("child", parent: "nobody"))
        ])
        #expect(Self.failure(missing, 0)?.serverErrorCode == .validatingReferenceError)
    }

    @Test("a record saved under a new parent moves to the parent's root and remembers the root it left")
    func moves() throws {
        let plan = try Self.plan(
            [CloudRecordOperation(operationType: .forceReplace, record: Self.note("a", parent: "b"))],
            existing: [Self.stored("a", seq: 4), Self.stored("b", seq: 5)])
        let write = try #require(plan.writes.first)
        #expect(write.row.rootName == "b" && write.row.leftRoot == "a" && write.oldRoot == "a")
        #expect(plan.touchedRoots == ["a", "b"])
        #expect(!plan.writesRowsOnly, "the record's children move with it")
    }

    @Test("references must point at records that exist or are saved in the batch; deleting ones become links")
    func references() throws {
        let target = CloudFieldValue.reference(CloudReference(recordName: "t", action: .deleteSelf))
        let dangling = try Self.plan([
            CloudRecordOperation(operationType: .create, record: Self.note("a", fields: ["ref": target]))
        ])
        #expect(Self.failure(dangling, 0)?.serverErrorCode == .validatingReferenceError)
        let deletedInBatch = try Self.plan(
            [
                CloudRecordOperation(operationType: .create, record: Self.note("a", fields: ["ref": target])),
                CloudRecordOperation(
                    operationType: .forceDelete, record: CloudRecord(recordName: "t", recordType: "Note")),
            ], existing: [Self.stored("t", seq: 3)])
        #expect(
            Self.failure(deletedInBatch, 0)?.serverErrorCode == .validatingReferenceError,
            "a target deleted in the same batch does not count")
        let valid = try Self.plan(
            [CloudRecordOperation(operationType: .create, record: Self.note("a", fields: ["ref": target]))],
            existing: [Self.stored("t", seq: 3)])
        #expect(valid.writes.count == 1)
        let prepared = try PreparedOperation.batch(
            CloudRecordsModifyRequest(
                zoneID: CloudZoneID(zoneName: "Notes"),
                operations: [
                    CloudRecordOperation(operationType: .create, record: Self.note("a", fields: ["ref": target]))
                ]),
            configuration: CloudConfiguration(bcryptCost: 4),
            validator: RecordValidator(configuration: CloudConfiguration(bcryptCost: 4)))
        let links = valid.links(prepared, access: Self.ownZone().0)
        #expect(links.references == [.int(7), .text("t"), .text("a")])
        #expect(links.assets.isEmpty)
    }

    @Test("an asset must have been uploaded by the sender or be held by the zone")
    func assets() throws {
        let checksum = String(repeating: "ab", count: 32)
        let asset = CloudFieldValue.asset(CloudAsset(fileChecksum: checksum, size: 10))
        let unknown = try Self.plan([
            CloudRecordOperation(operationType: .create, record: Self.note("a", fields: ["photo": asset]))
        ])
        #expect(Self.failure(unknown, 0)?.serverErrorCode == .validatingReferenceError)
        let uploaded = try Self.plan(
            [CloudRecordOperation(operationType: .create, record: Self.note("a", fields: ["photo": asset]))],
            usableAssets: [checksum])
        #expect(uploaded.writes.count == 1)
    }

    @Test(
        "in an atomic batch one failure fails every operation, each outcome listed; a non-atomic batch writes the rest")
    func atomicFailure() throws {
        let operations = [
            CloudRecordOperation(operationType: .create, record: Self.note("fine")),
            CloudRecordOperation(operationType: .update, record: Self.note("a", tag: changeTag(1))),
        ]
        let error = try #require(throws: CloudError.self) {
            try Self.plan(operations, existing: [Self.stored("a", seq: 4)], atomic: true)
        }
        #expect(error.serverErrorCode == .conflict)
        #expect(error.recordName == "a")
        #expect(error.records?.count == 2)
        #expect(error.records?[0].error?.serverErrorCode == .atomicError)
        #expect(error.records?[1].error?.serverErrorCode == .conflict)
        #expect(error.reason.contains("Nothing in this atomic batch of 2 operations was applied"))

        let partial = try Self.plan(operations, existing: [Self.stored("a", seq: 4)], atomic: false)
        #expect(partial.writes.map(\.row.name) == ["fine"])
        #expect(partial.results[1]?.error?.serverErrorCode == .conflict)
        #expect(partial.seq == 11)
    }

    @Test("a batch past the owner's quota is refused whole; one that frees space is not")
    func quota() throws {
        var configuration = CloudConfiguration(bcryptCost: 4)
        configuration.storageQuotaBytes = 1_010
        let error = try #require(throws: CloudError.self) {
            try Self.plan(
                [
                    CloudRecordOperation(
                        operationType: .create, record: Self.note("a", title: "far too long for the quota"))
                ], configuration: configuration)
        }
        #expect(error.serverErrorCode == .quotaExceeded)
        let freeing = try Self.plan(
            [
                CloudRecordOperation(
                    operationType: .forceDelete, record: CloudRecord(recordName: "a", recordType: "Note"))
            ],
            existing: [Self.stored("a", seq: 4)], configuration: configuration)
        #expect(freeing.storageDelta < 0 && freeing.writes.count == 1)
    }

    @Test("operations that failed the checks before planning keep their problem and are not written")
    func preparedProblems() throws {
        let plan = try Self.plan([
            CloudRecordOperation(operationType: .create, record: Self.note("ok")),
            CloudRecordOperation(operationType: .create, record: Self.note("ok")),
        ])
        #expect(plan.writes.map(\.index) == [0])
        #expect(Self.failure(plan, 1)?.serverErrorCode == .badRequest, "a record named twice in one batch")
    }
}
