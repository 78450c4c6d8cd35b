import Foundation
import HearthCore
import HearthExchange

/// The aCar / Fuelly for Android export: one file of sections, each a bare title line ("Metadata",
/// "Vehicles", "Fill-Up Records", "Event Records", "Trip Records") followed by its own header row.
/// Every cell is quoted; dates are in the format Metadata declares (M/d/yyyy by default); odometers carry a
/// thousands comma ("106,421"); money carries its currency symbol ("$79.78").
final class ACarParser: ImportParser {
    enum Section {
        case metadata, vehicles, fillUps, events, trips
    }

    var conventions = FileConventions()
    private var section: Section?
    private var sectionTitle = ""
    private var header: HeaderMap?
    private var sawSection = false
    private var vehicles: SourceVehicleFilter
    private let label: String

    // Columns of the current section.
    private var vehicle, date, odometer, volume, price, total, partial, missed, station, brand, notes: Int?
    private var type, subTypes, place: Int?

    init(sourceVehicle: String?, label: String) {
        vehicles = SourceVehicleFilter(wanted: sourceVehicle)
        self.label = label
    }

    var vehicleNames: [String] { vehicles.names }

    func consume(_ row: CSVRow, sink: ImportWriter?) throws {
        if isTitle(row) { return }
        guard sawSection else {
            throw ImportError.badFile(
                "\(label) does not look like a Fuelly (aCar) export: line \(row.line) comes before any section title such as \"Metadata\" or \"Fill-Up Records\". Try --source auto."
            )
        }
        guard let header else {
            startSection(with: HeaderMap(row.strings))
            return
        }
        let cells = Cells(row: row, conventions: conventions)
        switch section {
        case .metadata:
            readMetadata(cells, header: header)
        case .vehicles:
            if let name = cells.text(header.index(["name", "vehicle name", "vehicle"])) { vehicles.list(name) }
        case .fillUps:
            guard let sink else {
                Cells.observe(row, dates: [date], numbers: [volume, price, total], into: &conventions)
                return
            }
            if let reason = vehicles.skipReason(for: cells.text(vehicle)) {
                return sink.skip(line: row.line, reason: reason)
            }
            guard let day = cells.day(date) else {
                return sink.skip(line: row.line, reason: "the date is not a date", detail: cells.raw(date))
            }
            try sink.fuel(
                line: row.line, date: day, odometer: cells.number(odometer), volume: cells.number(volume),
                totalCost: cells.number(total), pricePerUnit: cells.number(price),
                partial: cells.bool(partial) ?? false, missed: cells.bool(missed) ?? false,
                station: [cells.text(brand), cells.text(station)].compactMap { $0 }.joined(separator: " – ").nilIfEmpty,
                notes: cells.text(notes)
            )
        case .events:
            guard let sink else {
                Cells.observe(row, dates: [date], numbers: [total], into: &conventions)
                return
            }
            if let reason = vehicles.skipReason(for: cells.text(vehicle)) {
                return sink.skip(line: row.line, reason: reason)
            }
            let kind = cells.text(type) ?? "Service"
            let category: ServiceLog.CostCategory
            switch ImportText.headerKey(kind) {
            case "service", "maintenance": category = .maintenance
            case "repair": category = .repair
            case "upgrade", "modification": category = .upgrade
            default:
                // Any other kind of event (an expense, a toll, insurance) is a cost record.
                guard let day = cells.day(date) else {
                    return sink.skip(line: row.line, reason: "the date is not a date", detail: cells.raw(date))
                }
                return try sink.expense(
                    line: row.line, date: day, odometer: cells.number(odometer), amount: cells.number(total),
                    category: cells.text(subTypes) ?? kind, notes: cells.text(notes)
                )
            }
            guard let day = cells.day(date) else {
                return sink.skip(line: row.line, reason: "the date is not a date", detail: cells.raw(date))
            }
            let names = (cells.text(subTypes) ?? kind).split(separator: ",").map(String.init)
            let place = cells.text(self.place)
            try sink.service(
                line: row.line, date: day, odometer: cells.number(odometer), names: names, cost: cells.number(total),
                category: category,
                notes: [place.map { "At \($0)" }, cells.text(notes)].compactMap { $0 }.joined(separator: ". ")
                    .nilIfEmpty
            )
        case .trips:
            sink?.skip(line: row.line, reason: "trip records are not imported")
        case nil:
            sink?.skip(line: row.line, reason: "section \"\(sectionTitle)\" is not imported")
        }
    }

    func finish(sink: ImportWriter?) throws {
        guard sawSection else {
            throw ImportError.badFile(
                "\(label) does not look like a Fuelly (aCar) export: it has no \"Metadata\", \"Vehicles\" or \"Fill-Up Records\" section. Try --source auto."
            )
        }
        if sink != nil { try vehicles.requireChosen(in: label, calling: "vehicle called") }
    }

    /// A bare title line starts a section: one cell (or one non-blank cell) that names a section, or any
    /// single-cell line, which starts a section of unknown kind.
    private func isTitle(_ row: CSVRow) -> Bool {
        let nonBlank = (0..<row.count).filter { !FieldBytes.trimmed(row[$0]).isEmpty }
        guard nonBlank.count == 1, nonBlank[0] == 0 else { return false }
        let title = row.string(0).trimmingCharacters(in: .whitespaces)
        let known = ImportFormat.acarSections[ImportText.headerKey(title)]
        // A one-column data row in a known section is a value, not a title, unless it names a section.
        guard known != nil || header == nil || row.count == 1 && (header?.headers.count ?? 0) > 1 else { return false }
        sawSection = true
        section = known
        sectionTitle = title
        header = nil
        return true
    }

    private func startSection(with map: HeaderMap) {
        header = map
        vehicle = map.index(["vehicle", "vehicle name"])
        date = map.index(["date", "start date"])
        odometer = map.index(["odometer reading", "odometer", "start odometer"])
        volume = map.index(["volume", "fuel volume", "quantity"])
        price = map.index(["price per volume unit", "price per unit", "price"])
        total = map.index(["total cost", "cost", "amount"])
        partial = map.index(["partial fill up", "partial fill up?", "partial"])
        missed = map.index(["previous missed fill ups", "missed fill up", "missed"])
        station = map.index(["fuel station", "station", "gas station"])
        brand = map.index(["fuel brand", "brand"])
        notes = map.index(["notes", "note"])
        type = map.index(["type", "event type"])
        subTypes = map.index(["sub types", "subtypes", "sub type", "services"])
        place = map.index(["place", "location"])
    }

    /// Reads the declared formats and units; a value already decided (by the user, or by the sniffing
    /// pass) stays.
    private func readMetadata(_ cells: Cells, header: HeaderMap) {
        if conventions.dateOrder == nil, let format = cells.text(header.index(["date format"])) {
            let lower = format.lowercased()
            if lower.hasPrefix("y") {
                conventions.dateOrder = .monthFirst  // year first: the order of day and month does not matter
            } else if lower.hasPrefix("d") {
                conventions.dateOrder = .dayFirst
            } else if lower.hasPrefix("m") {
                conventions.dateOrder = .monthFirst
            }
            conventions.dateOrderDeclared = lower.hasPrefix("d") || lower.hasPrefix("m")
        }
        if conventions.distance == nil, let distance = cells.text(header.index(["distance unit", "distance"])) {
            let key = ImportText.headerKey(distance)
            conventions.distance =
                key.hasPrefix("k") ? .kilometers : key.hasPrefix("mi") ? .miles : conventions.distance
        }
        if conventions.volume == nil, let volume = cells.text(header.index(["volume unit", "volume"])) {
            conventions.volume = VolumeUnit(name: volume) ?? conventions.volume
        }
    }
}

extension String {
    /// nil for the empty string.
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
