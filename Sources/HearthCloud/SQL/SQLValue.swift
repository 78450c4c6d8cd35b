package import Foundation

/// A value bound to, or read from, a SQL statement. Booleans are stored as integers in both databases.
package enum SQLValue: Sendable, Hashable {
    case null
    case int(Int64)
    case double(Double)
    case text(String)
    case blob(Data)

    package init(_ value: String?) { self = value.map(SQLValue.text) ?? .null }
    package init(_ value: Int64?) { self = value.map(SQLValue.int) ?? .null }
    package init(_ value: Bool) { self = .int(value ? 1 : 0) }
}

/// `?, ?, ?` for `count` values.
package func placeholders(_ count: Int) -> String {
    Array(repeating: "?", count: count).joined(separator: ", ")
}

/// `(?, ?), (?, ?)` for `count` rows of `width` values.
package func placeholderRows(_ count: Int, width: Int) -> String {
    Array(repeating: "(\(placeholders(width)))", count: count).joined(separator: ", ")
}
