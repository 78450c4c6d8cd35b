/// What an export wrote or an import read: how many records of each kind.
public struct GarageArchiveSummary: Sendable, Equatable, Codable {
    /// The file or folder written or read.
    public var path: String
    public var format: GarageArchiveFormat
    /// Records per kind, by the export's names ("vehicles", "service-records", "fuel-records", "expenses"…).
    public var counts: [String: Int]
    /// Records an import found already in the garage with the same values, and left as they were.
    public var unchanged: Int
    /// Vehicle documents' files copied (into a CSV export's `documents/`, or from it into the garage).
    public var documentFiles: Int
    /// Vehicle documents whose file was not copied: a JSON export carries none, and a file kept only on
    /// another device is not here to copy.
    public var documentFilesLeftOut: Int

    public init(
        path: String, format: GarageArchiveFormat, counts: [String: Int], unchanged: Int = 0, documentFiles: Int = 0,
        documentFilesLeftOut: Int = 0
    ) {
        self.path = path
        self.format = format
        self.counts = counts
        self.unchanged = unchanged
        self.documentFiles = documentFiles
        self.documentFilesLeftOut = documentFilesLeftOut
    }

    /// Every record counted.
    public var total: Int { counts.values.reduce(0, +) }

    /// The kinds of record an export holds, in the order it writes them.
    public static var kinds: [String] { GarageArchiveTable.all.map(\.name) }

    /// "vehicles: 2, services: 3, expenses: 1" (the kinds with records, in export order), or "no records".
    public var countsDescription: String {
        let parts = Self.kinds.compactMap { kind in counts[kind].flatMap { $0 > 0 ? "\(kind): \($0)" : nil } }
        return parts.isEmpty ? "no records" : parts.joined(separator: ", ")
    }
}
