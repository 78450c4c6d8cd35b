/// How far an import or export has got: the one progress value every importer and exporter reports.
public struct ExchangeProgress: Sendable, Equatable {
    /// Rows or values handled so far.
    public var items: Int
    /// Bytes of the file read (or written) so far.
    public var bytes: Int
    /// The size of the file, or 0 when it is not known (an export still being written).
    public var totalBytes: Int

    public init(items: Int, bytes: Int = 0, totalBytes: Int = 0) {
        self.items = items
        self.bytes = bytes
        self.totalBytes = totalBytes
    }

    /// 0...1, or nil when the size is not known.
    public var fraction: Double? {
        totalBytes > 0 ? min(1, Double(bytes) / Double(totalBytes)) : nil
    }
}

/// Receives progress, on whatever thread does the work: keep it quick.
public typealias ExchangeProgressHandler = @Sendable (ExchangeProgress) -> Void
