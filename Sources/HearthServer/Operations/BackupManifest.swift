public import Foundation

/// What a backup archive holds, written into it as `manifest.json`: every database and file of the data
/// directory with its size and SHA-256, so a restore can check each one before it trusts it.
public struct BackupManifest: Codable, Sendable, Equatable {
    /// The value of ``format`` in every Hearth backup.
    public static let formatName = "hearth-backup"
    /// The newest layout this build writes and reads.
    public static let currentVersion = 1
    /// The archive member that holds the manifest.
    public static let memberName = "manifest.json"

    /// Always ``formatName``: tells a Hearth backup from any other ZIP file.
    public var format: String
    /// The layout's version; a restore refuses versions newer than it knows.
    public var version: Int
    /// When the backup was made.
    public var createdAt: Date
    /// Where the record store was: `sqlite` (a file among the entries) or `postgres` (a dump among them).
    public var recordStore: String
    /// Every member of the archive but the manifest.
    public var entries: [BackupEntry]

    public init(createdAt: Date, recordStore: String, entries: [BackupEntry]) {
        self.format = Self.formatName
        self.version = Self.currentVersion
        self.createdAt = createdAt
        self.recordStore = recordStore
        self.entries = entries
    }

    /// The total size of the entries once restored; nil when a size is negative or they add up past what a
    /// 64-bit count holds (no real backup, only a crafted manifest).
    public var totalBytes: Int64? {
        var total: Int64 = 0
        for entry in entries {
            guard entry.bytes >= 0 else { return nil }
            let (sum, overflow) = total.addingReportingOverflow(entry.bytes)
            guard !overflow else { return nil }
            total = sum
        }
        return total
    }
}
