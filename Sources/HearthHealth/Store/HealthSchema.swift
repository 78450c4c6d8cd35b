public import GRDB
public import HearthStore

/// The health tables: records, and every record's entries (one table, a row per entry with its kind), which
/// go when their record goes.
public enum HealthSchema: DatabaseSchema {
    public static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("health.v1") { db in
            try db.create(table: "healthRecord") { t in
                t.primaryKey("uuid", .text)
                t.column("isPet", .boolean).notNull()
                t.column("sortKey", .text).notNull()
                // Names folded for search that ignores case and accents.
                t.column("searchKey", .text).notNull()
                t.column("isCloudEnabled", .boolean).notNull().defaults(to: false)
                t.column("updatedAt", .datetime).notNull()
                t.column("payload", .text).notNull()
            }
            try db.create(index: "healthRecord_sortKey", on: "healthRecord", columns: ["sortKey"])
            try db.create(table: "healthEntry") { t in
                t.primaryKey("id", .blob)
                t.column("recordID", .text).notNull().references("healthRecord", onDelete: .cascade)
                t.column("kind", .text).notNull()
                t.column("date", .text)
                t.column("position", .integer).notNull()
                t.column("payload", .text).notNull()
            }
            try db.create(
                index: "healthEntry_record_kind", on: "healthEntry", columns: ["recordID", "kind", "position"])
        }
    }
}
