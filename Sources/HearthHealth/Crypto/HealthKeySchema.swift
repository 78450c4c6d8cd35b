public import GRDB
public import HearthStore

/// The device's end-to-end keys: its identity seed, every content key it holds (its own zones' and those
/// handed to it), the owner keys it trusts, the members' public keys it has seen, and the key records it has
/// made for the server (envelopes and its own member keys), with whether they were sent, and the key records
/// fetched that it could not read yet.
public enum HealthKeySchema: DatabaseSchema {
    public static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("health.keys.v1") { db in
            try db.create(table: "healthVaultIdentity") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("seed", .blob).notNull()
                t.column("userRecordName", .text)
            }
            try db.create(table: "healthContentKey") { t in
                t.column("ownerRecordName", .text).notNull()
                t.column("zoneName", .text).notNull()
                t.column("rootRecordName", .text).notNull()
                t.column("epoch", .integer).notNull()
                t.column("keyData", .blob).notNull()
                t.primaryKey(["ownerRecordName", "zoneName", "rootRecordName", "epoch"])
            }
            try db.create(table: "healthTrustedOwner") { t in
                t.primaryKey("ownerRecordName", .text)
                t.column("agreementKey", .blob).notNull()
                t.column("signingKey", .blob).notNull()
            }
            try db.create(table: "healthMemberKey") { t in
                t.column("ownerRecordName", .text).notNull()
                t.column("zoneName", .text).notNull()
                t.column("rootRecordName", .text).notNull()
                t.column("userRecordName", .text).notNull()
                t.column("agreementKey", .blob).notNull()
                t.column("signingKey", .blob).notNull()
                t.primaryKey(["ownerRecordName", "zoneName", "rootRecordName", "userRecordName"])
            }
            // Fetched key records this device could not read yet (made for another identity of the user, before
            // the recovery code was entered), read again after every round.
            try db.create(table: "healthPendingKeyRecord") { t in
                t.primaryKey("recordName", .text)
                t.column("payload", .blob).notNull()
                t.column("reason", .text).notNull()
            }
            try db.create(table: "healthKeyRecord") { t in
                t.primaryKey("recordName", .text)
                t.column("ownerRecordName", .text).notNull()
                t.column("zoneName", .text).notNull()
                t.column("rootRecordName", .text).notNull()
                t.column("epoch", .integer).notNull()
                t.column("recipient", .text).notNull()
                t.column("payload", .blob).notNull()
                t.column("isSent", .boolean).notNull().defaults(to: false)
            }
        }
    }
}
