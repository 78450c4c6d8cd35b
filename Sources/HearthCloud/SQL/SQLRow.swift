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
