public import Foundation
public import HearthCloudModel

/// A participant's public keys, published as a `HealthMemberKey` record under the shared record when they
/// accept a share, so the owner's device can wrap the record's key for them. Self-signed, and accepted by the
/// owner only when the server says the participant wrote it themselves.
public struct MemberKey: Sendable, Hashable {
    public static let recordType = "HealthMemberKey"

    public var scope: KeyScope
    public var userRecordName: String
    public var identity: HealthPublicIdentity
    public var signature: Data

    /// The keys of `identity`, for the share rooted at `scope`, signed by it.
    public static func make(scope: KeyScope, userRecordName: String, identity: HealthIdentity) throws -> MemberKey {
        var key = MemberKey(
            scope: scope, userRecordName: userRecordName, identity: identity.publicIdentity, signature: Data())
        key.signature = try identity.sign(key.signedBytes)
        return key
    }

    init(scope: KeyScope, userRecordName: String, identity: HealthPublicIdentity, signature: Data) {
        self.scope = scope
        self.userRecordName = userRecordName
        self.identity = identity
        self.signature = signature
    }

    private var signedBytes: Data {
        var context = KeyContext("hearth.health.memberkey.v1")
        context.append(scope.ownerRecordName)
        context.append(scope.zoneName)
        context.append(scope.rootKey)
        context.append(userRecordName)
        context.append(identity.agreementKey)
        context.append(identity.signingKey)
        return context.bytes
    }

    public var recordName: String { "memberkey.\(scope.rootKey).\(userRecordName)" }

    public var record: CloudRecord {
        CloudRecord(
            recordName: recordName, recordType: Self.recordType,
            fields: [
                "user": .string(userRecordName),
                "agreementKey": .bytes(identity.agreementKey),
                "signingKey": .bytes(identity.signingKey),
                "signature": .bytes(signature),
            ],
            parent: scope.rootRecordName.map { CloudReference(recordName: $0) }
        )
    }

    /// Reads and checks a member key record fetched from the zone `zoneName` of `ownerRecordName`: its
    /// signature must hold, it must sit under a shared record, and the server must say the member it names
    /// wrote it last (so nobody publishes or replaces a key in another's name).
    public init(record: CloudRecord, ownerRecordName: String, zoneName: String) throws {
        let fields = RecordFields(record: record)
        guard let root = record.parent?.recordName else {
            throw HealthVaultError.untrusted("Member key \(record.recordName) is not under a shared record.")
        }
        self.scope = KeyScope(ownerRecordName: ownerRecordName, zoneName: zoneName, rootRecordName: root)
        self.userRecordName = try fields.string("user")
        self.identity = HealthPublicIdentity(
            agreementKey: try fields.bytes("agreementKey"), signingKey: try fields.bytes("signingKey"))
        self.signature = try fields.bytes("signature")
        try RecordAuthor.require(
            record, wroteBy: userRecordName, "Member key \(record.recordName) for \(userRecordName)",
            expected: "that member")
        guard identity.isValidSignature(signature, for: signedBytes) else {
            throw HealthVaultError.untrusted(
                "Member key \(record.recordName) does not carry a valid signature of its own key; it is ignored.")
        }
    }
}
