import Foundation
import GRDB
import GRDBSQLite
import HearthCore
import HearthSQLite

/// An INSERT prepared by GRDB and run through SQLite's C API: the import's hot path binds each row's values
/// straight from a scratch buffer, with no per-row boxing into `StatementArguments` and no copy of each
/// text by SQLite (every copy costs SQLite a malloc behind a global mutex).
///
/// Callers must tell GRDB's observers about the rows afterwards (``Database/notifyChanges(in:)``), since
/// statements run this way bypass GRDB's bookkeeping.
final class RawInsert {
    private let statement: Statement
    private let db: Database
    private let binder: SQLiteBinder
    /// Text and blob values of the current row, bound in place (SQLITE_STATIC) until the row is run.
    private let scratch: UnsafeMutableRawPointer
    private let scratchSize = 1 << 16
    private var used = 0

    init(_ sql: String, in db: Database) throws {
        statement = try db.makeStatement(sql: sql)
        binder = SQLiteBinder(statement.sqliteStatement)
        self.db = db
        scratch = .allocate(byteCount: scratchSize, alignment: 16)
    }

    deinit {
        binder.clearBindings()
        scratch.deallocate()
    }

    func bindNull(_ index: Int32) { binder.bindNull(index) }

    func bind(_ index: Int32, _ value: Int?) {
        guard let value else { return bindNull(index) }
        binder.bind(index, Int64(value))
    }

    func bind(_ index: Int32, _ value: Bool) { binder.bind(index, Int64(value ? 1 : 0)) }

    func bind(_ index: Int32, _ value: String?) {
        guard var value else { return bindNull(index) }
        value.withUTF8 { bytes in bindBytes(index, UnsafeRawBufferPointer(bytes), asText: true) }
    }

    /// Binds a UUID the way GRDB stores one: a 16-byte blob.
    func bind(_ index: Int32, _ value: UUID?) {
        guard let value else { return bindNull(index) }
        withUnsafeBytes(of: value.uuid) { bindBytes(index, $0, asText: false) }
    }

    /// Binds a day as its `yyyy-MM-dd` text.
    func bind(_ index: Int32, _ day: CalendarDay) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { buffer in
            func put(_ value: Int, at position: Int, digits: Int) {
                var rest = value
                for offset in stride(from: digits - 1, through: 0, by: -1) {
                    buffer[position + offset] = UInt8(48 + rest % 10)
                    rest /= 10
                }
            }
            put(day.year, at: 0, digits: 4)
            buffer[4] = 45
            put(day.month, at: 5, digits: 2)
            buffer[7] = 45
            put(day.day, at: 8, digits: 2)
            bindBytes(index, UnsafeRawBufferPointer(buffer), asText: true)
        }
    }

    /// Binds an exact decimal as its text ("35.74"), the way money is stored.
    func bind(_ index: Int32, _ value: FixedDecimal?) {
        guard let value else { return bindNull(index) }
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 48) { buffer in
            let length = value.write(into: buffer)
            bindBytes(index, UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<length]), asText: true)
        }
    }

    private func bindBytes(_ index: Int32, _ bytes: UnsafeRawBufferPointer, asText: Bool) {
        let count = bytes.count
        var bound = bytes
        var lifetime = SQLiteBinder.Lifetime.copied
        if used + count <= scratchSize {
            let target = scratch + used
            if count > 0 { target.copyMemory(from: bytes.baseAddress!, byteCount: count) }
            used += count
            bound = UnsafeRawBufferPointer(start: target, count: count)
            lifetime = .untilNextBind
        }
        if asText {
            binder.bindText(index, bound, lifetime: lifetime)
        } else {
            binder.bindBlob(index, bound, lifetime: lifetime)
        }
    }

    /// Runs the statement with the values bound; returns whether a row was inserted (false when
    /// `INSERT OR IGNORE` met an existing one).
    func run() throws -> Bool {
        let code = sqlite3_step(binder.statement)
        binder.reset()
        used = 0
        guard code == SQLITE_DONE else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
        return sqlite3_changes(db.sqliteConnection) > 0
    }
}

extension FixedDecimal {
    /// Writes the value's text (as ``description`` spells it) into `buffer`, which must hold 48 bytes;
    /// returns its length.
    func write(into buffer: UnsafeMutableBufferPointer<CChar>) -> Int {
        var length = 0
        if units < 0 {
            buffer[0] = 45
            length = 1
        }
        var digitCount = 0
        var scratch = units.magnitude
        repeat {
            digitCount += 1
            scratch /= 10
        } while scratch > 0
        let total = max(digitCount, scale + 1)
        let end = length + total + (scale > 0 ? 1 : 0)
        var position = end - 1
        var remaining = units.magnitude
        for digit in 0..<total {
            if scale > 0 && digit == scale {
                buffer[position] = 46
                position -= 1
            }
            buffer[position] = CChar(48 + Int(remaining % 10))
            remaining /= 10
            position -= 1
        }
        return end
    }
}
