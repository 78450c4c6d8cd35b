import Foundation

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

    public init(
        date: String, odometer: String? = nil, cost: String? = nil, service: String? = nil, volume: String? = nil,
        notes: String? = nil
    ) {
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
                throw ImportError.invalidOption(
                    "--map \(pair) needs the form FIELD=HEADER, such as --map date=\"Fill Date\"")
            }
            let field = pair[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let header = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard fields.contains(field) else {
                throw ImportError.invalidOption(
                    "--map \(pair): \"\(field)\" is not a field; use one of \(fields.joined(separator: ", "))")
            }
            guard !header.isEmpty else { throw ImportError.invalidOption("--map \(pair) names no header") }
            values[field] = header
        }
        guard let date = values["date"] else {
            throw ImportError.invalidOption(
                "A generic import needs at least --map date=HEADER, plus odometer, cost, service or volume columns")
        }
        return GenericMapping(
            date: date, odometer: values["odometer"], cost: values["cost"], service: values["service"],
            volume: values["volume"], notes: values["notes"])
    }
}
