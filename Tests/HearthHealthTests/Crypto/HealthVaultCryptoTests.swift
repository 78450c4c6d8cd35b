import Foundation
import HearthCloudModel
import HearthCore
import Testing

@testable import HearthHealth

@Suite("End-to-end encryption: identities, sealed fields and key envelopes")
struct HealthVaultCryptoTests {
    let zone = KeyScope(ownerRecordName: "owner-1", zoneName: "PurusHealthShareZone")
    var key: ContentKey { ContentKey(scope: zone, epoch: 3, keyData: Data((0..<32).map { UInt8($0) })) }

    @Test("a recovery code brings back the same identity, read loosely, and refuses typos with a reason")
    func recoveryCode() throws {
        let identity = HealthIdentity()
        let code = identity.recoveryCode
        #expect(code.count == 56 + 13)
        #expect(code.split(separator: "-").allSatisfy { $0.count == 4 })
        let restored = try HealthIdentity(recoveryCode: code.lowercased().replacingOccurrences(of: "-", with: " "))
        #expect(restored.seed == identity.seed)
        #expect(restored.fingerprint == identity.fingerprint)
        // O and I/L are read as 0 and 1.
        let lookalikes = code.replacingOccurrences(of: "0", with: "O").replacingOccurrences(of: "1", with: "l")
        #expect(try HealthIdentity(recoveryCode: lookalikes).seed == identity.seed)

        var characters = Array(code)
        let index = characters.firstIndex { $0 != "-" }!
        characters[index] = characters[index] == "A" ? "B" : "A"
        let typo = #expect(throws: ServiceError.self) { try HealthIdentity(recoveryCode: String(characters)) }
        #expect(typo?.message.contains("checksum") == true)
        let short = #expect(throws: ServiceError.self) { try HealthIdentity(recoveryCode: String(code.dropLast(5))) }
        #expect(short?.message.contains("56 characters") == true)
        let badCharacter = #expect(throws: ServiceError.self) {
            try HealthIdentity(recoveryCode: "U" + code.dropFirst())
        }
        #expect(badCharacter?.message.contains("\"U\"") == true)
    }

    @Test("a fingerprint is thirty digits in six groups, the same for the same keys and different for others")
    func fingerprint() throws {
        let identity = try HealthIdentity(seed: Data(repeating: 7, count: 32))
        let again = try HealthIdentity(seed: Data(repeating: 7, count: 32))
        #expect(identity.fingerprint == again.fingerprint)
        #expect(identity.fingerprint.range(of: #"^\d{5}( \d{5}){5}$"#, options: .regularExpression) != nil)
        #expect(HealthIdentity().fingerprint != identity.fingerprint)
        #expect(throws: ServiceError.self) { try HealthIdentity(seed: Data(count: 31)) }
    }

    @Test(
        "every kind of field value opens to what was sealed",
        arguments: [
            CloudFieldValue.string("Rex — Лаки 犬"), .int64(-42), .double(12.25), .boolean(true), .boolean(false),
            .bytes(Data([0, 1, 2, 255])), .date(1_700_000_000_123), .list(.string(["a", "b"])), .string(""),
        ])
    func roundTrip(value: CloudFieldValue) throws {
        let sealed = try FieldSealer.seal(
            value, field: "petBreed", recordName: "r1", recordType: "MedicalRecord", key: key)
        #expect(FieldSealer.header(of: sealed) == FieldSealer.Header(isRecordScope: false, epoch: 3))
        #expect(
            try FieldSealer.open(sealed, field: "petBreed", recordName: "r1", recordType: "MedicalRecord", key: key)
                == value)
    }

    @Test("a sealed value moved to another field, record, type, zone or epoch, or altered, does not open")
    func binding() throws {
        let sealed = try FieldSealer.seal(
            .string("penicillin"), field: "allergyEntries", recordName: "r1", recordType: "MedicalRecord", key: key)
        var otherZone = key
        otherZone.scope.zoneName = "Other"
        var otherRoot = key
        otherRoot.scope.rootRecordName = "r1"
        var otherEpoch = key
        otherEpoch.epoch = 4
        let attempts: [() throws -> CloudFieldValue] = [
            {
                try FieldSealer.open(
                    sealed, field: "drugEntries", recordName: "r1", recordType: "MedicalRecord", key: key)
            },
            {
                try FieldSealer.open(
                    sealed, field: "allergyEntries", recordName: "r2", recordType: "MedicalRecord", key: key)
            },
            { try FieldSealer.open(sealed, field: "allergyEntries", recordName: "r1", recordType: "Other", key: key) },
            {
                try FieldSealer.open(
                    sealed, field: "allergyEntries", recordName: "r1", recordType: "MedicalRecord", key: otherZone)
            },
            {
                try FieldSealer.open(
                    sealed, field: "allergyEntries", recordName: "r1", recordType: "MedicalRecord", key: otherRoot)
            },
            {
                try FieldSealer.open(
                    sealed, field: "allergyEntries", recordName: "r1", recordType: "MedicalRecord", key: otherEpoch)
            },
        ]
        for attempt in attempts {
            let error = #expect(throws: ServiceError.self) { try attempt() }
            #expect(error?.code == HealthVaultError.tamperedCode)
        }
        var flipped = sealed
        flipped[flipped.count - 20] ^= 0x01
        let error = #expect(throws: ServiceError.self) {
            try FieldSealer.open(
                flipped, field: "allergyEntries", recordName: "r1", recordType: "MedicalRecord", key: key)
        }
        #expect(error?.message.contains("integrity") == true)
    }

    @Test("a sealed record keeps ids, timestamps and schema version readable and nothing else")
    func recordSealing() throws {
        let marker = "MARKER-\(UUID().uuidString)"
        let record = CloudRecord(
            recordName: "r1", recordType: "MedicalRecord",
            fields: [
                "uuid": .string("r1"), "schemaVersion": .int64(1), "updatedAt": .date(1_000), "createdAt": .date(900),
                "personalName": .string(marker), "isPet": .boolean(true),
                "bloodEntries": .string("[{\"bloodName\":\"\(marker)\"}]"),
            ], parent: CloudReference(recordName: "p"))
        let sealed = try RecordSealing.seal(record, with: key)
        #expect(sealed.fields["uuid"] == .string("r1"))
        #expect(sealed.fields["schemaVersion"] == .int64(1))
        #expect(sealed.fields["keyEpoch"] == .int64(3))
        #expect(sealed.parent == record.parent)
        let wire = try JSONEncoder().encode(sealed)
        #expect(!String(decoding: wire, as: UTF8.self).contains(marker))
        #expect(!wire.base64EncodedString().contains(Data(marker.utf8).base64EncodedString().prefix(12)))
        #expect(RecordSealing.header(of: sealed)?.epoch == 3)
        #expect(try RecordSealing.open(sealed, with: key) == record)

        var forged = sealed
        forged.fields["personalName"] = .string("Injected by the server")
        let error = #expect(throws: ServiceError.self) { try RecordSealing.open(forged, with: key) }
        #expect(error?.message.contains("arrived unencrypted") == true)
    }

    @Test(
        "a key envelope is read only when the owner wrote it, and opens only for its recipient with the owner's valid signature"
    )
    func envelope() throws {
        let owner = HealthIdentity()
        let member = HealthIdentity()
        let stranger = HealthIdentity()
        let scoped = ContentKey(
            scope: KeyScope(ownerRecordName: "owner-1", zoneName: "PurusHealthShareZone", rootRecordName: "rec-1"),
            epoch: 2, keyData: Data(repeating: 9, count: 32))
        let envelope = try KeyEnvelope.seal(
            scoped, for: member.publicIdentity, recipientRecordName: "member-1", by: owner)

        var record = envelope.record
        #expect(record.recordType == "HealthZoneKey")
        #expect(record.parent?.recordName == "rec-1")
        // Accepted only when the server reports the owner wrote it.
        let unstamped = #expect(throws: ServiceError.self) {
            try KeyEnvelope(record: record, ownerRecordName: "owner-1", zoneName: "PurusHealthShareZone")
        }
        #expect(unstamped?.code == HealthVaultError.untrustedKeyCode)
        record.created = CloudRecordStamp(timestamp: 1, userRecordName: "owner-1")
        record.modified = CloudRecordStamp(timestamp: 2, userRecordName: "member-2")
        let overwritten = #expect(throws: ServiceError.self) {
            try KeyEnvelope(record: record, ownerRecordName: "owner-1", zoneName: "PurusHealthShareZone")
        }
        #expect(overwritten?.code == HealthVaultError.untrustedKeyCode)
        #expect(overwritten?.message.contains("written by member-2, not by the zone's owner owner-1") == true)
        // What counts is who wrote it last: the owner's replacement of an envelope someone else made is read.
        record.created = CloudRecordStamp(timestamp: 1, userRecordName: "member-2")
        record.modified = CloudRecordStamp(timestamp: 2, userRecordName: "owner-1")
        let read = try KeyEnvelope(record: record, ownerRecordName: "owner-1", zoneName: "PurusHealthShareZone")
        #expect(read == envelope)
        #expect(try read.open(with: member, trustedOwner: nil) == scoped)
        #expect(try read.open(with: member, trustedOwner: owner.publicIdentity) == scoped)

        let wrongDevice = #expect(throws: ServiceError.self) { try read.open(with: stranger, trustedOwner: nil) }
        #expect(wrongDevice?.code == HealthVaultError.keyMissingCode)
        #expect(wrongDevice?.message.contains("recovery code") == true)

        let impostor = #expect(throws: ServiceError.self) {
            try read.open(with: member, trustedOwner: stranger.publicIdentity)
        }
        #expect(impostor?.code == HealthVaultError.untrustedKeyCode)

        var altered = read
        altered.epoch = 3
        let badSignature = #expect(throws: ServiceError.self) { try altered.open(with: member, trustedOwner: nil) }
        #expect(badSignature?.code == HealthVaultError.untrustedKeyCode)

        // Re-signed by someone else but claiming the owner's keys: the signature fails.
        var swapped = try KeyEnvelope.seal(
            scoped, for: member.publicIdentity, recipientRecordName: "member-1", by: stranger)
        swapped.owner = owner.publicIdentity
        #expect(throws: ServiceError.self) { try swapped.open(with: member, trustedOwner: owner.publicIdentity) }
    }

    @Test("a member key is accepted only with its own signature and when its member wrote it last")
    func memberKey() throws {
        let member = HealthIdentity()
        let scope = KeyScope(ownerRecordName: "owner-1", zoneName: "PurusHealthShareZone", rootRecordName: "rec-1")
        var record = try MemberKey.make(scope: scope, userRecordName: "member-1", identity: member).record
        record.created = CloudRecordStamp(timestamp: 1, userRecordName: "member-1")
        let read = try MemberKey(record: record, ownerRecordName: "owner-1", zoneName: "PurusHealthShareZone")
        #expect(read.identity == member.publicIdentity)
        #expect(read.scope == scope)

        var spoofed = record
        spoofed.created = CloudRecordStamp(timestamp: 1, userRecordName: "member-2")
        #expect(throws: ServiceError.self) {
            try MemberKey(record: spoofed, ownerRecordName: "owner-1", zoneName: "PurusHealthShareZone")
        }
        // Created by the member but last written by someone else: refused too.
        var overwritten = record
        overwritten.modified = CloudRecordStamp(timestamp: 2, userRecordName: "member-2")
        let replaced = #expect(throws: ServiceError.self) {
            try MemberKey(record: overwritten, ownerRecordName: "owner-1", zoneName: "PurusHealthShareZone")
        }
        #expect(replaced?.code == HealthVaultError.untrustedKeyCode)
        var unstamped = record
        unstamped.created = nil
        #expect(throws: ServiceError.self) {
            try MemberKey(record: unstamped, ownerRecordName: "owner-1", zoneName: "PurusHealthShareZone")
        }
        var resigned = record
        resigned.fields["agreementKey"] = .bytes(HealthIdentity().publicIdentity.agreementKey)
        let error = #expect(throws: ServiceError.self) {
            try MemberKey(record: resigned, ownerRecordName: "owner-1", zoneName: "PurusHealthShareZone")
        }
        #expect(error?.code == HealthVaultError.untrustedKeyCode)
    }
}
