import Foundation
import GRDB
import HearthCore

/// Writes the records of an export into the garage inside one transaction: each row is checked (values,
/// references, the model's rules) as it is inserted, and reported to the change recorder so it syncs.
/// A row whose id is already stored with the same values is left as it is; with other values it is refused.
final class GarageArchiveImport {
    private let tx: GarageTransaction
    private let today: CalendarDay
    private var nullable: [String: [Bool]] = [:]
    private(set) var counts: [String: Int] = [:]
    private(set) var unchanged = 0

    init(_ tx: GarageTransaction, today: CalendarDay) {
        self.tx = tx
        self.today = today
        for table in GarageArchiveTable.all { counts[table.name] = 0 }
    }

    /// The positions of `table`'s columns in a CSV header; -1 for a column older exports lack.
    /// - Throws: ``ServiceError`` naming the columns the header lacks.
    func positions(of table: GarageArchiveTable, header: [String], file: String) throws -> [Int] {
        let trimmed = header.map { $0.trimmingCharacters(in: .whitespaces) }
        var positions: [Int] = []
        var missing: [String] = []
        for column in table.columns {
            if let index = trimmed.firstIndex(of: column.header) {
                positions.append(index)
            } else if column.absent != nil {
                positions.append(-1)
            } else {
                missing.append(column.header)
            }
        }
        guard missing.isEmpty else {
            throw ServiceError.validationFailed(
                "\(file) has no \(missing.joined(separator: ", ")) column\(missing.count == 1 ? "" : "s"); its header must name \(table.columns.filter { $0.absent == nil }.map(\.header).joined(separator: ", ")) (as `hearth garage export` writes it). Nothing was imported."
            )
        }
        return positions
    }

    /// Inserts one record of `table` from its cells (in the table's column order).
    /// - Parameters:
    ///   - place: where the record is, for messages ("vehicles.csv line 3", "expenses[2]").
    ///   - emptyIsNull: whether an empty cell means NULL (CSV) or "" (JSON).
    func insert(_ cells: [String?], into table: GarageArchiveTable, at place: String, emptyIsNull: Bool) throws {
        let db = tx.db
        let nullable = try self.nullable(table)
        var values: [DatabaseValue] = []
        values.reserveCapacity(cells.count)
        do {
            for (index, column) in table.columns.enumerated() {
                values.append(
                    try column.databaseValue(
                        cells[index] ?? column.absent.flatMap { $0.isEmpty ? nil : $0 }, nullable: nullable[index],
                        emptyIsNull: emptyIsNull, in: db))
            }
        } catch let problem as GarageArchiveColumn.ColumnProblem {
            throw refusal(place, problem.message)
        }
        let id = values[0]
        if let stored = try Row.fetchOne(db, sql: table.existingSQL, arguments: [id]) {
            let same = (0..<table.columns.count).allSatisfy { stored[$0] as DatabaseValue == values[$0] }
            guard same else {
                throw refusal(
                    place,
                    "\(table.entity) \(UUID.fromDatabaseValue(id)?.uuidString ?? "?") is already in this garage with other values; import into an empty garage (another --db)"
                )
            }
            unchanged += 1
            return
        }
        do {
            try db.execute(sql: table.insertSQL, arguments: StatementArguments(values))
        } catch let error as DatabaseError {
            throw refusal(place, "the database refused it (\(error.message ?? "\(error.resultCode)"))")
        }
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT * FROM \(table.table.quotedDatabaseIdentifier) WHERE id = ?", arguments: [id])
        else { throw refusal(place, "it could not be read back") }
        let problems = try table.problems(row, today)
        guard problems.isEmpty else { throw refusal(place, problems.joined(separator: "; ")) }
        guard let uuid = UUID.fromDatabaseValue(id) else { throw refusal(place, "Id is not an id") }
        try tx.recordChange(table.entity, id: uuid, kind: .insert)
        counts[table.name, default: 0] += 1
    }

    private func nullable(_ table: GarageArchiveTable) throws -> [Bool] {
        if let known = nullable[table.table] { return known }
        let info = Dictionary(uniqueKeysWithValues: try tx.db.columns(in: table.table).map { ($0.name, $0) })
        let flags = table.columns.map { !(info[$0.column]?.isNotNull ?? false) && $0.kind != .id }
        nullable[table.table] = flags
        return flags
    }

    private func refusal(_ place: String, _ message: String) -> ServiceError {
        ServiceError.validationFailed("\(place): \(message). Nothing was imported; the garage is as it was")
    }
}
