import Foundation
import GRDB
import HearthCloudModel
import HearthCore
import HearthStore
import Testing

@testable import HearthHealth

/// The key exchange between devices, run through the records each device would send and fetch, without a
/// server in between (the sync tests run it through a real one).
@Suite("End-to-end encryption: keys handed between devices")
struct KeyExchangeTests {
    static let zoneName = "PurusHealthShareZone"
    let protection = SealedRecordProtection(zoneName: Self.zoneName)

    /// One device's health database, signed in as `user`.
    func device(_ user: String) throws -> AppDatabase {
        let database = try AppDatabase.inMemory(schemas: [HealthKeySchema.self])
        try database.writer.write { db in try HealthKeyring.setUserRecordName(user, db) }
        return database
    }

    func record(_ name: String, marker: String) -> CloudRecord {
        CloudRecord(
            recordName: name, recordType: "MedicalRecord",
            fields: [
                "uuid": .string(name), "schemaVersion": .int64(1), "personalName": .string(marker),
                "isPet": .boolean(true),
            ])
    }

    /// The key records `device` queued for the server, as the server would hand them to others (in `owner`'s zone,
    /// written by `author`).
    func queuedKeyRecords(_ database: AppDatabase, owner: String, author: String) throws -> [CloudRecord] {
        try database.writer.write { db in
            try HealthKeyDistributor.makeOwedEnvelopes(zoneName: Self.zoneName, db)
            return try Data.fetchAll(db, sql: "SELECT payload FROM healthKeyRecord ORDER BY rowid").map { payload in
                var record = try JSONDecoder().decode(CloudRecord.self, from: payload)
                record.zoneID = CloudZoneID(zoneName: Self.zoneName, ownerRecordName: owner)
                record.created = CloudRecordStamp(timestamp: 1, userRecordName: author)
                return record
            }
        }
    }

    func fetch(_ records: [CloudRecord], into database: AppDatabase) throws {
        try database.writer.write { db in
            for record in records {
                let handled = try protection.saveFetched(record, db: db)
                #expect(handled)
            }
        }
    }

    func seal(_ record: CloudRecord, owner: String, on database: AppDatabase) throws -> CloudRecord {
        var sealed = try database.writer.write { db in
            try protection.seal(record, in: CloudZoneID(zoneName: Self.zoneName, ownerRecordName: owner), db: db)
        }
        sealed.zoneID = CloudZoneID(zoneName: Self.zoneName, ownerRecordName: owner)
        return sealed
    }

    func open(_ record: CloudRecord, on database: AppDatabase) throws -> CloudRecord {
        try database.writer.read { db in try protection.open(record, db: db) }
    }

    @Test("the owner's second device opens records once restored with the recovery code and given the zone key")
    func secondDevice() throws {
        let laptop = try device("ana")
        let phone = try device("ana")
        let sealed = try seal(record("rex", marker: "Rex"), owner: "ana", on: laptop)
        #expect(try open(sealed, on: laptop).fields["personalName"] == .string("Rex"))

        let before = #expect(throws: ServiceError.self) { try open(sealed, on: phone) }
        #expect(before?.code == HealthVaultError.keyMissingCode)
        #expect(before?.message.contains("another of your devices") == true)

        // The phone has an identity of its own until the recovery code is entered: the envelope is not for it.
        let envelopes = try queuedKeyRecords(laptop, owner: "ana", author: "ana")
        #expect(envelopes.map(\.recordType) == ["HealthZoneKey"])
        let wrongIdentity = #expect(throws: ServiceError.self) { try fetch(envelopes, into: phone) }
        #expect(wrongIdentity?.message.contains("recovery code") == true)

        let code = try laptop.writer.read { db in try HealthKeyring.identity(db).recoveryCode }
        try phone.writer.write { db in try HealthKeyring.restore(HealthIdentity(recoveryCode: code), db) }
        try fetch(envelopes, into: phone)
        #expect(try open(sealed, on: phone) == record("rex", marker: "Rex").with(zone: sealed.zoneID))
    }

    @Test("a member receives a shared record's key only after publishing theirs, and loses the next epoch when removed")
    func shareAndRemove() throws {
        let ana = try device("ana")
        let ben = try device("ben")
        try ana.writer.write { db in try HealthKeyDistributor.beginSharing(root: "rex", zoneName: Self.zoneName, db) }
        let sealed = try seal(record("rex", marker: "Rex"), owner: "ana", on: ana)
        #expect(RecordSealing.header(of: sealed) == FieldSealer.Header(isRecordScope: true, epoch: 1))

        // Ben accepted, but Ana's device has not handed him the key yet.
        let waiting = #expect(throws: ServiceError.self) { try open(sealed, on: ben) }
        #expect(waiting?.code == HealthVaultError.keyMissingCode)
        #expect(waiting?.message.contains("ana's device hands the key over on its next sync") == true)

        try ben.writer.write { db in
            try HealthKeyDistributor.publishMemberKey(owner: "ana", root: "rex", zoneName: Self.zoneName, db)
        }
        let memberKeys = try queuedKeyRecords(ben, owner: "ana", author: "ben")
        #expect(memberKeys.map(\.recordType) == ["HealthMemberKey"])
        #expect(memberKeys.first?.parent?.recordName == "rex")
        try fetch(memberKeys, into: ana)

        let envelopes = try queuedKeyRecords(ana, owner: "ana", author: "ana").filter { $0.parent?.recordName == "rex" }
        #expect(Set(envelopes.map(\.recordName)) == ["zonekey.rex.1.ana", "zonekey.rex.1.ben"])
        try fetch(envelopes, into: ben)
        #expect(try open(sealed, on: ben).fields["personalName"] == .string("Rex"))

        // Ben edits; Ana opens his edit.
        let edited = try seal(record("rex", marker: "Rex the Brave"), owner: "ana", on: ben)
        #expect(try open(edited, on: ana).fields["personalName"] == .string("Rex the Brave"))

        // Ana removes Ben: the next write uses epoch 2, which Ben never receives.
        _ = try ana.writer.write { db in
            try HealthKeyDistributor.rotate(root: "rex", removing: "ben", zoneName: Self.zoneName, db)
        }
        let afterRemoval = try seal(record("rex", marker: "Rex, moved"), owner: "ana", on: ana)
        #expect(RecordSealing.header(of: afterRemoval)?.epoch == 2)
        let newEnvelopes = try queuedKeyRecords(ana, owner: "ana", author: "ana").filter {
            $0.recordName.hasPrefix("zonekey.rex.2.")
        }
        #expect(newEnvelopes.map(\.recordName) == ["zonekey.rex.2.ana"])
        try fetch(newEnvelopes, into: ben)
        let locked = #expect(throws: ServiceError.self) { try open(afterRemoval, on: ben) }
        #expect(locked?.code == HealthVaultError.keyMissingCode)
    }

    @Test("keys signed by anyone but the owner first trusted, or published in another's name, are refused")
    func impostors() throws {
        let ana = try device("ana")
        let ben = try device("ben")
        try ana.writer.write { db in try HealthKeyDistributor.beginSharing(root: "rex", zoneName: Self.zoneName, db) }
        try ben.writer.write { db in
            try HealthKeyDistributor.publishMemberKey(owner: "ana", root: "rex", zoneName: Self.zoneName, db)
        }
        try fetch(try queuedKeyRecords(ben, owner: "ana", author: "ben"), into: ana)
        try fetch(try queuedKeyRecords(ana, owner: "ana", author: "ana").filter { $0.parent != nil }, into: ben)

        // Someone else signs a key for Ben, claiming to be Ana: Ben trusts only the key Ana signed with first.
        let mallory = HealthIdentity()
        let benIdentity = try ben.writer.read { db in try HealthKeyring.identity(db).publicIdentity }
        let forged = try KeyEnvelope.seal(
            ContentKey(
                scope: KeyScope(ownerRecordName: "ana", zoneName: Self.zoneName, rootRecordName: "rex"), epoch: 9,
                keyData: Data(repeating: 1, count: 32)),
            for: benIdentity, recipientRecordName: "ben", by: mallory)
        var forgedRecord = forged.record
        forgedRecord.zoneID = CloudZoneID(zoneName: Self.zoneName, ownerRecordName: "ana")
        let refused = #expect(throws: ServiceError.self) { try fetch([forgedRecord], into: ben) }
        #expect(refused?.code == HealthVaultError.untrustedKeyCode)

        // A member key for Ben written by Carol is refused; a changed key for Ben too.
        var spoofed = try MemberKey.make(
            scope: KeyScope(ownerRecordName: "ana", zoneName: Self.zoneName, rootRecordName: "rex"),
            userRecordName: "ben", identity: mallory
        ).record
        spoofed.zoneID = CloudZoneID(zoneName: Self.zoneName, ownerRecordName: "ana")
        spoofed.created = CloudRecordStamp(timestamp: 2, userRecordName: "carol")
        #expect(throws: ServiceError.self) { try fetch([spoofed], into: ana) }
        spoofed.created = CloudRecordStamp(timestamp: 2, userRecordName: "ben")
        let changed = #expect(throws: ServiceError.self) { try fetch([spoofed], into: ana) }
        #expect(changed?.message.contains("new key") == true)
    }

    @Test("sealing before sign-in is refused with what to do")
    func signedOut() throws {
        let database = try AppDatabase.inMemory(schemas: [HealthKeySchema.self])
        let error = #expect(throws: ServiceError.self) {
            try database.writer.write { db in
                try protection.seal(record("rex", marker: "Rex"), in: CloudZoneID(zoneName: Self.zoneName), db: db)
            }
        }
        #expect(error?.message.contains("hearth health sync --server") == true)
    }
}

extension CloudRecord {
    fileprivate func with(zone: CloudZoneID?) -> CloudRecord {
        var copy = self
        copy.zoneID = zone
        return copy
    }
}
