public import HearthCloudModel

/// Seals and opens whole records: every field except the ones that must stay readable for the server to do
/// its job (ids, type, timestamps, change tags, references and the schema version).
///
/// Fields are sealed by default: a field added to the record later is encrypted without anyone having to
/// remember it. Change tags, timestamps, references (parent, share) and the record's name and type are not
/// fields and stay as they are.
public enum RecordSealing {
    /// The fields the server may read (`attachmentAssets` names the assets of the attachment files, which are
    /// sealed on the device before they are uploaded).
    public static let clearFields: Set<String> = [
        "uuid", "createdAt", "updatedAt", "schemaVersion", "keyEpoch", "attachmentAssets",
    ]

    /// `record` with every field not in ``clearFields`` sealed under `key`; `keyEpoch` names the epoch.
    public static func seal(_ record: CloudRecord, with key: ContentKey) throws -> CloudRecord {
        var sealed = record
        let binding = FieldSealer.RecordBinding(recordName: record.recordName, recordType: record.recordType, key: key)
        for (name, value) in record.fields where !clearFields.contains(name) {
            sealed.fields[name] = .bytes(try FieldSealer.seal(value, field: name, binding: binding))
        }
        sealed.fields["keyEpoch"] = .int64(Int64(key.epoch))
        return sealed
    }

    /// What key a sealed record needs: whether it is a shared record's key, and the epoch. Nil when the
    /// record carries no sealed field at all.
    public static func header(of record: CloudRecord) -> FieldSealer.Header? {
        for (name, value) in record.fields where !clearFields.contains(name) {
            if case .bytes(let data) = value, let header = FieldSealer.header(of: data) { return header }
        }
        return nil
    }

    /// `record` opened with `key`; fails when any field (other than ``clearFields``) is not sealed with it,
    /// so a value the server slipped in as plaintext is refused.
    public static func open(_ record: CloudRecord, with key: ContentKey) throws -> CloudRecord {
        var opened = record
        opened.fields["keyEpoch"] = nil
        let binding = FieldSealer.RecordBinding(recordName: record.recordName, recordType: record.recordType, key: key)
        for (name, value) in record.fields where !clearFields.contains(name) {
            guard case .bytes(let data) = value else {
                throw HealthVaultError.tampered(
                    "Field \(name) of record \(record.recordName) arrived unencrypted; health fields are always sealed on the device, so the record is refused."
                )
            }
            opened.fields[name] = try FieldSealer.open(data, field: name, binding: binding)
        }
        return opened
    }
}
