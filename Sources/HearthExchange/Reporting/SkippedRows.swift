/// The rows an import left out, and why: counted by reason, with the first ``maximumListed`` listed with
/// their lines, so a file of any size gives a report of bounded size.
public struct SkippedRows: Sendable, Codable, Equatable {
    /// A row that was not imported, and why.
    public struct Row: Sendable, Codable, Equatable {
        /// The line of the file the row starts on.
        public var line: Int
        public var reason: String

        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }
    }

    /// Rows not imported, counted by reason.
    public private(set) var byReason: [String: Int] = [:]
    /// The first ``maximumListed`` skipped rows with their reasons (and the offending value).
    public private(set) var listed: [Row] = []

    /// How many rows are listed; the rest are only counted.
    public static let maximumListed = 1_000

    public init() {}

    /// How many rows were skipped.
    public var count: Int { byReason.values.reduce(0, +) }

    /// Counts a skipped row under `reason`, listing it with `detail` (the offending value) while the list
    /// is short.
    public mutating func skip(line: Int, reason: String, detail: String? = nil) {
        byReason[reason, default: 0] += 1
        if listed.count < Self.maximumListed {
            listed.append(Row(line: line, reason: detail.map { "\(reason): \($0)" } ?? reason))
        }
    }

    /// Lines for a person: each reason with its count, most frequent first, then up to `rows` listed rows.
    public func summaryLines(rows: Int = 20) -> [String] {
        var lines = byReason.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "  \($0.value) × \($0.key)" }
        lines += listed.prefix(rows).map { "  line \($0.line): \($0.reason)" }
        return lines
    }
}
