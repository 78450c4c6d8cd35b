import Foundation
import HearthCore

/// The file layouts the importer reads.
enum ImportFormat: String, Sendable {
    case acar = "Fuelly (aCar) export"
    case fuellyWeb = "fuelly.com export"
    case drivvo = "Drivvo export"
    case simplyAuto = "Simply Auto export"
    case generic = "CSV with a column mapping"

    /// Its analytics category.
    var analyticsFormat: GarageEvent.ImportFormat {
        switch self {
        case .acar: .fuellyAndroid
        case .fuellyWeb: .fuellyWeb
        case .drivvo: .drivvo
        case .simplyAuto: .simplyAuto
        case .generic: .generic
        }
    }

    /// The `--source` value that selects it.
    var source: ImportSource {
        switch self {
        case .acar, .fuellyWeb: .fuelly
        case .drivvo: .drivvo
        case .simplyAuto: .simplyauto
        case .generic: .generic
        }
    }

    /// aCar's section titles, as header keys.
    static let acarSections: [String: ACarParser.Section] = [
        "metadata": .metadata, "vehicles": .vehicles, "fill up records": .fillUps, "event records": .events,
        "trip records": .trips, "service records": .events, "expense records": .events,
    ]

    /// The format the start of a file shows, or nil when it is none of the known apps'.
    static func detect(_ head: FileHead) -> ImportFormat? {
        for line in head.lines.prefix(400) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#") || trimmed.hasPrefix("\"#") {
                if DrivvoParser.section(forTitle: trimmed) != nil || trimmed.hasPrefix("##")
                    || trimmed.hasPrefix("\"##")
                {
                    return .drivvo
                }
            }
            let key = ImportText.headerKey(trimmed)
            if acarSections[key] != nil, !trimmed.contains(",") { return .acar }
        }
        guard let header = head.lines.first(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            return nil
        }
        let keys = Set(FileHead.splitAnyDelimiter(header).map(ImportText.headerKey))
        if keys.contains("fuelup date") || (keys.contains("car name") && keys.contains("odometer")) {
            return .fuellyWeb
        }
        if keys.contains("record type") && (keys.contains("row id") || keys.contains("vehicle id")) {
            return .simplyAuto
        }
        return nil
    }
}
