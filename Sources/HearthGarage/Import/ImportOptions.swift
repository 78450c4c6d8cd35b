public import Foundation

/// Which app wrote a file, as the user can force it (`--source`).
public enum ImportSource: String, Sendable, Codable, CaseIterable {
    /// Decide from the file.
    case auto
    /// Fuelly: the aCar/Fuelly Android multi-section export or the fuelly.com web export.
    case fuelly
    /// Drivvo: sectioned, headers in the user's language.
    case drivvo
    /// Simply Auto's `Fuel_Log.csv`.
    case simplyauto
    /// Any CSV, with columns named by a ``GenericMapping``.
    case generic
}

/// Odometer units.
public enum DistanceUnit: String, Sendable, Codable, CaseIterable {
    case miles = "mi"
    case kilometers = "km"
}

/// Columns of a CSV the user maps themselves, by header name.
public struct GenericMapping: Sendable, Hashable, Codable {
    /// The date column (required).
    public var date: String
    public var odometer: String?
    /// The amount paid.
    public var cost: String?
    /// The service name; a row with one becomes a service log.
    public var service: String?
    /// Fuel quantity; a row with one becomes a fill-up.
    public var volume: String?
    public var notes: String?

    public init(date: String, odometer: String? = nil, cost: String? = nil, service: String? = nil, volume: String? = nil, notes: String? = nil) {
        self.date = date
        self.odometer = odometer
        self.cost = cost
        self.service = service
        self.volume = volume
        self.notes = notes
    }

    /// The fields a mapping can name, as `--map FIELD=HEADER` spells them.
    public static let fields = ["date", "odometer", "cost", "service", "volume", "notes"]

    /// A mapping from `FIELD=HEADER` pairs.
    /// - Throws: ``ServiceError`` (validation failed) for an unknown field, a pair without '=', or no date.
    public static func parse(_ pairs: [String]) throws -> GenericMapping {
        var values: [String: String] = [:]
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "=") else {
                throw ImportError.invalidOption("--map \(pair) needs the form FIELD=HEADER, such as --map date=\"Fill Date\"")
            }
            let field = pair[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let header = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard fields.contains(field) else {
                throw ImportError.invalidOption("--map \(pair): \"\(field)\" is not a field; use one of \(fields.joined(separator: ", "))")
            }
            guard !header.isEmpty else { throw ImportError.invalidOption("--map \(pair) names no header") }
            values[field] = header
        }
        guard let date = values["date"] else {
            throw ImportError.invalidOption("A generic import needs at least --map date=HEADER, plus odometer, cost, service or volume columns")
        }
        return GenericMapping(date: date, odometer: values["odometer"], cost: values["cost"], service: values["service"],
                              volume: values["volume"], notes: values["notes"])
    }
}

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
