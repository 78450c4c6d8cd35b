import HearthCore
import PostgresNIO

/// Named server-side statements for what a connection runs again and again, so PostgreSQL parses and plans each
/// of them once per connection instead of once per run.
///
/// A `SELECT`, `INSERT`, `UPDATE`, `DELETE` or `WITH` statement that has run ``threshold`` times on a connection
/// is prepared there as a named statement and then only bound and executed. Each parameter is cast to the type of
/// its value, as PostgresNIO declares it for an unnamed statement (`bigint`, `double precision`, `text`,
/// `bytea`), and a parameter that only ever held NULL is left for PostgreSQL to infer, as it is then: the
/// statement means exactly what it meant unprepared. A later run with a value where only NULL had been seen
/// prepares the statement again with the types of both; a value of another type than the one declared runs
/// unprepared. Named statements outlive `ROLLBACK`, so what was prepared stays prepared while the connection
/// lives. Connections are kept here while they are open; closed ones are let go.
final class PostgresStatementCache: Sendable {
    /// Runs of one statement text on one connection before it is prepared there.
    static let threshold = 3
    /// Statements prepared on one connection at most; past it, new statements run unprepared.
    static let capacity = 256
    /// Statement texts counted on one connection at most: past it, the counts of those not prepared start over
    /// (batches of every size make texts that may never come again).
    static let countedLimit = 1_024
    /// Longer statements (a write of hundreds of rows) are not counted or prepared.
    static let maximumLength = 16_384

    /// What to send for one run of a statement.
    enum Plan {
        /// The statement itself.
        case unprepared
        /// The statement prepared on this connection.
        case execute(PreparedQuery)
        /// Prepare `sql` (the statement with its parameters cast), then execute it.
        case prepare(sql: String)
    }

    private struct Entry {
        var runs = 0
        var failures = 0
        var prepared: PreparedQuery?
        /// The declared type of each parameter; nil where PostgreSQL infers it.
        var types: [PostgresDataType?] = []
        var mixed = false
    }

    private struct Connection {
        let connection: PostgresConnection
        var entries: [String: Entry] = [:]
        var prepared = 0
    }

    private let connections = Locked<[ObjectIdentifier: Connection]>([:])

    /// Decides how to run `sql` (with `?` placeholders) with `binds` on `connection`.
    func plan(_ sql: String, _ binds: [SQLValue], on connection: PostgresConnection) -> Plan {
        guard sql.utf8.count <= Self.maximumLength, Self.preparable(sql) else { return .unprepared }
        let types = binds.map(Self.type(of:))
        return connections.withLock { connections in
            let key = ObjectIdentifier(connection)
            if connections[key] == nil {
                if connections.count >= 64 { connections = connections.filter { !$0.value.connection.isClosed } }
                connections[key] = Connection(connection: connection)
            }
            if connections[key]!.entries[sql] == nil, connections[key]!.entries.count >= Self.countedLimit {
                connections[key]!.entries = connections[key]!.entries.filter { $0.value.prepared != nil }
            }
            var entry = connections[key]!.entries[sql] ?? Entry()
            defer { connections[key]!.entries[sql] = entry }
            entry.runs += 1
            if let prepared = entry.prepared, Self.fits(types, entry.types) { return .execute(prepared) }
            guard !entry.mixed, entry.failures < 2, entry.runs >= Self.threshold,
                connections[key]!.prepared < Self.capacity
            else { return .unprepared }
            guard let merged = Self.merged(entry.types, types) else {
                entry.mixed = true
                return .unprepared
            }
            connections[key]!.prepared += 1
            return .prepare(sql: Self.cast(PostgresNumbering.numbered(sql), merged))
        }
    }

    /// Records that the statement was prepared as `prepared`: later runs whose values fit execute it. Returns
    /// the statement it replaces (prepared with fewer types known), for the caller to deallocate.
    func prepared(_ sql: String, _ binds: [SQLValue], _ prepared: PreparedQuery, on connection: PostgresConnection)
        -> PreparedQuery?
    {
        let types = binds.map(Self.type(of:))
        return connections.withLock { connections in
            let key = ObjectIdentifier(connection)
            guard var entry = connections[key]?.entries[sql] else { return nil }
            let replaced = entry.prepared
            entry.types = Self.merged(entry.types, types) ?? types
            entry.prepared = prepared
            connections[key]?.entries[sql] = entry
            if replaced != nil { connections[key]?.prepared -= 1 }
            return replaced
        }
    }

    /// Records that preparing was refused because the transaction had failed before it: the statement is
    /// prepared on a later run, and the slot it took is free again.
    func retry(_ sql: String, on connection: PostgresConnection) {
        connections.withLock { connections in
            connections[ObjectIdentifier(connection)]?.prepared -= 1
        }
    }

    /// Records that preparing failed; after two failures the statement is no longer prepared on this connection.
    func failed(_ sql: String, on connection: PostgresConnection) {
        connections.withLock { connections in
            connections[ObjectIdentifier(connection)]?.entries[sql]?.failures += 1
            connections[ObjectIdentifier(connection)]?.prepared -= 1
        }
    }

    /// The values of `binds` for a prepared statement.
    static func data(_ binds: [SQLValue]) -> [PostgresData] {
        binds.map { value in
            switch value {
            case .null: .null
            case .int(let v): PostgresData(int64: v)
            case .double(let v): PostgresData(double: v)
            case .text(let v): PostgresData(string: v)
            case .blob(let v): PostgresData(bytes: v)
            }
        }
    }

    /// `sql` with each `$n` whose type is known cast to it (`$n::bigint`).
    static func cast(_ sql: String, _ types: [PostgresDataType?]) -> String {
        var result = ""
        result.reserveCapacity(sql.utf8.count + types.count * 8)
        var scalars = sql.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            result.unicodeScalars.append(scalar)
            guard scalar == "$", let first = pending, ("0"..."9").contains(first) else { continue }
            var number = 0
            while let digit = pending, ("0"..."9").contains(digit) {
                number = number * 10 + Int(digit.value - 48)
                result.unicodeScalars.append(digit)
                pending = scalars.next()
            }
            if number >= 1, number <= types.count, let type = types[number - 1] { result += "::" + typeName(type) }
        }
        return result
    }

    /// How many connections are kept (for tests).
    var connectionCount: Int { connections.withLock { $0.count } }

    /// Whether `sql` is a statement `PREPARE` takes.
    static func preparable(_ sql: String) -> Bool {
        let word = sql.utf8.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "(") }
            .prefix { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }
            .map { $0 | 0x20 }
        return ["select", "insert", "update", "delete", "with"].contains { Array($0.utf8) == word }
    }

    /// The type PostgresNIO declares for `value`; nil for NULL.
    static func type(of value: SQLValue) -> PostgresDataType? {
        switch value {
        case .null: nil
        case .int: .int8
        case .double: .float8
        case .text: .text
        case .blob: .bytea
        }
    }

    private static func typeName(_ type: PostgresDataType) -> String {
        switch type {
        case .int8: "bigint"
        case .float8: "double precision"
        case .bytea: "bytea"
        default: "text"
        }
    }

    /// Whether values of `types` can run a statement declared with `declared`: each is NULL or the declared type.
    private static func fits(_ types: [PostgresDataType?], _ declared: [PostgresDataType?]) -> Bool {
        guard types.count == declared.count else { return false }
        for (type, declared) in zip(types, declared) where type != nil && type != declared { return false }
        return true
    }

    /// The types of both runs together; nil when a position held values of two types.
    private static func merged(_ old: [PostgresDataType?], _ new: [PostgresDataType?]) -> [PostgresDataType?]? {
        guard !old.isEmpty else { return new }
        guard old.count == new.count else { return nil }
        var result: [PostgresDataType?] = []
        for (a, b) in zip(old, new) {
            if let a, let b, a != b { return nil }
            result.append(a ?? b)
        }
        return result
    }
}
