public import Foundation
import GRDB
public import HearthCore
public import HearthStore

/// Medical records and their entries.
public protocol HealthRecordServicing: Sendable {
    func records() async throws -> [MedicalRecord]
    func record(_ uuid: String) async throws -> MedicalRecord
    func search(_ text: String) async throws -> [MedicalRecord]
    @discardableResult func createRecord(_ record: MedicalRecord) async throws -> MedicalRecord
    @discardableResult func updateRecord(_ uuid: String, _ change: @escaping @Sendable (inout MedicalRecord) -> Void)
        async throws -> MedicalRecord
    func deleteRecord(_ uuid: String) async throws
    func entries(of uuid: String) async throws -> RecordEntries
    @discardableResult func addEntry<E: HealthEntry>(_ entry: E, to uuid: String) async throws -> E
    @discardableResult func updateEntry<E: HealthEntry>(_ entry: E, in uuid: String) async throws -> E
    func removeEntry<E: HealthEntry>(_ type: E.Type, id: UUID) async throws
    func watchRecords() -> Watched<[MedicalRecord]>
}

/// Keeps medical records and their entries in the app's SQLite database.
///
/// Every write is one transaction that checks what it stores (a clear ``ServiceError`` naming the field
/// otherwise, and nothing written); deleting a record deletes its entries.
///
/// ```swift
/// let health = try HealthRecordService.open(at: url)
/// var rex = MedicalRecord(isPet: true)
/// rex.personalName = "Rex"
/// try await health.createRecord(rex)
/// try await health.addEntry(WeightEntry(date: CalendarDay(iso: "2024-05-01"), weightKg: 12.4), to: rex.uuid)
/// ```
public actor HealthRecordService: HealthRecordServicing {
    public let database: AppDatabase
    let now: @Sendable () -> Date
    let timeZone: TimeZone
    /// Hears about every change in its transaction (a sync outbox), when there is one.
    let recorder: (any HealthChangeRecorder)?

    /// A service on `database` (migrated with ``HealthSchema``).
    /// - Parameters:
    ///   - recorder: hears about every record change inside its transaction (``HealthSync/open(at:protection:timeZone:now:)``
    ///     passes the sync outbox's); nil records nothing.
    public init(
        database: AppDatabase, recorder: (any HealthChangeRecorder)? = nil, timeZone: TimeZone = .current,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.database = database
        self.recorder = recorder
        self.timeZone = timeZone
        self.now = now
    }

    /// Opens (creating when needed) the health database at `url`.
    public static func open(
        at url: URL, timeZone: TimeZone = .current, now: @escaping @Sendable () -> Date = { Date() }
    ) throws -> HealthRecordService {
        HealthRecordService(
            database: try AppDatabase.open(at: url, schemas: [HealthSchema.self], ownerOnly: true), timeZone: timeZone,
            now: now)
    }

    /// A service on a database in memory, for tests and previews.
    public static func inMemory(timeZone: TimeZone = .current, now: @escaping @Sendable () -> Date = { Date() }) throws
        -> HealthRecordService
    {
        HealthRecordService(
            database: try AppDatabase.inMemory(schemas: [HealthSchema.self]), timeZone: timeZone, now: now)
    }

    var today: CalendarDay { CalendarDay(now(), in: timeZone) }

    // MARK: Records

    public func records() async throws -> [MedicalRecord] {
        try await database.read { db in
            try Self.decodeRecords(db, sql: "SELECT payload FROM healthRecord ORDER BY sortKey, uuid")
        }
    }

    public func record(_ uuid: String) async throws -> MedicalRecord {
        try await database.read { db in try Self.fetchRecord(db, uuid) }
    }

    /// Records whose names contain `text`, ignoring case and accents ("jose" finds "José").
    public func search(_ text: String) async throws -> [MedicalRecord] {
        let key = HealthValidation.searchKey(text.trimmingCharacters(in: .whitespaces))
        guard !key.isEmpty else { return try await records() }
        return try await database.read { db in
            try Self.decodeRecords(
                db, sql: "SELECT payload FROM healthRecord WHERE instr(searchKey, ?) > 0 ORDER BY sortKey, uuid",
                arguments: [key])
        }
    }

    @discardableResult
    public func createRecord(_ record: MedicalRecord) async throws -> MedicalRecord {
        var stamped = record
        stamped.createdAt = now()
        stamped.updatedAt = stamped.createdAt
        try validate(stamped)
        guard stamped.cloudZoneOwner == nil else {
            throw ServiceError.validationFailed(
                "A new record cannot be placed in another user's zone (cloudZoneOwner); records shared with you arrive by sync"
            )
        }
        let saved = stamped
        try await database.write { db in
            guard try !Self.exists(db, saved.uuid) else {
                throw ServiceError(
                    .conflict, "A record with id \(saved.uuid) already exists; leave the id out to have a new one made."
                )
            }
            try self.save(db, saved, previous: nil)
        }
        return saved
    }

    @discardableResult
    public func updateRecord(_ uuid: String, _ change: @escaping @Sendable (inout MedicalRecord) -> Void) async throws
        -> MedicalRecord
    {
        let today = self.today
        let time = now()
        return try await database.write { db in
            let previous = try Self.fetchRecord(db, uuid)
            var record = previous
            change(&record)
            guard record.uuid == uuid else {
                throw ServiceError.validationFailed("A record's id cannot change (it was \(uuid))")
            }
            guard record.cloudZoneOwner == previous.cloudZoneOwner, record.cloudRecordName == previous.cloudRecordName
            else {
                throw ServiceError.validationFailed(
                    "Record \(previous.displayName) (\(uuid)): cloudZoneOwner and cloudRecordName are kept by sync and cannot be changed"
                )
            }
            if let owner = previous.cloudZoneOwner, !record.isCloudEnabled {
                throw ServiceError.validationFailed(
                    Self.sharedWithYou(previous, owner: owner, action: "turn the cloud off for it"))
            }
            if previous.isCloudEnabled && !record.isCloudEnabled {
                // The record leaves the cloud, and its share goes with it.
                record.isSharingEnabled = false
                record.cloudShareRecordName = nil
                record.shareParticipantsSummary = ""
            }
            record.updatedAt = time
            let problems = HealthValidation.problems(record, today: today)
            guard problems.isEmpty else { throw ServiceError.validationFailed(problems) }
            try self.save(db, record, previous: previous)
            return record
        }
    }

    /// Deletes the record and its entries; a cloud-enabled record is deleted from the cloud too. A record
    /// another user shared with this one is refused: leave the share instead.
    public func deleteRecord(_ uuid: String) async throws {
        try await database.write { db in
            let record = try Self.fetchRecord(db, uuid)
            if let owner = record.cloudZoneOwner {
                throw ServiceError.validationFailed(Self.sharedWithYou(record, owner: owner, action: "delete it"))
            }
            try db.execute(sql: "DELETE FROM healthRecord WHERE uuid = ?", arguments: [uuid])
            try self.recorder?.recordDeleted(record, in: db)
        }
    }

    /// Why a record shared by another user cannot be changed that way, and what to do instead.
    static func sharedWithYou(_ record: MedicalRecord, owner: String, action: String) -> String {
        "Record \(record.displayName) (\(record.uuid)) was shared with you by user \(owner); you cannot \(action). Leave the share instead (hearth health share leave)"
    }

    public nonisolated func watchRecords() -> Watched<[MedicalRecord]> {
        database.watch { db in
            try Self.decodeRecords(db, sql: "SELECT payload FROM healthRecord ORDER BY sortKey, uuid")
        }
    }

    // MARK: Entries

    public func entries(of uuid: String) async throws -> RecordEntries {
        try await database.read { db in
            guard try Self.exists(db, uuid) else { throw ServiceError.notFound("Medical record \(uuid)") }
            return try Self.fetchEntries(db, uuid)
        }
    }

    @discardableResult
    public func addEntry<E: HealthEntry>(_ entry: E, to uuid: String) async throws -> E {
        try Self.check(entry)
        let time = now()
        try await database.write { db in
            guard try Self.exists(db, uuid) else { throw ServiceError.notFound("Medical record \(uuid)") }
            try Self.insertEntry(db, entry, recordID: uuid)
            try self.touch(db, uuid, at: time)
        }
        return entry
    }

    @discardableResult
    public func updateEntry<E: HealthEntry>(_ entry: E, in uuid: String) async throws -> E {
        try Self.check(entry)
        let payload = try Self.encode(entry)
        let time = now()
        try await database.write { db in
            try db.execute(
                sql: "UPDATE healthEntry SET payload = ?, date = ? WHERE id = ? AND recordID = ? AND kind = ?",
                arguments: [payload, entry.date, entry.id, uuid, E.kind.rawValue]
            )
            guard db.changesCount == 1 else {
                throw ServiceError.notFound("\(E.kind.rawValue) entry \(entry.id.uuidString) of record \(uuid)")
            }
            try self.touch(db, uuid, at: time)
        }
        return entry
    }

    public func removeEntry<E: HealthEntry>(_ type: E.Type, id: UUID) async throws {
        let time = now()
        try await database.write { db in
            let recordID = try String.fetchOne(
                db, sql: "SELECT recordID FROM healthEntry WHERE id = ? AND kind = ?", arguments: [id, E.kind.rawValue])
            guard let recordID else { throw ServiceError.notFound("\(E.kind.rawValue) entry \(id.uuidString)") }
            try db.execute(sql: "DELETE FROM healthEntry WHERE id = ?", arguments: [id])
            // The files attached to it go with it (their copies on the device are pruned by the attachments).
            try db.execute(
                sql:
                    "DELETE FROM healthEntry WHERE recordID = ? AND kind = ? AND json_extract(payload, '$.entryID') = ?",
                arguments: [recordID, HealthEntryKind.attachment.rawValue, id.uuidString])
            if E.kind == .drug {
                // A medication's recorded doses go with it.
                try db.execute(
                    sql:
                        "DELETE FROM healthEntry WHERE recordID = ? AND kind = ? AND json_extract(payload, '$.medicationID') = ?",
                    arguments: [recordID, HealthEntryKind.dose.rawValue, id.uuidString])
            }
            try self.touch(db, recordID, at: time)
        }
    }

    // MARK: Storage

    func validate(_ record: MedicalRecord) throws {
        let problems = HealthValidation.problems(record, today: today)
        guard problems.isEmpty else { throw ServiceError.validationFailed(problems) }
    }

    static func check(_ entry: some HealthEntry) throws {
        let problems = entry.problems()
        guard problems.isEmpty else { throw ServiceError.validationFailed(problems) }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder.hearth
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    static func encode(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func exists(_ db: Database, _ uuid: String) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT 1 FROM healthRecord WHERE uuid = ?", arguments: [uuid]) ?? false
    }

    static func fetchRecord(_ db: Database, _ uuid: String) throws -> MedicalRecord {
        guard
            let payload = try String.fetchOne(
                db, sql: "SELECT payload FROM healthRecord WHERE uuid = ?", arguments: [uuid])
        else {
            throw ServiceError.notFound("Medical record \(uuid)")
        }
        return try decode(MedicalRecord.self, payload, what: "record \(uuid)")
    }

    static func decodeRecords(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> [MedicalRecord]
    {
        try String.fetchAll(db, sql: sql, arguments: arguments).map {
            try decode(MedicalRecord.self, $0, what: "a medical record")
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, _ payload: String, what: String) throws -> T {
        do {
            return try JSONDecoder.hearth.decode(type, from: Data(payload.utf8))
        } catch {
            throw ServiceError(
                .corrupted, "The stored \(what) cannot be read: \(DecodingErrorSummary.describe(error))",
                underlying: error)
        }
    }

    /// Stores `record` (a new one when `previous` is nil) and tells the recorder, in the caller's transaction.
    nonisolated func save(_ db: Database, _ record: MedicalRecord, previous: MedicalRecord?) throws {
        try Self.writeRow(db, record, insert: previous == nil)
        try recorder?.recordSaved(record, previous: previous, in: db)
    }

    /// Writes the record's row only (sync applies fetched records this way: nothing is recorded).
    static func writeRow(_ db: Database, _ record: MedicalRecord, insert: Bool) throws {
        let names = [
            record.displayName, record.personalFamilyName, record.personalGivenName, record.personalNickName,
            record.personalName, record.ownerName,
        ]
        let arguments: StatementArguments = [
            record.uuid, record.isPet, record.sortKey, HealthValidation.searchKey(names.joined(separator: "\n")),
            record.isCloudEnabled,
            record.updatedAt, try encode(record),
        ]
        if insert {
            try db.execute(
                sql:
                    "INSERT INTO healthRecord (uuid, isPet, sortKey, searchKey, isCloudEnabled, updatedAt, payload) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: arguments)
        } else {
            // An UPDATE, never REPLACE: replacing the row would delete its entries through the foreign key.
            try db.execute(
                sql:
                    "UPDATE healthRecord SET isPet = ?2, sortKey = ?3, searchKey = ?4, isCloudEnabled = ?5, updatedAt = ?6, payload = ?7 WHERE uuid = ?1",
                arguments: arguments)
        }
    }

    static func insertEntry(_ db: Database, _ entry: some HealthEntry, recordID: String) throws {
        let kind = type(of: entry).kind
        if kind == .humanDoctor {
            let count =
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM healthEntry WHERE recordID = ? AND kind = ?",
                    arguments: [recordID, kind.rawValue]) ?? 0
            guard count < HumanDoctor.limit else {
                throw ServiceError.validationFailed(
                    "A record keeps at most \(HumanDoctor.limit) doctors; remove one before adding another")
            }
        }
        let position =
            try Int.fetchOne(
                db, sql: "SELECT IFNULL(MAX(position), -1) + 1 FROM healthEntry WHERE recordID = ?",
                arguments: [recordID]) ?? 0
        try db.execute(
            sql: "INSERT INTO healthEntry (id, recordID, kind, date, position, payload) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [entry.id, recordID, kind.rawValue, entry.date, position, try encode(entry)]
        )
    }

    static func fetchEntries(_ db: Database, _ uuid: String) throws -> RecordEntries {
        var entries = RecordEntries()
        for row in try Row.fetchAll(
            db, sql: "SELECT kind, payload FROM healthEntry WHERE recordID = ? ORDER BY position", arguments: [uuid])
        {
            let kindText: String = row["kind"]
            guard let kind = HealthEntryKind(rawValue: kindText) else {
                throw ServiceError(.corrupted, "Record \(uuid) holds an entry of unknown kind \"\(kindText)\"")
            }
            entries.append(
                try decode(RecordEntries.type(of: kind), row["payload"], what: "\(kindText) entry of record \(uuid)"))
        }
        return entries
    }

    /// Marks the record changed (its entries changed).
    nonisolated func touch(_ db: Database, _ uuid: String, at time: Date) throws {
        var record = try Self.fetchRecord(db, uuid)
        record.updatedAt = time
        try Self.writeRow(db, record, insert: false)
        try recorder?.entriesChanged(of: record, in: db)
    }
}
