import Foundation
import HearthExchange
/// Fuel volume units.
enum VolumeUnit: String, Sendable {
    case gallons, imperialGallons, liters

    /// US gallons per unit.
    var gallonsPerUnit: Double {
        switch self {
        case .gallons: 1
        case .imperialGallons: 1.200_949_92
        case .liters: 0.264_172_052
        }
    }

    /// The unit a name such as "gal (US)", "L", "Litres", "литры" means.
    init?(name: String) {
        let key = ImportText.headerKey(name)
        if key.contains("uk") || key.contains("imp") { self = .imperialGallons; return }
        if key.hasPrefix("gal") || key.hasPrefix("us gal") { self = .gallons; return }
        if key == "l" || key.hasPrefix("lit") || key.hasPrefix("лит") || key == "л" { self = .liters; return }
        return nil
    }
}

/// What a file leaves implicit and the importer decides once per file: the order of day and month, the
/// decimal separator, and the units.
struct FileConventions {
    var dateOrder: DateOrder?
    /// The file states its date format (aCar's metadata), so evidence is not needed.
    var dateOrderDeclared = false
    var decimal: DecimalSeparator?
    var distance: DistanceUnit?
    var volume: VolumeUnit?

    /// Whether the sniffing pass can stop.
    var isSettled: Bool { dateOrder != nil && decimal != nil }

    mutating func observeDate(_ field: UnsafeBufferPointer<UInt8>) {
        guard dateOrder == nil, let evidence = ImportText.dateOrderEvidence(field) else { return }
        dateOrder = evidence
    }

    mutating func observeNumber(_ field: UnsafeBufferPointer<UInt8>) {
        guard decimal == nil, let evidence = ImportText.separatorEvidence(field) else { return }
        decimal = evidence
    }
}

/// Reads the rows of one file layout and hands records to an ``ImportWriter``.
///
/// Each file is read twice: a sniffing pass (`sink` nil) that only observes values until the file's
/// conventions are settled, and the import pass.
protocol ImportParser: AnyObject {
    var conventions: FileConventions { get set }
    /// Handles one row; `sink` is nil while sniffing.
    func consume(_ row: CSVRow, sink: ImportWriter?) throws
    /// Checks, at the end of the file, that it had the layout's structure.
    func finish(sink: ImportWriter?) throws
    /// Whether the sniffing pass has seen enough (default: the date order and decimal separator are known).
    var isSettled: Bool { get }
}

extension ImportParser {
    var isSettled: Bool { conventions.isSettled }
}

/// Choosing which of a file's vehicles to import: the one the user named, else the first the file lists.
struct SourceVehicleFilter {
    let wanted: String?
    private(set) var names: [String] = []
    private(set) var chosen: String?

    init(wanted: String?) {
        self.wanted = wanted?.trimmingCharacters(in: .whitespaces)
    }

    /// Remembers a vehicle the file lists.
    mutating func list(_ name: String) {
        if !names.contains(name) { names.append(name) }
    }

    /// - Throws: ``ServiceError`` when the user named a vehicle the file never mentioned, listing those it does.
    func requireChosen(in label: String, calling noun: String) throws {
        guard let wanted, chosen == nil else { return }
        throw ImportError.badFile("\(label) has no \(noun) \"\(wanted)\"; it holds \(names.map { "\"\($0)\"" }.joined(separator: ", ")).")
    }

    /// The last name asked about and its answer: consecutive rows are nearly always the same vehicle.
    private var last: (name: String, reason: String?)?

    /// nil when a row of vehicle `name` is imported, else why it is skipped.
    mutating func skipReason(for name: String?) -> String? {
        guard let name, !name.isEmpty else { return nil }
        if let last, last.name == name, chosen != nil { return last.reason }
        let reason = decide(name)
        last = (name, reason)
        return reason
    }

    private mutating func decide(_ name: String) -> String? {
        list(name)
        if chosen == nil {
            if let wanted {
                chosen = names.first { $0.caseInsensitiveCompare(wanted) == .orderedSame } ?? (name.caseInsensitiveCompare(wanted) == .orderedSame ? name : nil)
            } else {
                chosen = names.first
            }
        }
        guard let chosen else { return "belongs to another vehicle (\(name)); --from-vehicle chose \"\(wanted ?? "")\"" }
        return name.caseInsensitiveCompare(chosen) == .orderedSame
            ? nil : "belongs to another vehicle in the file (import it with --from-vehicle \"\(name)\")"
    }
}
