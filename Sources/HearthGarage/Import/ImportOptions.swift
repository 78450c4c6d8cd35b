public import Foundation

/// How to import a file.
public struct ImportOptions: Sendable {
    /// The vehicle the records belong to.
    public var vehicleID: UUID
    /// Which app wrote the file (default: decide from the file).
    public var source: ImportSource
    /// Work out what would be imported, and write nothing.
    public var dryRun: Bool
    /// In a file with several vehicles, the one to import (by its name or id in the file); default the first.
    public var sourceVehicle: String?
    /// The odometer unit when the file does not say (default miles, kilometres for Drivvo's metric files).
    public var distanceUnit: DistanceUnit?
    /// Whether 03/04/2024 is March or April when the file does not settle it (default: decided per file).
    public var dateOrder: DateOrder?
    /// The columns of a generic file.
    public var mapping: GenericMapping?
    /// The field separator of a generic file (default: detected among ',', ';' and tab).
    public var delimiter: Character?

    public init(
        vehicleID: UUID, source: ImportSource = .auto, dryRun: Bool = false, sourceVehicle: String? = nil,
        distanceUnit: DistanceUnit? = nil, dateOrder: DateOrder? = nil, mapping: GenericMapping? = nil,
        delimiter: Character? = nil
    ) {
        self.vehicleID = vehicleID
        self.source = source
        self.dryRun = dryRun
        self.sourceVehicle = sourceVehicle
        self.distanceUnit = distanceUnit
        self.dateOrder = dateOrder
        self.mapping = mapping
        self.delimiter = delimiter
    }
}
