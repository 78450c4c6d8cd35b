import Foundation
import HearthCore
import HearthExchange

/// Any CSV with one header row, read through a ``GenericMapping`` the user gives: a row with a fuel
/// quantity becomes a fill-up, a row with a service name a service log.
final class GenericParser: ImportParser {
    var conventions = FileConventions()
    private let mapping: GenericMapping
    private let label: String
    private var header: HeaderMap?
    private var date, odometer, cost, service, volume, notes: Int?

    init(mapping: GenericMapping, label: String) {
        self.mapping = mapping
        self.label = label
    }

    func consume(_ row: CSVRow, sink: ImportWriter?) throws {
        guard header != nil else { return try readHeader(row) }
        guard let sink else {
            Cells.observe(row, dates: [date], numbers: [cost, volume], into: &conventions)
            return
        }
        let cells = Cells(row: row, conventions: conventions)
        guard let day = cells.day(date) else {
            return sink.skip(line: row.line, reason: "the date is not a date", detail: cells.raw(date))
        }
        if let quantity = cells.number(volume) {
            try sink.fuel(
                line: row.line, date: day, odometer: cells.number(odometer), volume: quantity,
                totalCost: cells.number(cost),
                partial: false, missed: false, station: nil, notes: cells.text(notes)
            )
        } else if let name = cells.text(service) {
            try sink.service(
                line: row.line, date: day, odometer: cells.number(odometer), names: [name], cost: cells.number(cost),
                category: .maintenance, notes: cells.text(notes)
            )
        } else {
            sink.skip(line: row.line, reason: "the row has neither a service name nor a fuel quantity")
        }
    }

    func finish(sink: ImportWriter?) throws {
        guard header != nil else { throw ImportError.badFile("\(label) has no header row.") }
    }

    private func readHeader(_ row: CSVRow) throws {
        let map = HeaderMap(row.strings)
        header = map
        var missing: [String] = []
        func column(_ name: String?, _ field: String) -> Int? {
            guard let name else { return nil }
            guard let index = map.index([name]) else {
                missing.append("\(field)=\"\(name)\"")
                return nil
            }
            return index
        }
        date = column(mapping.date, "date")
        odometer = column(mapping.odometer, "odometer")
        cost = column(mapping.cost, "cost")
        service = column(mapping.service, "service")
        volume = column(mapping.volume, "volume")
        notes = column(mapping.notes, "notes")
        guard missing.isEmpty else {
            throw ImportError.badFile(
                "\(label) has no column for --map \(missing.joined(separator: ", ")); its columns are \(map.headers.map { "\"\($0)\"" }.joined(separator: ", "))."
            )
        }
        guard service != nil || volume != nil else {
            throw ImportError.invalidOption(
                "Map a service column (--map service=HEADER) or a fuel quantity column (--map volume=HEADER), or there is nothing to import"
            )
        }
    }
}
