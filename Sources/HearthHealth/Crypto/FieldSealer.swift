import Crypto
public import Foundation
public import HearthCloudModel

/// Seals record fields one by one with ChaCha20-Poly1305 under a scope's ``ContentKey``.
///
/// A sealed field is a `BYTES` value:
///
/// | bytes | content |
/// |---|---|
/// | 1 | format, 1 |
/// | 1 | scope: 0 the zone key, 1 the shared record's key |
/// | 4 | key epoch, big-endian |
/// | 12 + n + 16 | nonce, ciphertext of the typed value, tag |
///
/// The authenticated data binds the zone (owner and name), the scope, the record name and type, the field
/// name and the epoch, so a sealed value copied to another record, field, zone or epoch fails to open.
public enum FieldSealer {
    static let format: UInt8 = 1

    /// What the sealed bytes of a field say about the key they need.
    public struct Header: Sendable, Hashable {
        public var isRecordScope: Bool
        public var epoch: Int
    }

    /// The header of a sealed value, or nil when `data` is not one.
    public static func header(of data: Data) -> Header? {
        guard data.count >= 6 + 12 + 16, data[data.startIndex] == format else { return nil }
        let scopeByte = data[data.startIndex + 1]
        guard scopeByte <= 1 else { return nil }
        let epoch = data[(data.startIndex + 2)..<(data.startIndex + 6)].reduce(0) { $0 << 8 | Int($1) }
        return Header(isRecordScope: scopeByte == 1, epoch: epoch)
    }

    /// Seals `value`, the field `field` of record `recordName` of type `recordType`.
    public static func seal(
        _ value: CloudFieldValue, field: String, recordName: String, recordType: String, key: ContentKey
    ) throws -> Data {
        try seal(value, field: field, binding: RecordBinding(recordName: recordName, recordType: recordType, key: key))
    }

    /// Opens a value sealed by ``seal(_:field:recordName:recordType:key:)`` with the same names and key.
    public static func open(_ sealed: Data, field: String, recordName: String, recordType: String, key: ContentKey)
        throws -> CloudFieldValue
    {
        try open(sealed, field: field, binding: RecordBinding(recordName: recordName, recordType: recordType, key: key))
    }

    static func seal(_ value: CloudFieldValue, field: String, binding: RecordBinding) throws -> Data {
        let key = binding.key
        let plaintext = try SealedValueCoding.encode(value)
        let box = try ChaChaPoly.seal(plaintext, using: key.symmetricKey, authenticating: binding.data(for: field))
        var sealed = Data(capacity: 6 + 12 + plaintext.count + 16)
        sealed.append(format)
        sealed.append(key.scope.rootRecordName == nil ? 0 : 1)
        var epoch = UInt32(key.epoch).bigEndian
        withUnsafeBytes(of: &epoch) { sealed.append(contentsOf: $0) }
        sealed.append(contentsOf: box.nonce)
        sealed.append(box.ciphertext)
        sealed.append(box.tag)
        return sealed
    }

    static func open(_ sealed: Data, field: String, binding: RecordBinding) throws -> CloudFieldValue {
        let key = binding.key
        let recordName = binding.recordName
        guard let header = header(of: sealed), header.epoch == key.epoch,
            header.isRecordScope == (key.scope.rootRecordName != nil)
        else {
            throw HealthVaultError.tampered(
                "Field \(field) of record \(recordName) is not sealed with key epoch \(key.epoch) of \(key.scope).")
        }
        let plaintext: Data
        do {
            let box = try ChaChaPoly.SealedBox(combined: sealed.dropFirst(6))
            plaintext = try ChaChaPoly.open(box, using: key.symmetricKey, authenticating: binding.data(for: field))
        } catch {
            throw HealthVaultError.tampered(
                "Field \(field) of record \(recordName) failed its integrity check: it was altered, or copied from another record, field or zone."
            )
        }
        return try SealedValueCoding.decode(plaintext, field: field, recordName: recordName)
    }

    /// The authenticated data of one record's fields: everything but the field's name, built once per record.
    struct RecordBinding {
        let recordName: String
        let key: ContentKey
        private let prefix: KeyContext

        init(recordName: String, recordType: String, key: ContentKey) {
            self.recordName = recordName
            self.key = key
            var context = KeyContext("hearth.health.field.v1")
            context.append(key.scope.ownerRecordName)
            context.append(key.scope.zoneName)
            context.append(key.scope.rootKey)
            context.append(key.epoch)
            context.append(recordType)
            context.append(recordName)
            self.prefix = context
        }

        func data(for field: String) -> Data {
            var context = prefix
            context.append(field)
            return context.bytes
        }
    }
}
