import Foundation
import HearthCore
import HearthExchange

/// Simply Auto's `Fuel_Log.csv`: one header row; Record Type 0 fuel, 1 service, 2 expense, 3 trip; the date
/// in Day, Month and Year columns; 0/1 booleans. Service names in Record Desc can spill into extra unquoted
/// trailing columns, which are joined back.
final class SimplyAutoParser: ImportParser {
    var conventions = FileConventions()
    private var header: HeaderMap?
    private var vehicles: SourceVehicleFilter
    private let label: String
    private var vehicle, odometer, quantity, partial, missed, total, brand, station, notes, day, month, year, type,
        desc: Int?
    private var columnCount = 0

    init(sourceVehicle: String?, label: String) {
        vehicles = SourceVehicleFilter(wanted: sourceVehicle)
        self.label = label
    }

    var vehicleNames: [String] { vehicles.names }

    func consume(_ row: CSVRow, sink: ImportWriter?) throws {
        guard header != nil else { return try readHeader(row) }
        guard let sink else {
            Cells.observe(row, dates: [], numbers: [quantity, total], into: &conventions)
            return
        }
        let cells = Cells(row: row, conventions: conventions)
        if let reason = vehicles.skipReason(for: cells.text(vehicle)) {
            return sink.skip(line: row.line, reason: reason)
        }
        guard let dayNumber = cells.number(day)?.integer, let monthNumber = cells.number(month)?.integer,
            let yearNumber = cells.number(year)?.integer,
            let date = CalendarDay(year: yearNumber, month: monthNumber, day: dayNumber)
        else {
            return sink.skip(
                line: row.line, reason: "the date is not a date",
                detail: "Day \(cells.raw(day)), Month \(cells.raw(month)), Year \(cells.raw(year))")
        }
        switch cells.number(type)?.integer ?? 0 {
        case 0:
            try sink.fuel(
                line: row.line, date: date, odometer: cells.number(odometer), volume: cells.number(quantity),
                totalCost: cells.number(total), partial: cells.bool(partial) ?? false,
                missed: cells.bool(missed) ?? false,
                station: [cells.text(brand), cells.text(station)].compactMap { $0 }.joined(separator: " – ").nilIfEmpty,
                notes: cells.text(notes)
            )
        case 1:
            try sink.service(
                line: row.line, date: date, odometer: cells.number(odometer), names: serviceNames(row),
                cost: cells.number(total), category: .maintenance, notes: cells.text(notes)
            )
        case 2:
            try sink.expense(
                line: row.line, date: date, odometer: cells.number(odometer), amount: cells.number(total),
                category: serviceNames(row).joined(separator: ", ").nilIfEmpty, notes: cells.text(notes)
            )
        case 3:
            sink.skip(line: row.line, reason: "trip records are not imported")
        case let other:
            sink.skip(line: row.line, reason: "the record type is not 0–3", detail: String(other))
        }
    }

    func finish(sink: ImportWriter?) throws {
        guard header != nil else { throw ImportError.badFile("\(label) has no header row.") }
        if sink != nil { try vehicles.requireChosen(in: label, calling: "Vehicle ID") }
    }

    /// Record Desc plus any unquoted spill-over columns after the last header, split at commas.
    private func serviceNames(_ row: CSVRow) -> [String] {
        guard let desc else { return [] }
        var parts = [row.string(desc)]
        if desc == columnCount - 1 && row.count > columnCount {
            parts += (columnCount..<row.count).map(row.string)
        }
        return parts.joined(separator: ",").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private func readHeader(_ row: CSVRow) throws {
        let map = HeaderMap(row.strings)
        header = map
        columnCount = row.count
        vehicle = map.index(["vehicle id", "vehicle"])
        odometer = map.index(["odometer"])
        quantity = map.index(["qty", "quantity"])
        partial = map.index(["partial tank", "partial"])
        missed = map.index(["missed fill up", "missed"])
        total = map.index(["total cost", "cost"])
        brand = map.index(["fuel brand"])
        station = map.index(["filling station", "station"])
        notes = map.index(["notes"])
        day = map.index(["day"])
        month = map.index(["month"])
        year = map.index(["year"])
        type = map.index(["record type"])
        desc = map.index(["record desc", "record description"])
        let required: [(String, Int?)] = [
            ("Odometer", odometer), ("Day", day), ("Month", month), ("Year", year), ("Record Type", type),
        ]
        let missing = required.filter { $0.1 == nil }.map(\.0)
        guard missing.isEmpty else {
            throw ImportError.badFile(
                "\(label) does not look like a Simply Auto Fuel_Log.csv: it has no \(missing.joined(separator: ", ")) column. Try --source auto."
            )
        }
    }
}
