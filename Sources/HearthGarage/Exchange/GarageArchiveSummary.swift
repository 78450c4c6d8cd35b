/// What an export wrote or an import read: how many records of each kind.
public struct GarageArchiveSummary: Sendable, Equatable, Codable {
    /// The file or folder written or read.
    public var path: String
    public var format: GarageArchiveFormat
    /// Records per kind, by the export's names ("vehicles", "service-records", "fuel-records", "expenses"…).
    public var counts: [String: Int]
    /// Records an import found already in the garage with the same values, and left as they were.
    public var unchanged: Int

    public init(path: String, format: GarageArchiveFormat, counts: [String: Int], unchanged: Int = 0) {
        self.path = path
        self.format = format
        self.counts = counts
        self.unchanged = unchanged
    }

    /// Every record counted.
    public var total: Int { counts.values.reduce(0, +) }
}
