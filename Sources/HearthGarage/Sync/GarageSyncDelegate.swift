import Foundation
public import GRDB
public import HearthCloudModel
import HearthCore
public import HearthSync

/// Turns garage rows into records and back, for every kind in ``GarageSync/kinds`` alike: each stored column
/// is a field of the same name (see ``GarageRecordShape`` for the types), read from the table's schema, so a
/// column added by a later migration syncs without code here.
///
/// A fetched record is checked field by field, decoded by its model (a record the model cannot read is
/// refused with a message naming the problem, and the engine keeps it aside), and written with one upsert
/// that keeps its modification time. The engine runs these methods with the outbox turned off, so nothing
/// written here is sent back.
public struct GarageSyncDelegate: SyncDelegate {
    private let shapes = GarageShapeCache()

    public init() {}

    public func record(for id: SyncRecordID, in db: Database) throws -> CloudRecord? {
        guard let kind = GarageSync.kind(ofRecordType: id.recordType), let uuid = UUID(uuidString: id.recordName) else {
            return nil
        }
        let shape = try shapes.shape(of: kind, in: db)
        guard let row = try Row.fetchOne(db.cachedStatement(sql: shape.selectSQL), arguments: [uuid]) else {
            return nil
        }
        // A vehicle's records name it as their parent, so a share of the vehicle covers them.
        let vehicle = kind.belongsToVehicle ? (row["vehicleID"] as UUID?) : nil
        return CloudRecord(
            recordName: id.recordName, recordType: id.recordType, fields: shape.fields(of: row),
            parent: vehicle.map { CloudReference(recordName: $0.uuidString.lowercased()) })
    }

    public func saveFetchedRecord(_ record: CloudRecord, in db: Database) throws {
        guard let kind = GarageSync.kind(ofRecordType: record.recordType) else {
            throw ServiceError.validationFailed(
                "Record \(record.recordName) has type \(record.recordType), which the garage does not know; update Hearth on this device to sync it."
            )
        }
        guard let uuid = UUID(uuidString: record.recordName) else {
            throw ServiceError.validationFailed(
                "Record \(record.recordName) (\(record.recordType)) is not named by a UUID, as every garage record is.")
        }
        let shape = try shapes.shape(of: kind, in: db)
        let values = try shape.values(of: record, id: uuid, in: db)
        do {
            try kind.check(shape.row(values))
        } catch {
            throw ServiceError.validationFailed(
                "Record \(record.recordName) (\(record.recordType)) cannot be read as a garage \(kind.entity): \(DecodingErrorSummary.describe(error))"
            )
        }
        do {
            try db.cachedStatement(sql: shape.upsertSQL).execute(arguments: StatementArguments(values))
        } catch let error as DatabaseError {
            let reason =
                switch error.extendedResultCode {
                case .SQLITE_CONSTRAINT_UNIQUE: "another \(kind.entity) here already has the same name"
                case .SQLITE_CONSTRAINT_FOREIGNKEY: "a record it refers to is missing here"
                default: error.message ?? "\(error)"
                }
            throw ServiceError(
                .validationFailed, "Record \(record.recordName) (\(record.recordType)) cannot be stored: \(reason).",
                underlying: error)
        }
    }

    public func deleteFetchedRecord(_ id: SyncRecordID, in db: Database) throws {
        guard let kind = GarageSync.kind(ofRecordType: id.recordType), let uuid = UUID(uuidString: id.recordName) else {
            return
        }
        // The table's foreign keys delete (or unlink) what belongs to the row, as the server's DELETE_SELF
        // references do there.
        try db.execute(sql: "DELETE FROM \(kind.table.quotedDatabaseIdentifier) WHERE id = ?", arguments: [uuid])
    }

    public func allRecordIDs(in db: Database) throws -> [SyncRecordID] {
        var ids: [SyncRecordID] = []
        // Parents first (the order of ``GarageSync/kinds``), so a first upload never names a record the server
        // has not seen.
        for kind in GarageSync.kinds {
            for uuid in try UUID.fetchAll(
                db, sql: "SELECT id FROM \(kind.table.quotedDatabaseIdentifier) ORDER BY rowid")
            {
                ids.append(SyncRecordID(recordType: kind.recordType, recordName: uuid.uuidString.lowercased()))
            }
        }
        return ids
    }
}
