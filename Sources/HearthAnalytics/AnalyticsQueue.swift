import Foundation
public import GRDB
public import HearthStore

/// The analytics tables in an app database: the queue of events waiting to be uploaded and the client's
/// settings (install id, opt-out, dropped-event count). Register it with ``AppDatabase`` next to the app's
/// own schema.
public enum AnalyticsSchema: DatabaseSchema {
    public static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("analytics.v1") { db in
            try db.create(table: "analytics_queue") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("uuid", .text).notNull()
                table.column("event", .text).notNull()
                table.column("properties", .text).notNull()
                table.column("timestamp", .text).notNull()
            }
            try db.create(table: "analytics_settings") { table in
                table.primaryKey("key", .text)
                table.column("value", .text).notNull()
            }
        }
    }
}

/// An event waiting in the queue, already encoded.
struct QueuedEvent: Sendable, Equatable {
    var id: Int64
    var uuid: String
    var event: String
    /// The properties as a JSON object.
    var properties: String
    /// ISO 8601 with milliseconds, UTC.
    var timestamp: String
}

/// The durable, bounded event queue and the client's settings, in the app database.
struct AnalyticsQueue: Sendable {
    let database: AppDatabase

    /// Appends `event`, then drops the oldest past `maximum`; returns how many were dropped.
    func enqueue(_ event: QueuedEvent, maximum: Int) async throws -> Int {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO analytics_queue (uuid, event, properties, timestamp) VALUES (?, ?, ?, ?)",
                arguments: [event.uuid, event.event, event.properties, event.timestamp])
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM analytics_queue") ?? 0
            guard count > maximum else { return 0 }
            let excess = count - maximum
            try db.execute(
                sql: "DELETE FROM analytics_queue WHERE id IN (SELECT id FROM analytics_queue ORDER BY id LIMIT ?)",
                arguments: [excess])
            let dropped =
                (try Int.fetchOne(
                    db, sql: "SELECT CAST(value AS INTEGER) FROM analytics_settings WHERE key = 'dropped'") ?? 0)
                + excess
            try Self.set(db, "dropped", String(dropped))
            return excess
        }
    }

    /// The oldest `limit` events.
    func oldest(_ limit: Int) async throws -> [QueuedEvent] {
        try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT id, uuid, event, properties, timestamp FROM analytics_queue ORDER BY id LIMIT ?",
                arguments: [limit]
            ).map { row in
                QueuedEvent(
                    id: row["id"], uuid: row["uuid"], event: row["event"], properties: row["properties"],
                    timestamp: row["timestamp"])
            }
        }
    }

    func remove(_ ids: [Int64]) async throws {
        guard !ids.isEmpty else { return }
        try await database.write { db in
            try db.execute(
                sql:
                    "DELETE FROM analytics_queue WHERE id IN (\(Array(repeating: "?", count: ids.count).joined(separator: ", ")))",
                arguments: StatementArguments(ids))
        }
    }

    func removeAll() async throws {
        try await database.write { db in try db.execute(sql: "DELETE FROM analytics_queue") }
    }

    func count() async throws -> Int {
        try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM analytics_queue") ?? 0 }
    }

    func setting(_ key: String) async throws -> String? {
        try await database.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM analytics_settings WHERE key = ?", arguments: [key])
        }
    }

    func setSetting(_ key: String, _ value: String) async throws {
        try await database.write { db in try Self.set(db, key, value) }
    }

    /// The install id, made (random, never derived from the person or device) and stored on first use.
    func installID() async throws -> String {
        try await database.write { db in
            if let id = try String.fetchOne(db, sql: "SELECT value FROM analytics_settings WHERE key = 'install_id'") {
                return id
            }
            let id = UUID().uuidString.lowercased()
            try Self.set(db, "install_id", id)
            return id
        }
    }

    private static func set(_ db: Database, _ key: String, _ value: String) throws {
        try db.execute(
            sql:
                "INSERT INTO analytics_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            arguments: [key, value])
    }
}
