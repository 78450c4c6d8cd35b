package import Foundation

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
