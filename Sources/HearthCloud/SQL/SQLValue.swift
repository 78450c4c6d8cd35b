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
package func placeholders(_ count: Int) -> String { placeholderRows(1, width: count, parenthesized: false) }

/// `(?, ?), (?, ?)` for `count` rows of `width` values.
package func placeholderRows(_ count: Int, width: Int) -> String {
    placeholderRows(count, width: width, parenthesized: true)
}

/// The placeholders written byte by byte: a batch's statements are built on every request, several of them
/// on the writer's turn, and joining arrays of strings cost more than running some of the statements.
private func placeholderRows(_ count: Int, width: Int, parenthesized: Bool) -> String {
    guard count > 0, width > 0 else { return "" }
    let row = 3 * width - 2 + (parenthesized ? 2 : 0)
    return String(unsafeUninitializedCapacity: count * row + (count - 1) * 2) { buffer in
        var index = 0
        func put(_ byte: UInt8) {
            buffer[index] = byte
            index += 1
        }
        for rowIndex in 0..<count {
            if rowIndex > 0 {
                put(UInt8(ascii: ","))
                put(UInt8(ascii: " "))
            }
            if parenthesized { put(UInt8(ascii: "(")) }
            for column in 0..<width {
                if column > 0 {
                    put(UInt8(ascii: ","))
                    put(UInt8(ascii: " "))
                }
                put(UInt8(ascii: "?"))
            }
            if parenthesized { put(UInt8(ascii: ")")) }
        }
        return index
    }
}
