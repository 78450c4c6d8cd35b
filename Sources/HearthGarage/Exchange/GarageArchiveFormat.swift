/// How an export of the whole garage is written.
public enum GarageArchiveFormat: String, Sendable, Hashable, CaseIterable, Codable {
    /// A folder of CSV files, one per kind of record, with LubeLogger's column names where it has them.
    case csv
    /// One JSON file holding everything.
    case json
}
