public import GRDB
import HearthCore

/// Save, fetch and delete for one GRDB record type, with errors that say which record failed.
///
/// ```swift
/// let people = DatabaseService<PersonRecord>(database: database)
/// try await people.save(person)
/// let everyone = try await people.fetchAll(orderedBy: Column("name"))
/// ```
public struct DatabaseService<Record>: Sendable
where
    Record: FetchableRecord & PersistableRecord & Identifiable & Sendable,
    Record.ID: DatabaseValueConvertible & Sendable
{
    /// The database the records live in.
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// Inserts `record`, or replaces the stored one with the same id.
    public func save(_ record: Record) async throws {
        try await run("save") { db in try record.upsert(db) }
    }

    /// Saves every record in one transaction: all are stored, or none.
    public func save(_ records: [Record]) async throws {
        try await run("save") { db in
            for record in records { try record.upsert(db) }
        }
    }

    /// The record with `id`, or nil.
    public func fetch(id: Record.ID) async throws -> Record? {
        try await database.read { db in try Record.fetchOne(db, key: id) }
    }

    /// Every record, in `ordering` when given.
    public func fetchAll(orderedBy ordering: [any SQLOrderingTerm] = []) async throws -> [Record] {
        let terms = ordering.map(\.sqlOrdering)
        return try await database.read { db in try Record.all().order(terms).fetchAll(db) }
    }

    /// How many records are stored.
    public func count() async throws -> Int {
        try await database.read { db in try Record.fetchCount(db) }
    }

    /// Deletes the record with `id`.
    /// - Throws: ``ServiceError`` (not found) when there is none.
    public func delete(id: Record.ID) async throws {
        let deleted = try await run("delete") { db in try Record.deleteOne(db, key: id) }
        guard deleted else { throw ServiceError.notFound("\(Record.databaseTableName) \(id)") }
    }

    /// Deletes every record.
    @discardableResult
    public func deleteAll() async throws -> Int {
        try await run("delete") { db in try Record.deleteAll(db) }
    }

    private func run<T: Sendable>(_ verb: String, _ work: @escaping @Sendable (Database) throws -> T) async throws -> T
    {
        do {
            return try await database.write(work)
        } catch let error as ServiceError {
            throw error
        } catch {
            throw ServiceError(
                .operationFailed, "Could not \(verb) \(Record.databaseTableName): \(error)", underlying: error)
        }
    }
}
