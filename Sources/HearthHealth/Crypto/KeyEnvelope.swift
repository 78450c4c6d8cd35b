import Crypto
public import Foundation
public import HearthCloudModel

/// One epoch of a scope's content key, wrapped with HPKE (`Curve25519_SHA256_ChachaPoly`) for one person's
/// key-agreement key and signed with the zone owner's signing key. Stored as a `HealthZoneKey` record in the
/// zone: under the shared record for a record's key (so the people in that share receive it), at the top of
/// the zone for the zone's own key (so only the owner's devices do).
///
/// What the server holds is useless without the recipient's private key, and a recipient accepts a key only
/// when the owner's signature checks out against the owner key it already trusts.
public struct KeyEnvelope: Sendable, Hashable {
    public static let recordType = "HealthZoneKey"

    public var scope: KeyScope
    public var epoch: Int
    /// Who can open it: their user record name and the fingerprint of the key it was wrapped for.
    public var recipientRecordName: String
    public var recipientFingerprint: String
    /// The owner's public keys, which signed it.
    public var owner: HealthPublicIdentity
    public var encapsulatedKey: Data
    public var wrappedKey: Data
    public var signature: Data

    /// Wraps `key` for `recipient` (user `recipientRecordName`), signed by `owner`.
    public static func seal(
        _ key: ContentKey, for recipient: HealthPublicIdentity, recipientRecordName: String, by owner: HealthIdentity
    ) throws -> KeyEnvelope {
        var envelope = KeyEnvelope(
            scope: key.scope, epoch: key.epoch, recipientRecordName: recipientRecordName,
            recipientFingerprint: recipient.fingerprint,
            owner: owner.publicIdentity, encapsulatedKey: Data(), wrappedKey: Data(), signature: Data()
        )
        var sender = try HPKE.Sender(
            recipientKey: recipient.agreementPublicKey(), ciphersuite: .Curve25519_SHA256_ChachaPoly,
            info: envelope.info)
        envelope.wrappedKey = try sender.seal(key.keyData, authenticating: envelope.info)
        envelope.encapsulatedKey = sender.encapsulatedKey
        envelope.signature = try owner.sign(envelope.signedBytes)
        return envelope
    }

    /// Checks the owner's signature against `trustedOwner` (the owner key this device already trusts, or nil to
    /// trust the one in the envelope) and unwraps the key with `identity`.
    public func open(with identity: HealthIdentity, trustedOwner: HealthPublicIdentity?) throws -> ContentKey {
        guard recipientFingerprint == identity.fingerprint else {
            throw HealthVaultError.keyMissing(
                "The key for \(scope) (epoch \(epoch)) was wrapped for the key with fingerprint \(recipientFingerprint), and this device holds \(identity.fingerprint). Enter the recovery code of that key on this device (`hearth health keys recover`)."
            )
        }
        if let trustedOwner, trustedOwner != owner {
            throw HealthVaultError.untrusted(
                "The key for \(scope) (epoch \(epoch)) is signed by a key with fingerprint \(owner.fingerprint), not the owner's key this device trusts (\(trustedOwner.fingerprint)). Compare fingerprints with the owner before trusting it."
            )
        }
        guard owner.isValidSignature(signature, for: signedBytes) else {
            throw HealthVaultError.untrusted(
                "The key for \(scope) (epoch \(epoch)) does not carry a valid signature of its owner; it was altered on its way."
            )
        }
        do {
            var recipient = try HPKE.Recipient(
                privateKey: identity.agreementKey, ciphersuite: .Curve25519_SHA256_ChachaPoly, info: info,
                encapsulatedKey: encapsulatedKey)
            let keyData = try recipient.open(wrappedKey, authenticating: info)
            guard keyData.count == 32 else { throw HealthVaultError.tampered("A content key is 32 bytes.") }
            return ContentKey(scope: scope, epoch: epoch, keyData: keyData)
        } catch {
            throw HealthVaultError.tampered(
                "The key for \(scope) (epoch \(epoch)) could not be unwrapped: it was altered on its way.")
        }
    }

    private var info: Data {
        var context = KeyContext("hearth.health.zonekey.v1")
        context.append(scope.ownerRecordName)
        context.append(scope.zoneName)
        context.append(scope.rootKey)
        context.append(epoch)
        context.append(recipientRecordName)
        context.append(recipientFingerprint)
        return context.bytes
    }

    private var signedBytes: Data {
        var context = KeyContext("hearth.health.zonekey.signature.v1")
        context.append(info)
        context.append(owner.agreementKey)
        context.append(encapsulatedKey)
        context.append(wrappedKey)
        return context.bytes
    }

    // MARK: As a record

    /// The record's name: one per scope, epoch and recipient.
    public var recordName: String { Self.recordName(scope: scope, epoch: epoch, recipient: recipientRecordName) }

    static func recordName(scope: KeyScope, epoch: Int, recipient: String) -> String {
        "zonekey.\(scope.rootRecordName ?? "_zone").\(epoch).\(recipient)"
    }

    /// The record that carries the envelope.
    public var record: CloudRecord {
        CloudRecord(
            recordName: recordName, recordType: Self.recordType,
            fields: [
                "scopeRoot": .string(scope.rootKey),
                "epoch": .int64(Int64(epoch)),
                "recipient": .string(recipientRecordName),
                "recipientFingerprint": .string(recipientFingerprint),
                "ownerAgreementKey": .bytes(owner.agreementKey),
                "ownerSigningKey": .bytes(owner.signingKey),
                "encapsulatedKey": .bytes(encapsulatedKey),
                "wrappedKey": .bytes(wrappedKey),
                "signature": .bytes(signature),
            ],
            parent: scope.rootRecordName.map { CloudReference(recordName: $0) }
        )
    }

    /// Reads an envelope record of the zone `zoneName` owned by `ownerRecordName`, which the server must report
    /// the zone's owner wrote last: an envelope from anyone else is refused before its signature is looked at,
    /// so a participant cannot hand a newcomer a key (and an owner key to trust on first use) of their own.
    public init(record: CloudRecord, ownerRecordName: String, zoneName: String) throws {
        try RecordAuthor.require(
            record, wroteBy: ownerRecordName, "Key envelope \(record.recordName)",
            expected: "the zone's owner \(ownerRecordName)")
        let fields = RecordFields(record: record)
        let root = try fields.string("scopeRoot")
        self.scope = KeyScope(
            ownerRecordName: ownerRecordName, zoneName: zoneName, rootRecordName: root.isEmpty ? nil : root)
        self.epoch = Int(try fields.int("epoch"))
        self.recipientRecordName = try fields.string("recipient")
        self.recipientFingerprint = try fields.string("recipientFingerprint")
        self.owner = HealthPublicIdentity(
            agreementKey: try fields.bytes("ownerAgreementKey"), signingKey: try fields.bytes("ownerSigningKey"))
        self.encapsulatedKey = try fields.bytes("encapsulatedKey")
        self.wrappedKey = try fields.bytes("wrappedKey")
        self.signature = try fields.bytes("signature")
    }

    init(
        scope: KeyScope, epoch: Int, recipientRecordName: String, recipientFingerprint: String,
        owner: HealthPublicIdentity, encapsulatedKey: Data, wrappedKey: Data, signature: Data
    ) {
        self.scope = scope
        self.epoch = epoch
        self.recipientRecordName = recipientRecordName
        self.recipientFingerprint = recipientFingerprint
        self.owner = owner
        self.encapsulatedKey = encapsulatedKey
        self.wrappedKey = wrappedKey
        self.signature = signature
    }
}

/// Who the server says wrote a key record last.
enum RecordAuthor {
    /// Throws `untrusted` unless the server reports that `user` wrote `record` last (its `modified` stamp, or
    /// its `created` one when it was never changed): what it holds is then what `user` put there.
    static func require(_ record: CloudRecord, wroteBy user: String, _ what: String, expected: String) throws {
        guard let writer = record.modified?.userRecordName ?? record.created?.userRecordName else {
            throw HealthVaultError.untrusted("\(what) came without the server's word on who wrote it; it is ignored.")
        }
        guard writer == user else {
            throw HealthVaultError.untrusted(
                "\(what) was written by \(writer), not by \(expected); it is ignored. Someone in the share may be trying to slip in keys of their own."
            )
        }
    }
}

/// Typed reads of a key record's fields, with a message naming the record and field when one is missing.
struct RecordFields {
    let record: CloudRecord

    private func missing(_ name: String, _ type: String) -> any Error {
        HealthVaultError.tampered(
            "Record \(record.recordName) (\(record.recordType)) has no \(type) field \"\(name)\".")
    }

    func string(_ name: String) throws -> String {
        guard case .string(let value) = record.fields[name] else { throw missing(name, "text") }
        return value
    }

    func int(_ name: String) throws -> Int64 {
        guard case .int64(let value) = record.fields[name] else { throw missing(name, "integer") }
        return value
    }

    func bytes(_ name: String) throws -> Data {
        guard case .bytes(let value) = record.fields[name] else { throw missing(name, "bytes") }
        return value
    }
}
