import Foundation
import HearthCloud
import HearthCloudModel
import Testing

/// Records of the author-owned types (the health key records) in a shared zone: only their creator and the
/// zone's owner change or delete them. The same on both stores.
@Suite("Record store conformance: author-owned records")
struct AuthorOwnedRecordsTests {
    static func key(_ name: String, _ value: String) -> CloudRecord {
        CloudRecord(
            recordName: name, recordType: "HealthMemberKey", fields: ["user": .string(value)],
            parent: CloudReference(recordName: "rex"))
    }

    @Test(
        "a participant with write access cannot overwrite or delete another's key record; its writer and the owner can",
        arguments: StoreKind.allCases)
    func onlyTheirWriterAndTheOwner(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let owner = try await makeUser(store, "owner")
            let ben = try await makeUser(store, "ben")
            let mallory = try await makeUser(store, "mallory")
            let zone = CloudZoneID(zoneName: "Health")
            _ = try await store.modifyZones(
                owner, operations: [CloudZoneOperation(operationType: .create, zone: CloudZone(zoneID: zone))])
            try await save(store, owner, [.note("rex")], zone: zone)
            let share = try await store.createShare(
                owner,
                request: CloudShareCreateRequest(zoneID: zone, rootRecordName: "rex", publicPermission: .readWrite))
            _ = try await store.acceptShare(ben, token: share.shareToken)
            _ = try await store.acceptShare(mallory, token: share.shareToken)
            let shared = CloudZoneID(zoneName: "Health", ownerRecordName: owner.userID)

            try await save(store, ben, [Self.key("memberkey.rex.ben", "ben")], zone: shared, scope: .shared)
            let before = try await lookup(store, owner, ["memberkey.rex.ben"], zone: zone)
            for type in [CloudRecordOperationType.forceReplace, .forceUpdate, .forceDelete] {
                let refused = await cloudError {
                    try await save(
                        store, mallory, [Self.key("memberkey.rex.ben", "mallory")], zone: shared, scope: .shared,
                        type: type)
                }
                #expect(refused?.serverErrorCode == .accessDenied, "\(type)")
                #expect(refused?.reason.contains("only the participant who wrote it or the zone's owner") == true)
            }
            #expect(try await lookup(store, owner, ["memberkey.rex.ben"], zone: zone) == before)

            // A record of another type stays anyone's to edit in a read-write share; her own key is hers.
            try await save(
                store, mallory, [.note("rex", title: "edited")], zone: shared, scope: .shared, type: .forceUpdate)
            try await save(store, mallory, [Self.key("memberkey.rex.mallory", "mallory")], zone: shared, scope: .shared)
            try await save(
                store, mallory, [Self.key("memberkey.rex.mallory", "mallory 2")], zone: shared, scope: .shared,
                type: .forceReplace)
            // Ben replaces his own; the owner may replace or delete anyone's.
            try await save(
                store, ben, [Self.key("memberkey.rex.ben", "ben 2")], zone: shared, scope: .shared, type: .forceReplace)
            let replaced = try await save(
                store, owner, [Self.key("memberkey.rex.mallory", "by the owner")], zone: zone, type: .forceReplace)
            #expect(replaced.first?.modified?.userRecordName == owner.userID)
            _ = try await save(store, owner, [Self.key("memberkey.rex.ben", "")], zone: zone, type: .forceDelete)
        }
    }
}
