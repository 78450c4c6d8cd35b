import Foundation
import HearthCloud
import HearthCloudModel
import Testing

/// The record semantics every store must have: the same tests run on SQLite and on PostgreSQL.
@Suite("Record store conformance: records")
struct RecordConformanceTests {
    @Test(
        "create, lookup, update with change tags, conflict with the server's record, replace, delete",
        arguments: StoreKind.allCases)
    func saveCycle(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let alice = try await makeUser(store, "alice")
            let created = try await save(store, alice, [.note("n1", title: "first", extra: ["pages": .int64(3)])])[0]
            let tag = try #require(created.recordChangeTag)
            #expect(created.fields["title"] == .string("first"))
            #expect(created.zoneID == CloudZoneID(zoneName: "_defaultZone", ownerRecordName: alice.userID))
            #expect(created.created?.userRecordName == alice.userID)

            // Creating it again: EXISTS.
            let exists = await cloudError { try await save(store, alice, [.note("n1")]) }
            #expect(exists?.serverErrorCode == .exists)

            // Update merges fields and needs the current tag.
            var update = CloudRecord.note("n1", title: "second")
            update.recordChangeTag = tag
            let updated = try await save(store, alice, [update], type: .update)[0]
            #expect(updated.fields["title"] == .string("second"))
            #expect(updated.fields["pages"] == .int64(3))
            #expect(updated.recordChangeTag != tag)

            // The old tag now conflicts, and the error carries the server's record.
            let conflict = await cloudError { try await save(store, alice, [update], type: .update) }
            #expect(conflict?.serverErrorCode == .conflict)
            #expect(conflict?.httpStatus == 409)
            #expect(conflict?.serverRecord?.fields["title"] == .string("second"))
            #expect(conflict?.serverRecord?.recordChangeTag == updated.recordChangeTag)

            // forceUpdate ignores the tag; removeFields drops a field.
            let forced = try await store.modifyRecords(
                alice, scope: .private,
                request: CloudRecordsModifyRequest(operations: [
                    op(.forceUpdate, .note("n1", title: "third"), removeFields: ["pages"])
                ]))
            #expect(forced.records[0].item?.fields == ["title": .string("third")])

            // replace without the tag of an existing record conflicts; forceReplace replaces every field.
            let replaceConflict = await cloudError {
                try await save(store, alice, [.note("n1", title: "x")], type: .replace)
            }
            #expect(replaceConflict?.serverErrorCode == .conflict)
            let replaced = try await save(
                store, alice, [CloudRecord(recordName: "n1", recordType: "Note", fields: ["body": .string("b")])],
                type: .forceReplace)[0]
            #expect(replaced.fields == ["body": .string("b")])
            // replace creates a missing record.
            _ = try await save(store, alice, [.note("n2")], type: .replace)

            // A type cannot change.
            let retype = await cloudError {
                try await save(store, alice, [CloudRecord(recordName: "n2", recordType: "Other")], type: .forceReplace)
            }
            #expect(retype?.serverErrorCode == .badRequest)

            // delete needs the tag; forceDelete does not and is idempotent.
            var stale = CloudRecord.note("n1")
            stale.recordChangeTag = tag
            let deleteConflict = await cloudError { try await save(store, alice, [stale], type: .delete) }
            #expect(deleteConflict?.serverErrorCode == .conflict)
            var current = CloudRecord.note("n1")
            current.recordChangeTag = replaced.recordChangeTag
            let deleted = try await save(store, alice, [current], type: .delete)[0]
            #expect(deleted.deleted)
            _ = try await save(store, alice, [.note("n1")], type: .forceDelete)
            let missing = await cloudError { try await save(store, alice, [current], type: .delete) }
            #expect(missing?.serverErrorCode == .notFound)
            let found = try await lookup(store, alice, ["n1", "n2"])
            #expect(found[0].error?.serverErrorCode == .notFound)
            #expect(found[1].item?.recordName == "n2")
        }
    }

    @Test(
        "an atomic batch is all or nothing and names the culprit; a non-atomic one answers per record",
        arguments: StoreKind.allCases)
    func atomicBatches(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let alice = try await makeUser(store, "alice")
            try await save(store, alice, [.note("existing")])
            let batch = [op(.create, .note("a")), op(.create, .note("existing")), op(.create, .note("b"))]
            let failure = await cloudError {
                _ = try await store.modifyRecords(
                    alice, scope: .private, request: CloudRecordsModifyRequest(operations: batch))
            }
            #expect(failure?.serverErrorCode == .exists)
            #expect(failure?.recordName == "existing")
            #expect(failure?.records?.map { $0.error?.serverErrorCode } == [.atomicError, .exists, .atomicError])
            #expect(try await lookup(store, alice, ["a", "b"]).allSatisfy { $0.error?.serverErrorCode == .notFound })

            let partial = try await store.modifyRecords(
                alice, scope: .private, request: CloudRecordsModifyRequest(operations: batch, atomic: false))
            #expect(partial.records.map { $0.item != nil } == [true, false, true])
            #expect(partial.records[1].error?.serverErrorCode == .exists)
            #expect(try await lookup(store, alice, ["a", "b"]).allSatisfy { $0.item != nil })
        }
    }

    @Test(
        "the changes feed pages with sync tokens, reports deletions, and skips tombstones without a token",
        arguments: StoreKind.allCases)
    func changesFeed(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let alice = try await makeUser(store, "alice")
            try await save(store, alice, (0..<25).map { CloudRecord.note("r\($0)") })
            var first = try await store.recordChanges(
                alice, scope: .private, request: CloudRecordChangesRequest(resultsLimit: 10))
            #expect(first.records.count == 10)
            #expect(first.moreComing)
            var all = first.records
            while first.moreComing {
                first = try await store.recordChanges(
                    alice, scope: .private,
                    request: CloudRecordChangesRequest(syncToken: first.syncToken, resultsLimit: 10))
                all += first.records
            }
            #expect(all.map(\.recordName) == (0..<25).map { "r\($0)" })
            let token = first.syncToken

            // Nothing new: same position, no records.
            let idle = try await store.recordChanges(
                alice, scope: .private, request: CloudRecordChangesRequest(syncToken: token))
            #expect(idle.records.isEmpty && !idle.moreComing)

            _ = try await save(store, alice, [.note("r3")], type: .forceDelete)
            _ = try await save(store, alice, [.note("r4", title: "changed")], type: .forceUpdate)
            let later = try await store.recordChanges(
                alice, scope: .private, request: CloudRecordChangesRequest(syncToken: token))
            #expect(later.records.map(\.recordName) == ["r3", "r4"])
            #expect(later.records[0].deleted)
            #expect(later.records[1].fields["title"] == .string("changed"))

            // A fresh fetch never replays tombstones.
            let fresh = try await store.recordChanges(
                alice, scope: .private, request: CloudRecordChangesRequest(resultsLimit: 1000))
            #expect(fresh.records.count == 24)
            #expect(!fresh.records.contains { $0.deleted })

            // desiredKeys limits the fields sent.
            let keys = try await store.recordChanges(
                alice, scope: .private, request: CloudRecordChangesRequest(syncToken: token, desiredKeys: []))
            #expect(keys.records[1].fields.isEmpty && keys.records[1].recordChangeTag != nil)
        }
    }

    @Test(
        "a token older than compacted deletions, or from a recreated zone, answers CHANGE_TOKEN_EXPIRED",
        arguments: StoreKind.allCases)
    func tokenExpiry(_ kind: StoreKind) async throws {
        let time = TestTime()
        try await withStore(
            kind, configuration: CloudConfiguration(tombstoneRetention: .seconds(86_400), bcryptCost: 4), time: time
        ) { store in
            let alice = try await makeUser(store, "alice")
            let zone = CloudZoneID(zoneName: "Garage")
            _ = try await store.modifyZones(
                alice, operations: [CloudZoneOperation(operationType: .create, zone: CloudZone(zoneID: zone))])
            try await save(store, alice, [.note("a"), .note("b")], zone: zone)
            let token = try await store.recordChanges(
                alice, scope: .private, request: CloudRecordChangesRequest(zoneID: zone)
            ).syncToken
            _ = try await save(store, alice, [.note("a")], zone: zone, type: .forceDelete)

            // Within the retention the deletion is still served.
            var report = try await store.compact(now: time.now)
            #expect(report.tombstonesRemoved == 0)
            #expect(
                try await store.recordChanges(
                    alice, scope: .private, request: CloudRecordChangesRequest(zoneID: zone, syncToken: token)
                ).records.map(\.deleted) == [true])

            time.advance(by: 2 * 86_400)
            report = try await store.compact(now: time.now)
            #expect(report.tombstonesRemoved == 1)
            let expired = await cloudError {
                _ = try await store.recordChanges(
                    alice, scope: .private, request: CloudRecordChangesRequest(zoneID: zone, syncToken: token))
            }
            #expect(expired?.serverErrorCode == .changeTokenExpired)
            #expect(expired?.httpStatus == 410)
            // Starting over works.
            let restart = try await store.recordChanges(
                alice, scope: .private, request: CloudRecordChangesRequest(zoneID: zone))
            #expect(restart.records.map(\.recordName) == ["b"])

            // A zone deleted and created again expires its old tokens.
            _ = try await store.modifyZones(
                alice, operations: [CloudZoneOperation(operationType: .delete, zone: CloudZone(zoneID: zone))])
            _ = try await store.modifyZones(
                alice, operations: [CloudZoneOperation(operationType: .create, zone: CloudZone(zoneID: zone))])
            let recreated = await cloudError {
                _ = try await store.recordChanges(
                    alice, scope: .private,
                    request: CloudRecordChangesRequest(zoneID: zone, syncToken: restart.syncToken))
            }
            #expect(recreated?.serverErrorCode == .changeTokenExpired)

            // A token that is not one of ours is a bad request.
            let forged = await cloudError {
                _ = try await store.recordChanges(
                    alice, scope: .private,
                    request: CloudRecordChangesRequest(zoneID: zone, syncToken: CloudSyncToken("nonsense!")))
            }
            #expect(forged?.serverErrorCode == .badRequest)
        }
    }

    @Test(
        "zones: create, list, delete with their records; database changes list them; the default zone stays",
        arguments: StoreKind.allCases)
    func zones(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let alice = try await makeUser(store, "alice")
            let start = try await store.databaseChanges(alice, scope: .private, request: CloudDatabaseChangesRequest())
            #expect(start.zones.map(\.zoneID.zoneName) == ["_defaultZone"])
            let zone = CloudZoneID(zoneName: "Health")
            let created = try await store.modifyZones(
                alice, operations: [CloudZoneOperation(operationType: .create, zone: CloudZone(zoneID: zone))])
            #expect(created[0].item?.zoneID.zoneName == "Health")
            #expect(
                try await store.listZones(alice, scope: .private).map(\.zoneID.zoneName) == ["Health", "_defaultZone"])
            try await save(store, alice, [.note("x")], zone: zone)
            let changed = try await store.databaseChanges(
                alice, scope: .private, request: CloudDatabaseChangesRequest(syncToken: start.syncToken))
            #expect(
                changed.zones == [
                    CloudZoneChange(
                        zoneID: CloudZoneID(zoneName: "Health", ownerRecordName: alice.userID), deleted: false)
                ])

            let results = try await store.modifyZones(
                alice,
                operations: [
                    CloudZoneOperation(operationType: .delete, zone: CloudZone(zoneID: zone)),
                    CloudZoneOperation(operationType: .delete, zone: CloudZone(zoneID: .default)),
                    CloudZoneOperation(operationType: .delete, zone: CloudZone(zoneID: CloudZoneID(zoneName: "Nope"))),
                ])
            #expect(results[0].item != nil)
            #expect(results[1].error?.serverErrorCode == .badRequest)
            #expect(results[2].error?.serverErrorCode == .zoneNotFound)
            let gone = await cloudError { _ = try await lookup(store, alice, ["x"], zone: zone) }
            #expect(gone?.serverErrorCode == .zoneNotFound)
            let after = try await store.databaseChanges(
                alice, scope: .private, request: CloudDatabaseChangesRequest(syncToken: changed.syncToken))
            #expect(after.zones.map(\.deleted) == [true])
        }
    }

    @Test("database changes page through many zones without skipping one", arguments: StoreKind.allCases)
    func databaseChangesPage(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let alice = try await makeUser(store, "alice")
            let names = (0..<7).map { "Z\($0)" }
            _ = try await store.modifyZones(
                alice,
                operations: names.prefix(3).map {
                    CloudZoneOperation(operationType: .create, zone: CloudZone(zoneID: CloudZoneID(zoneName: $0)))
                })
            for name in names.dropFirst(3) {
                _ = try await store.modifyZones(
                    alice,
                    operations: [
                        CloudZoneOperation(operationType: .create, zone: CloudZone(zoneID: CloudZoneID(zoneName: name)))
                    ])
            }
            var token: CloudSyncToken?
            var seen: [String] = []
            var pages = 0
            while true {
                let page = try await store.databaseChanges(
                    alice, scope: .private, request: CloudDatabaseChangesRequest(syncToken: token, resultsLimit: 2))
                #expect(!page.zones.isEmpty)
                seen += page.zones.map(\.zoneID.zoneName)
                token = page.syncToken
                pages += 1
                if !page.moreComing { break }
            }
            #expect(Set(seen) == Set(names + ["_defaultZone"]))
            #expect(seen.count == names.count + 1)
            #expect(pages >= 4)
            // The last token is current: nothing more until something changes.
            let quiet = try await store.databaseChanges(
                alice, scope: .private, request: CloudDatabaseChangesRequest(syncToken: token, resultsLimit: 2))
            #expect(quiet.zones.isEmpty && !quiet.moreComing)
            try await save(store, alice, [.note("n")], zone: CloudZoneID(zoneName: "Z1"))
            let next = try await store.databaseChanges(
                alice, scope: .private,
                request: CloudDatabaseChangesRequest(syncToken: quiet.syncToken, resultsLimit: 2))
            #expect(next.zones.map(\.zoneID.zoneName) == ["Z1"])
            let bad = await cloudError {
                _ = try await store.databaseChanges(
                    alice, scope: .private, request: CloudDatabaseChangesRequest(resultsLimit: 0))
            }
            #expect(bad?.serverErrorCode == .badRequest)
        }
    }

    @Test("limits: operations per request, record size and storage quota", arguments: StoreKind.allCases)
    func limits(_ kind: StoreKind) async throws {
        let configuration = CloudConfiguration(
            maxOperationsPerRequest: 5, maxRecordBytes: 2_000, storageQuotaBytes: 3_000, bcryptCost: 4)
        try await withStore(kind, configuration: configuration) { store in
            let alice = try await makeUser(store, "alice")
            let tooMany = await cloudError { try await save(store, alice, (0..<6).map { CloudRecord.note("n\($0)") }) }
            #expect(tooMany?.serverErrorCode == .limitExceeded)
            let big = await cloudError {
                try await save(store, alice, [.note("big", title: String(repeating: "x", count: 5_000))])
            }
            #expect(big?.serverErrorCode == .limitExceeded)
            #expect(big?.reason.contains("2000") == true)
            try await save(store, alice, [.note("a", title: String(repeating: "y", count: 1_500))])
            let quota = await cloudError {
                try await save(store, alice, [.note("b", title: String(repeating: "z", count: 1_500))])
            }
            #expect(quota?.serverErrorCode == .quotaExceeded)
            #expect(try await lookup(store, alice, ["b"])[0].error?.serverErrorCode == .notFound)
        }
    }

    @Test("deleting a zone gives its records' storage back", arguments: StoreKind.allCases)
    func zoneDeletionFreesQuota(_ kind: StoreKind) async throws {
        let configuration = CloudConfiguration(storageQuotaBytes: 3_000, bcryptCost: 4)
        try await withStore(kind, configuration: configuration) { store in
            let alice = try await makeUser(store, "alice")
            let zone = CloudZoneID(zoneName: "Scratch")
            _ = try await store.modifyZones(
                alice, operations: [CloudZoneOperation(operationType: .create, zone: CloudZone(zoneID: zone))])
            try await save(store, alice, [.note("a", title: String(repeating: "y", count: 1_500))], zone: zone)
            let full = await cloudError {
                try await save(store, alice, [.note("b", title: String(repeating: "z", count: 1_500))])
            }
            #expect(full?.serverErrorCode == .quotaExceeded)
            let deleted = try await store.modifyZones(
                alice, operations: [CloudZoneOperation(operationType: .delete, zone: CloudZone(zoneID: zone))])
            #expect(deleted[0].item != nil)
            try await save(store, alice, [.note("b", title: String(repeating: "z", count: 1_500))])
        }
    }

    @Test("queries filter, sort and page with continuation markers", arguments: StoreKind.allCases)
    func queries(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let alice = try await makeUser(store, "alice")
            let records = (0..<12).map { index in
                CloudRecord(
                    recordName: "s\(index)", recordType: "Service",
                    fields: [
                        "miles": .int64(Int64(index * 1000)),
                        "kind": .string(index.isMultiple(of: 2) ? "oil" : "tyres"),
                    ])
            }
            try await save(store, alice, records + [.note("other")])
            let query = CloudQuery(
                recordType: "Service",
                filterBy: [
                    CloudQueryFilter(fieldName: "kind", comparator: .equals, fieldValue: .string("oil")),
                    CloudQueryFilter(fieldName: "miles", comparator: .greaterThanOrEquals, fieldValue: .int64(2000)),
                ],
                sortBy: [CloudQuerySort(fieldName: "miles", ascending: false)]
            )
            var page = try await store.queryRecords(
                alice, scope: .private, request: CloudRecordsQueryRequest(query: query, resultsLimit: 2))
            var names = page.records.map(\.recordName)
            while let marker = page.continuationMarker {
                page = try await store.queryRecords(
                    alice, scope: .private,
                    request: CloudRecordsQueryRequest(query: query, resultsLimit: 2, continuationMarker: marker))
                names += page.records.map(\.recordName)
            }
            #expect(names == ["s10", "s8", "s6", "s4", "s2"])
            let prefix = try await store.queryRecords(
                alice, scope: .private,
                request: CloudRecordsQueryRequest(
                    query: CloudQuery(
                        recordType: "Service",
                        filterBy: [
                            CloudQueryFilter(fieldName: "kind", comparator: .beginsWith, fieldValue: .string("ty"))
                        ])))
            #expect(prefix.records.count == 6)
            let bad = await cloudError {
                _ = try await store.queryRecords(
                    alice, scope: .private,
                    request: CloudRecordsQueryRequest(
                        query: CloudQuery(
                            recordType: "Service",
                            filterBy: [CloudQueryFilter(fieldName: "kind", comparator: .in, fieldValue: .string("oil"))]
                        )))
            }
            #expect(bad?.serverErrorCode == .badRequest)
        }
    }

    @Test(
        "a query over more records than one scan step pages through every match once, in order",
        arguments: StoreKind.allCases)
    func largeQueries(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let alice = try await makeUser(store, "alice")
            let count = 4_500  // more than two of the store's 2,000-record scan steps
            let records = (0..<count).map { index in
                CloudRecord(
                    recordName: String(format: "r%05d", (index * 7_919) % count), recordType: "Reading",
                    fields: ["bucket": .int64(Int64(index % 97)), "even": .boolean(index.isMultiple(of: 2))])
            }
            for start in stride(from: 0, to: count, by: 400) {
                try await save(store, alice, Array(records[start..<min(start + 400, count)]))
            }
            let query = CloudQuery(
                recordType: "Reading",
                filterBy: [CloudQueryFilter(fieldName: "even", comparator: .equals, fieldValue: .boolean(true))],
                sortBy: [CloudQuerySort(fieldName: "bucket", ascending: false)]
            )
            var page = try await store.queryRecords(
                alice, scope: .private, request: CloudRecordsQueryRequest(query: query, resultsLimit: 300))
            var names = page.records.map(\.recordName)
            var pages = 1
            while let marker = page.continuationMarker {
                page = try await store.queryRecords(
                    alice, scope: .private,
                    request: CloudRecordsQueryRequest(query: query, resultsLimit: 300, continuationMarker: marker))
                names += page.records.map(\.recordName)
                pages += 1
            }
            let expected = records.filter { $0.fields["even"] == .boolean(true) }
                .sorted { a, b in
                    guard case .int64(let x) = a.fields["bucket"], case .int64(let y) = b.fields["bucket"] else {
                        return false
                    }
                    return x != y ? x > y : a.recordName < b.recordName
                }
                .map(\.recordName)
            #expect(names.count == 2_250)
            #expect(names == expected)
            #expect(pages == 8)
        }
    }

    @Test("parents and references must exist; DELETE_SELF references cascade", arguments: StoreKind.allCases)
    func references(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let alice = try await makeUser(store, "alice")
            let orphan = await cloudError { try await save(store, alice, [.note("child", parent: "nobody")]) }
            #expect(orphan?.serverErrorCode == .validatingReferenceError)
            #expect(orphan?.httpStatus == 412)
            // Parent in the same batch is fine, in any order.
            try await save(store, alice, [.note("child", parent: "parent"), .note("parent")])
            let elsewhere = CloudReference(recordName: "x", zoneID: CloudZoneID(zoneName: "Other"))
            for field in [
                CloudFieldValue.reference(elsewhere), .list(.reference([CloudReference(recordName: "y"), elsewhere])),
            ] {
                let foreign = await cloudError { try await save(store, alice, [.note("far", extra: ["link": field])]) }
                #expect(foreign?.serverErrorCode == .badRequest)
                #expect(
                    foreign?.reason.contains("field \"link\" refers to record \"x\" in zone Other") == true,
                    "\(foreign?.reason ?? "")")
            }
            #expect(try await lookup(store, alice, ["far"])[0].error?.serverErrorCode == .notFound)
            let dangling = await cloudError {
                try await save(
                    store, alice, [.note("r", extra: ["link": .reference(CloudReference(recordName: "ghost"))])])
            }
            #expect(dangling?.serverErrorCode == .validatingReferenceError)
            try await save(
                store, alice,
                [
                    .note(
                        "dependent",
                        extra: ["owner": .reference(CloudReference(recordName: "parent", action: .deleteSelf))])
                ])
            _ = try await save(store, alice, [.note("parent")], type: .forceDelete)
            let after = try await lookup(store, alice, ["dependent", "child"])
            #expect(after[0].error?.serverErrorCode == .notFound)
            #expect(after[1].item != nil)
        }
    }

    @Test(
        "names that break the rules, SQL-looking ones included, are refused and nothing is stored",
        arguments: StoreKind.allCases)
    func hostileNames(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let alice = try await makeUser(store, "alice")
            let attempts: [CloudRecord] = [
                CloudRecord(recordName: "x'; DROP TABLE records; --", recordType: "Note"),
                CloudRecord(recordName: "ok", recordType: "Note; DELETE FROM accounts"),
                CloudRecord(recordName: "ok2", recordType: "Note", fields: ["bad field\"": .string("x")]),
                CloudRecord(recordName: String(repeating: "a", count: 300), recordType: "Note"),
                CloudRecord(recordName: "nan", recordType: "Note", fields: ["v": .double(.nan)]),
            ]
            for record in attempts {
                let error = await cloudError { try await save(store, alice, [record]) }
                #expect(error?.serverErrorCode == .badRequest, "\(record.recordName.prefix(20))")
                #expect(error?.reason.isEmpty == false)
            }
            let zone = await cloudError {
                _ = try await store.modifyZones(
                    alice,
                    operations: [
                        CloudZoneOperation(
                            operationType: .create, zone: CloudZone(zoneID: CloudZoneID(zoneName: "z'--")))
                    ]
                ).first?.error.map { throw $0 }
            }
            #expect(zone?.serverErrorCode == .badRequest)
            let everything = try await store.recordChanges(alice, scope: .private, request: CloudRecordChangesRequest())
            #expect(everything.records.isEmpty)
        }
    }
}
