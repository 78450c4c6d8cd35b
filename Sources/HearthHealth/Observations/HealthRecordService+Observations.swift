public import Foundation
import GRDB
import HearthCore
import HearthStore

extension HealthRecordService {
    /// A record's lab results or vital signs (both when `category` is nil), oldest first.
    public func observations(of uuid: String, category: ObservationCategory? = nil) async throws
        -> [HealthObservation]
    {
        let all = try await entries(of: uuid).observations.filter { category == nil || $0.category == category }
        return all.sorted { ($0.effectiveDate ?? .distantPast) < ($1.effectiveDate ?? .distantPast) }
    }

    /// The observation whose id is `id` or starts with `prefix` (at least 4 characters), with its record's id.
    /// - Throws: ``ServiceError`` not found, or when the prefix names several.
    public func observation(matching prefix: String) async throws -> (recordID: String, observation: HealthObservation)
    {
        let key = prefix.lowercased()
        guard key.count >= 4 else {
            throw ServiceError.validationFailed(
                "\"\(prefix)\" is too short to name an observation; give at least 4 characters of its id")
        }
        let rows = try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT recordID, payload FROM healthEntry WHERE kind = ?",
                arguments: [
                    HealthEntryKind.observation.rawValue
                ]
            )
            .map { row -> (String, HealthObservation) in
                let recordID: String = row["recordID"]
                return (
                    recordID,
                    try Self.decode(HealthObservation.self, row["payload"], what: "observation of record \(recordID)")
                )
            }
        }
        let found = rows.filter { $0.1.id.uuidString.lowercased().hasPrefix(key) }
        guard found.count == 1 else {
            if found.isEmpty { throw ServiceError.notFound("An observation with id \(prefix)") }
            throw ServiceError.validationFailed(
                "\"\(prefix)\" matches \(found.count) observations; give more of the id")
        }
        return (found[0].0, found[0].1)
    }

    /// `entries` with a new id for every observation whose id another entry already holds (an imported file
    /// keeps observation ids, so a copy of a record must not collide with the original).
    static func withFreeIDs(_ db: Database, _ entries: RecordEntries) throws -> RecordEntries {
        var result = entries
        for index in result.observations.indices {
            let taken =
                try Bool.fetchOne(
                    db, sql: "SELECT 1 FROM healthEntry WHERE id = ?", arguments: [result.observations[index].id])
                ?? false
            if taken { result.observations[index].id = UUID() }
        }
        return result
    }
}
