import Foundation
import GRDB
import HearthCloudModel

/// Which records of a fetched page this device already knows: those it holds a change tag for and those
/// with a pending local change, found with two queries for the whole page. A record it knows neither way
/// (every record of a first sync) is applied without looking either up.
struct KnownRecords {
    private var synced: Set<String>
    private var pending: Set<String>
    /// Records applied earlier in the page, whose state that may have changed.
    private var applied: Set<String> = []

    /// The records among `names` that `zone` knows.
    init(_ names: [String], zone: SyncZone, in db: Database) throws {
        let list = String(decoding: try JSONEncoder().encode(names), as: UTF8.self)
        synced = try Self.present(list, in: "syncRecord", zone: zone, db: db)
        pending = try Self.present(list, in: "syncOutbox", zone: zone, db: db)
    }

    /// Whether the engine may hold a change tag for `name`.
    func mayBeSynced(_ name: String) -> Bool { synced.contains(name) || applied.contains(name) }

    /// Whether `name` may have a pending local change.
    func mayBePending(_ name: String) -> Bool { pending.contains(name) || applied.contains(name) }

    /// Notes that `name` was applied: what is known of it must be read again.
    mutating func didApply(_ name: String) { applied.insert(name) }

    private static func present(_ list: String, in table: String, zone: SyncZone, db: Database) throws -> Set<String> {
        let statement = try db.cachedStatement(
            sql: """
                SELECT recordName FROM \(table)
                WHERE scope = ? AND zoneName = ? AND zoneOwner = ? AND recordName IN (SELECT value FROM json_each(?))
                """)
        return try Set(
            String.fetchAll(statement, arguments: [zone.scope.rawValue, zone.zoneName, zone.ownerKey, list]))
    }
}
