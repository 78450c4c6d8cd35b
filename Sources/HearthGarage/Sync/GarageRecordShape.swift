import Foundation
import GRDB
import HearthCloudModel
import HearthCore
import Synchronization

/// How the columns of one garage table become record fields and back, read from the table's schema.
///
/// | column | field |
/// |---|---|
/// | `id` | the record name (the lowercase UUID) |
/// | a foreign key (`vehicleID`, `serviceID`) | REFERENCE to that record; DELETE_SELF when the key cascades, so the server deletes what the device deletes |
/// | DATETIME (`createdAt`, `recordedAt`) | TIMESTAMP (milliseconds) |
/// | BOOLEAN | BOOLEAN |
/// | INTEGER (mileage, intervals) | INT64 |
/// | TEXT (names, `yyyy-MM-dd` days, money as exact decimal text such as `"49.99"`) | STRING |
/// | BLOB | BYTES |
/// | a file's asset column (``GarageFileColumns``: the JSON of its checksum and size) | ASSETID |
///
/// A NULL column is left out of the record; a missing field is NULL again (or the column's default).
struct GarageRecordShape: Sendable {
    enum Kind: Sendable, Equatable {
        case reference(table: String, cascades: Bool)
        case datetime, boolean, integer, real, text, blob, asset
    }

    struct Column: Sendable {
        var name: String
        var kind: Kind
        var nullable: Bool
        var defaultSQL: String?
    }

    let kind: GarageSyncKind
    /// Every synced column but `id`, in table order.
    let columns: [Column]
    let selectSQL: String
    let upsertSQL: String

    /// The shape of `kind`'s table as the database defines it now.
    init(_ kind: GarageSyncKind, in db: Database) throws {
        self.kind = kind
        var foreignKeys: [String: (table: String, cascades: Bool)] = [:]
        for row in try Row.fetchAll(db, sql: "PRAGMA foreign_key_list(\(kind.table.quotedDatabaseIdentifier))") {
            let from: String = row["from"]
            let onDelete: String = row["on_delete"]
            let table: String = row["table"]
            foreignKeys[from] = (table, onDelete.uppercased() == "CASCADE")
        }
        let assets = Set(kind.files.map(\.asset))
        var columns: [Column] = []
        for info in try db.columns(in: kind.table) where info.name != "id" && !kind.localColumns.contains(info.name) {
            let kindOfColumn: Kind
            if let key = foreignKeys[info.name] {
                kindOfColumn = .reference(table: key.table, cascades: key.cascades)
            } else if assets.contains(info.name) {
                kindOfColumn = .asset
            } else {
                switch info.type.uppercased() {
                case "DATETIME", "DATE", "TIMESTAMP": kindOfColumn = .datetime
                case "BOOLEAN": kindOfColumn = .boolean
                case "INTEGER", "INT": kindOfColumn = .integer
                case "DOUBLE", "REAL", "FLOAT": kindOfColumn = .real
                case "BLOB": kindOfColumn = .blob
                default: kindOfColumn = .text
                }
            }
            columns.append(
                Column(name: info.name, kind: kindOfColumn, nullable: !info.isNotNull, defaultSQL: info.defaultValueSQL)
            )
        }
        guard !columns.isEmpty else {
            throw ServiceError(
                .operationFailed, "The garage table \(kind.table) has no columns to sync; is the database migrated?")
        }
        self.columns = columns
        let table = kind.table.quotedDatabaseIdentifier
        let names = columns.map(\.name.quotedDatabaseIdentifier)
        selectSQL = "SELECT \(names.joined(separator: ", ")) FROM \(table) WHERE id = ?"
        upsertSQL = """
            INSERT INTO \(table) (id, \(names.joined(separator: ", "))) VALUES (?\(String(repeating: ", ?", count: names.count)))
            ON CONFLICT (id) DO UPDATE SET \(names.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
            """
    }

    // MARK: Row → record

    /// The fields of a row read with ``selectSQL``.
    func fields(of row: Row) -> [String: CloudFieldValue] {
        var fields: [String: CloudFieldValue] = [:]
        for (index, column) in columns.enumerated() {
            let value: DatabaseValue = row[index]
            if let field = Self.field(value, column.kind) { fields[column.name] = field }
        }
        return fields
    }

    private static func field(_ value: DatabaseValue, _ kind: Kind) -> CloudFieldValue? {
        switch (kind, value.storage) {
        case (_, .null): return nil
        case (.reference(_, let cascades), .blob(let data)) where data.count == 16:
            guard let uuid = UUID.fromDatabaseValue(value) else { return .bytes(data) }
            return .reference(
                CloudReference(recordName: uuid.uuidString.lowercased(), action: cascades ? .deleteSelf : .none))
        case (.datetime, _):
            guard let date = Date.fromDatabaseValue(value) else { return storageField(value) }
            return .date(date)
        case (.boolean, .int64(let number)): return .boolean(number != 0)
        case (.asset, .string(let text)):
            guard let asset = CloudAsset(columnText: text) else { return storageField(value) }
            return .asset(asset)
        default: return storageField(value)
        }
    }

    /// A value stored in a column whose declared type it does not have: kept as stored.
    private static func storageField(_ value: DatabaseValue) -> CloudFieldValue? {
        switch value.storage {
        case .null: nil
        case .int64(let number): .int64(number)
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .blob(let data): .bytes(data)
        }
    }

    // MARK: Record → row

    /// The column values `record` stands for, `id` first, checked field by field.
    /// - Throws: ``ServiceError`` (validation failed) naming the field that is missing or of the wrong type,
    ///   or the record a reference names that this device does not have.
    func values(of record: CloudRecord, id: UUID, in db: Database) throws -> [DatabaseValue] {
        var values: [DatabaseValue] = [id.databaseValue]
        values.reserveCapacity(columns.count + 1)
        for column in columns {
            values.append(try value(of: column, in: record, db: db))
        }
        return values
    }

    private func value(of column: Column, in record: CloudRecord, db: Database) throws -> DatabaseValue {
        guard let field = record.fields[column.name] else {
            if column.nullable { return .null }
            if let sql = column.defaultSQL, let value = try DatabaseValue.fetchOne(db, sql: "SELECT \(sql)") {
                return value
            }
            throw ServiceError.validationFailed(
                "Record \(record.recordName) (\(record.recordType)) has no \(column.name) field; every \(record.recordType) needs one."
            )
        }
        switch (column.kind, field) {
        case (.reference(let table, _), .reference(let reference)):
            guard let target = UUID(uuidString: reference.recordName) else {
                throw ServiceError.validationFailed(
                    "Field \(column.name) of record \(record.recordName) (\(record.recordType)) refers to \"\(reference.recordName)\", which is not a garage record name (a UUID)."
                )
            }
            let exists =
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM \(table.quotedDatabaseIdentifier) WHERE id = ?)",
                    arguments: [target]) ?? false
            if !exists {
                // An optional link to a record deleted meanwhile is cleared, as deleting it here would have done.
                if column.nullable { return .null }
                throw ServiceError.validationFailed(
                    "Record \(record.recordName) (\(record.recordType)) belongs to \(reference.recordName), which this device does not have (yet); it is kept and applied once that record arrives."
                )
            }
            return target.databaseValue
        case (.reference, .bytes(let data)) where data.count == 16:
            return data.databaseValue
        case (.datetime, .date(let milliseconds)):
            return Self.storedDate(milliseconds).databaseValue
        case (.boolean, .boolean(let flag)): return flag.databaseValue
        case (.boolean, .int64(let number)): return (number != 0).databaseValue
        case (.integer, .int64(let number)): return number.databaseValue
        case (.integer, .boolean(let flag)): return (flag ? 1 : 0).databaseValue
        case (.real, .double(let number)): return number.databaseValue
        case (.real, .int64(let number)): return Double(number).databaseValue
        case (.text, .string(let text)): return text.databaseValue
        case (.blob, .bytes(let data)): return data.databaseValue
        case (.asset, .asset(let asset)):
            return asset.columnText.databaseValue
        default:
            throw ServiceError.validationFailed(
                "Field \(column.name) of record \(record.recordName) (\(record.recordType)) is a \(field.typeName); it must be \(Self.expected(column.kind))."
            )
        }
    }

    /// `milliseconds` as GRDB stores a date (`yyyy-MM-dd HH:mm:ss.SSS`, UTC), in integers: going through a
    /// floating-point `Date` could store 122 ms for 123, and the two devices would differ.
    static func storedDate(_ milliseconds: Int64) -> String {
        let perDay: Int64 = 86_400_000
        let days = milliseconds >= 0 ? milliseconds / perDay : (milliseconds - perDay + 1) / perDay
        let rest = milliseconds - days * perDay
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let day = CalendarDay(dayNumber: Int(days))
        return
            "\(day.iso) \(pad(rest / 3_600_000, 2)):\(pad(rest / 60_000 % 60, 2)):\(pad(rest / 1000 % 60, 2)).\(pad(rest % 1000, 3))"
    }

    private static func expected(_ kind: Kind) -> String {
        switch kind {
        case .reference(let table, _):
            "a REFERENCE to a \(GarageSync.kinds.first { $0.table == table }?.recordType ?? table)"
        case .datetime: "a TIMESTAMP"
        case .boolean: "a BOOLEAN"
        case .integer: "an INT64"
        case .real: "a DOUBLE"
        case .text: "a STRING"
        case .blob: "BYTES"
        case .asset: "an ASSETID"
        }
    }

    /// A row of `values` (as ``values(of:id:in:)`` returns them) under the table's column names.
    func row(_ values: [DatabaseValue]) -> Row {
        var dictionary: [String: (any DatabaseValueConvertible)?] = ["id": values[0]]
        for (column, value) in zip(columns, values.dropFirst()) { dictionary[column.name] = value }
        return Row(dictionary)
    }
}

/// Table shapes, read once per table and process (the schema does not change once the database is migrated).
final class GarageShapeCache: Sendable {
    private let shapes = Mutex<[String: GarageRecordShape]>([:])

    func shape(of kind: GarageSyncKind, in db: Database) throws -> GarageRecordShape {
        if let known = shapes.withLock({ $0[kind.recordType] }) { return known }
        let shape = try GarageRecordShape(kind, in: db)
        shapes.withLock { $0[kind.recordType] = shape }
        return shape
    }
}
