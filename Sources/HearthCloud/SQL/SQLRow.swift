package import Foundation

/// One result row: values by column position, with the column names shared by every row of a result.
package struct SQLRow: Sendable {
    let columns: SQLColumns
    let values: [SQLValue]

    package func value(_ column: String) -> SQLValue {
        guard let index = columns.index(of: column) else { return .null }
        return values[index]
    }

    package func int(_ column: String) -> Int64 {
        switch value(column) {
        case .int(let v): v
        case .double(let v): Int64(v)
        case .text(let v): Int64(v) ?? 0
        default: 0
        }
    }

    package func bool(_ column: String) -> Bool { int(column) != 0 }

    package func double(_ column: String) -> Double {
        switch value(column) {
        case .double(let v): v
        case .int(let v): Double(v)
        case .text(let v): Double(v) ?? 0
        default: 0
        }
    }

    package func text(_ column: String) -> String { optionalText(column) ?? "" }

    package func optionalText(_ column: String) -> String? {
        switch value(column) {
        case .text(let v): v
        case .int(let v): String(v)
        case .blob(let v): String(decoding: v, as: UTF8.self)
        default: nil
        }
    }

    package func blob(_ column: String) -> Data {
        switch value(column) {
        case .blob(let v): v
        case .text(let v): Data(v.utf8)
        default: Data()
        }
    }
}

/// A result's column names, made once per statement and shared by its rows. A name that appears twice
/// means its first column.
final class SQLColumns: Sendable {
    /// Up to this many columns are found by comparing names in order, which for the short names of a
    /// `SELECT` list costs less than hashing the name; wider results use the dictionary.
    private static let scanLimit = 16
    private let names: [String]
    private let byName: [String: Int]

    init(_ names: [String]) {
        self.names = names
        // Only wide results are looked up by hashing; PostgreSQL makes one of these per result.
        var byName: [String: Int] = [:]
        if names.count > Self.scanLimit {
            for (index, name) in names.enumerated() where byName[name] == nil { byName[name] = index }
        }
        self.byName = byName
    }

    func index(of name: String) -> Int? {
        if names.count > Self.scanLimit { return byName[name] }
        return names.firstIndex(of: name)
    }
}
