public import Foundation
import GRDB
import HearthStore

extension FinancePersistenceService {
    /// The setting `key` of this database (the book currency is `currency`), or nil when it was never set.
    nonisolated public func setting(_ key: String) async throws -> String? {
        try await read { db in try Self.setting(key, in: db) }
    }

    /// The setting `key` of the database `db` is open on, or nil when it was never set.
    static func setting(_ key: String, in db: Database) throws -> String? {
        try String.fetchOne(db.cachedStatement(sql: "SELECT value FROM financeSetting WHERE key = ?"), arguments: [key])
    }

    /// Sets the setting `key` of this database to `value`.
    nonisolated public func setSetting(_ key: String, to value: String) async throws {
        do {
            try await database.writer.write { db in
                try db.execute(
                    sql:
                        "INSERT INTO financeSetting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                    arguments: [key, value])
            }
        } catch {
            throw PersistenceError.saveFailed(error)
        }
    }
}
