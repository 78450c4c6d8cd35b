public import HearthExchange

/// What an import did (or, in a dry run, would do).
public struct ImportReport: Sendable, Codable, Equatable {
    /// The format the file was read as, such as "Drivvo".
    public var format: String
    public var dryRun: Bool
    /// Data rows read (headers and section titles excluded).
    public var rowsRead = 0
    /// Fill-ups added.
    public var fuelImported = 0
    /// Service logs added.
    public var servicesImported = 0
    /// Expenses (insurance, parking, tolls…) added.
    public var expensesImported = 0
    /// Services created from presets so imported history has something to line up with.
    public var servicesCreated: [String] = []
    /// Rows not imported, counted by reason, the first of them listed with their lines.
    public var skippedRows = SkippedRows()
    /// Rows already in the garage (from an earlier import of this file, or repeated in it).
    public var alreadyImported = 0
    /// How day-and-month dates were read; nil when the file's dates left no choice (year first, or separate
    /// day, month and year columns).
    public var dateOrder: DateOrder?
    public var distanceUnit: DistanceUnit
    /// The vehicles the file holds, when it names them.
    public var sourceVehicles: [String] = []
    /// Things the user should check: assumptions the file did not settle.
    public var notes: [String] = []
    /// The highest odometer reading imported, in miles.
    public var highestOdometer: Int?

    /// Records added (or, in a dry run, that would be).
    public var imported: Int { fuelImported + servicesImported + expensesImported }
    /// Rows skipped for any reason other than being imported already.
    public var skipped: Int { skippedRows.count }
    /// The rows skipped, up to the listed maximum: each one's line and why.
    public var skippedLines: [(line: Int, reason: String)] { skippedRows.listed.map { ($0.line, $0.reason) } }

    /// Counts a skipped row under `reason`, listing it with `detail` (the offending value) while the list
    /// is short.
    mutating func skip(line: Int, reason: String, detail: String? = nil) {
        skippedRows.skip(line: line, reason: reason, detail: detail)
    }
}
