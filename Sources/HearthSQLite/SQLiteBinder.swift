public import Foundation
import GRDBSQLite

/// Binds values to a prepared SQLite statement's parameters straight through SQLite's C API, with no boxing per
/// value: the one binder behind the record server's connections and the apps' bulk-insert paths.
///
/// Each call returns SQLite's result code (`SQLITE_OK` is 0). Texts and blobs are copied by SQLite unless the
/// caller promises, with ``Lifetime/untilNextBind``, that the bytes stay put until the statement runs and its
/// bindings change — which saves SQLite a malloc per value on hot paths.
///
/// ```swift
/// let binder = SQLiteBinder(statement)
/// binder.bind(1, Int64(42))
/// binder.bind(2, "Oil change")
/// binder.bindNull(3)
/// ```
public struct SQLiteBinder {
    /// How long SQLite may keep reading bytes it was handed.
    public enum Lifetime: Sendable {
        /// SQLite copies the bytes before the call returns.
        case copied
        /// The caller keeps the bytes valid and unchanged until the statement has run and been rebound.
        case untilNextBind
    }

    /// The prepared statement (`sqlite3_stmt *`).
    public let statement: OpaquePointer

    public init(_ statement: OpaquePointer) {
        self.statement = statement
    }

    /// How many parameters the statement has.
    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(statement)) }

    /// Resets the statement so it can run again; its bindings stay until changed or cleared.
    public func reset() { sqlite3_reset(statement) }

    /// Sets every parameter to NULL.
    public func clearBindings() { sqlite3_clear_bindings(statement) }

    @discardableResult
    public func bindNull(_ index: Int32) -> Int32 { sqlite3_bind_null(statement, index) }

    @discardableResult
    public func bind(_ index: Int32, _ value: Int64) -> Int32 { sqlite3_bind_int64(statement, index, value) }

    @discardableResult
    public func bind(_ index: Int32, _ value: Double) -> Int32 { sqlite3_bind_double(statement, index, value) }

    /// Binds `value` as text (copied).
    @discardableResult
    public func bind(_ index: Int32, _ value: String) -> Int32 {
        var value = value
        return value.withUTF8 { bindText(index, UnsafeRawBufferPointer($0)) }
    }

    /// Binds a UUID the way GRDB stores one: a 16-byte blob.
    @discardableResult
    public func bind(_ index: Int32, _ value: UUID) -> Int32 {
        withUnsafeBytes(of: value.uuid) { bindBlob(index, $0) }
    }

    /// Binds UTF-8 `bytes` as text; no bytes bind the empty text, not NULL.
    @discardableResult
    public func bindText(_ index: Int32, _ bytes: UnsafeRawBufferPointer, lifetime: Lifetime = .copied) -> Int32 {
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            return sqlite3_bind_text(statement, index, "", 0, Self.transient)
        }
        return sqlite3_bind_text(
            statement, index, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), destructor(lifetime))
    }

    /// Binds `bytes` as a blob; no bytes bind the empty blob, not NULL.
    @discardableResult
    public func bindBlob(_ index: Int32, _ bytes: UnsafeRawBufferPointer, lifetime: Lifetime = .copied) -> Int32 {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return sqlite3_bind_zeroblob(statement, index, 0) }
        return sqlite3_bind_blob(statement, index, base, Int32(bytes.count), destructor(lifetime))
    }

    /// `SQLITE_TRANSIENT`: SQLite copies the bytes.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private func destructor(_ lifetime: Lifetime) -> sqlite3_destructor_type? {
        lifetime == .copied ? Self.transient : nil
    }
}
