import Foundation
import HearthCore
import HearthExchange

/// The fuelly.com web export: one header row, one row per fill-up for every car of the account.
/// Columns include car_name, odometer, miles (or km), gallons (or litres), price (per unit), fuelup_date
/// (MM/DD/YYYY with an optional H:MM), missed_fuelup, partial_fuelup, notes, brand.
final class FuellyWebParser: ImportParser {
    var conventions = FileConventions()
    private var header: HeaderMap?
    private var vehicles: SourceVehicleFilter
    private let label: String
    private var car, odometer, volume, price, total, date, notes, missed, partial, brand, tags: Int?
    /// Derived columns (economy, trip distance): read only for what their decimals say about the file.
    private var economy, distance: Int?

    init(sourceVehicle: String?, label: String) {
        vehicles = SourceVehicleFilter(wanted: sourceVehicle)
        self.label = label
    }

    var vehicleNames: [String] { vehicles.names }

    func consume(_ row: CSVRow, sink: ImportWriter?) throws {
        guard header != nil else { return try readHeader(row) }
        guard let sink else {
            Cells.observe(row, dates: [date], numbers: [volume, price, total, economy, distance], into: &conventions)
            return
        }
        let cells = Cells(row: row, conventions: conventions)
        if let reason = vehicles.skipReason(for: cells.text(car)) { return sink.skip(line: row.line, reason: reason) }
        guard let day = cells.day(date) else {
            return sink.skip(line: row.line, reason: "the date is not a date", detail: cells.raw(date))
        }
        var note = cells.text(notes)
        if let tagged = cells.text(tags) { note = (note.map { $0 + ". " } ?? "") + "Tags: " + tagged }
        try sink.fuel(
            line: row.line, date: day, odometer: cells.number(odometer), volume: cells.number(volume),
            totalCost: cells.number(total), pricePerUnit: cells.number(price),
            partial: cells.bool(partial) ?? false, missed: cells.bool(missed) ?? false,
            station: cells.text(brand), notes: note
        )
    }

    func finish(sink: ImportWriter?) throws {
        guard header != nil else { throw ImportError.badFile("\(label) has no header row.") }
        if sink != nil { try vehicles.requireChosen(in: label, calling: "car called") }
    }

    private func readHeader(_ row: CSVRow) throws {
        let map = HeaderMap(row.strings)
        header = map
        car = map.index(["car name", "car", "vehicle"])
        odometer = map.index(["odometer"])
        date = map.index(["fuelup date", "date"])
        let litres = map.index(["litres", "liters", "l"])
        volume = litres ?? map.index(["gallons", "volume", "quantity"])
        price = map.index(["price", "price per unit"])
        total = map.index(["total cost", "cost", "total"])
        notes = map.index(["notes", "note"])
        tags = map.index(["tags"])
        missed = map.index(["missed fuelup", "missed"])
        partial = map.index(["partial fuelup", "partial"])
        brand = map.index(["brand", "station"])
        economy = map.index(["mpg", "l 100km", "km l"])
        distance = map.index(["miles", "km"])
        // Metric accounts export km and litres.
        if conventions.distance == nil, map.index(["km"]) != nil || map.index(["l 100km"]) != nil {
            conventions.distance = .kilometers
        }
        if conventions.volume == nil { conventions.volume = litres != nil ? .liters : .gallons }
        var missing: [String] = []
        if date == nil { missing.append("fuelup_date") }
        if odometer == nil && volume == nil { missing.append("odometer or gallons") }
        guard missing.isEmpty else {
            throw ImportError.badFile(
                "\(label) does not look like a fuelly.com export: it has no \(missing.joined(separator: " and ")) column (its columns are \(map.headers.prefix(12).joined(separator: ", "))). Try --source auto."
            )
        }
    }
}
