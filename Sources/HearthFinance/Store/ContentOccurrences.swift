import Foundation
import GRDB

/// Counts, per content id, the id-less rows of one import, in a temporary table: the memory of an
/// import stays flat however many such rows a file holds.
final class ContentOccurrences {
    let db: Database
    private var created = false

    init(db: Database) {
        self.db = db
    }

    /// How often `base` was seen before in this import.
    func next(_ base: UUID) throws -> Int {
        if !created {
            try db.execute(
                sql:
                    "CREATE TEMP TABLE IF NOT EXISTS financeImportSeen (base BLOB PRIMARY KEY, count INTEGER NOT NULL) WITHOUT ROWID"
            )
            created = true
        }
        let count =
            try Int.fetchOne(
                db.cachedStatement(
                    sql: """
                        INSERT INTO financeImportSeen (base, count) VALUES (?, 1)
                        ON CONFLICT(base) DO UPDATE SET count = count + 1 RETURNING count
                        """), arguments: [base]) ?? 1
        return count - 1
    }

    /// Drops the table; its rows would roll back with a failed import anyway.
    func drop() throws {
        guard created else { return }
        try db.execute(sql: "DROP TABLE IF EXISTS temp.financeImportSeen")
    }
}
