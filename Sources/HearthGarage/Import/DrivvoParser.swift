import Foundation
import HearthCore
import HearthExchange

/// Drivvo's per-car export: sections headed `##Refuelling`, `##Expense`, `##Service` (older files also
/// `##Vehicle`; Spanish files `#Reabastecimiento`, `#Servicio`), each with a header row in the user's
/// language. Dates are `yyyy-MM-dd HH:mm:ss`; odometers `491791.0` with `0.0` meaning "not recorded";
/// money uses '.', while derived consumption cells use a decimal comma and a unit (`6,414 л/100км`).
/// Service sections have one row per service item, the visit's total repeated on each.
///
/// Header words are never a closed list: a section's columns come in one order whatever the language, so a
/// column whose header is not recognised is read by its position in the section's known layout, and a
/// section whose title is not recognised is told by its column count. The report says when either happened.
final class DrivvoParser: ImportParser {
    enum Section: Equatable {
        case vehicle, refuelling, expense, service
        case other(String)
    }

    var conventions = FileConventions()
    private var section: Section?
    private var header: HeaderMap?
    private let label: String
    private var sawSection = false

    private var odometer, date, total, price, quantity, fullTank, station, note, serviceTypes, serviceName, title,
        expenseType: Int?
    /// The visit the previous service row belonged to, so its total is counted once.
    private var lastVisit: (date: String, odometer: String, total: String)?

    /// What a column holds, for reading columns by position.
    enum Role: String {
        case odometer, date, fuel, price, total, quantity, fullTank, station, driver, reason, note, consumption
        case serviceTypes, serviceName, payment, title, discount, expenseType
        case second  // the second fuel of a dual-fuel refuelling row
    }

    /// Each section's columns in the order Drivvo writes them, in every language. Refuelling rows have a
    /// second group of fuel columns in exports of dual-fuel (flex) vehicles.
    static let layouts: [(section: Section, roles: [Role])] = [
        (
            .refuelling,
            [
                .odometer, .date, .fuel, .price, .total, .quantity, .fullTank,
                .second, .second, .second, .second, .second, .station, .driver, .reason, .note, .consumption,
            ]
        ),
        (
            .refuelling,
            [
                .odometer, .date, .fuel, .price, .total, .quantity, .fullTank, .station, .driver, .reason, .note,
                .consumption,
            ]
        ),
        (.expense, [.odometer, .date, .total, .expenseType, .driver, .payment, .note]),
        (
            .service,
            [.odometer, .date, .total, .serviceTypes, .serviceName, .driver, .payment, .note, .title, .discount]
        ),
    ]

    /// The section a header row of `count` columns belongs to, when only one layout has that many.
    static func section(forColumnCount count: Int) -> Section? {
        let matches = layouts.filter { $0.roles.count == count }
        return matches.count == 1 ? matches[0].section : nil
    }

    /// A title whose section was told by the header's column count, waiting for that header.
    private var unknownTitle: String?

    init(label: String) {
        self.label = label
        // Drivvo writes money with '.' whatever the language; only derived cells use a comma.
        conventions.decimal = .dot
        conventions.dateOrder = .monthFirst  // dates are year-first: the order never matters
    }

    /// Dates and decimals are fixed; only the distance unit is sniffed.
    var isSettled: Bool { conventions.distance != nil }

    /// Section names in the languages Drivvo exports, as header keys.
    private static let titles: [String: Section] = {
        var table: [String: Section] = [:]
        for name in [
            "refuelling", "refueling", "refuellings", "refuelings", "fuel", "reabastecimiento", "reabastecimientos",
            "abastecimento", "abastecimentos", "repostaje", "заправка", "заправки",
        ] { table[name] = .refuelling }
        for name in ["expense", "expenses", "gasto", "gastos", "despesa", "despesas", "расход", "расходы"] {
            table[name] = .expense
        }
        for name in [
            "service", "services", "servicio", "servicios", "servico", "servicos", "обслуживание", "сервис", "сервисы",
        ] { table[name] = .service }
        for name in ["vehicle", "vehiculo", "veiculo", "автомобиль", "транспортное средство"] { table[name] = .vehicle }
        return table
    }()

    /// The section a `#…` title line starts, or nil when the line is not a title.
    static func section(forTitle line: String) -> Section? {
        let trimmed = line.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        guard trimmed.hasPrefix("#") else { return nil }
        let name = trimmed.drop { $0 == "#" }
        let key = ImportText.headerKey(String(name))
        guard !key.isEmpty else { return nil }
        if let known = titles[key] { return known }
        return trimmed.hasPrefix("##") ? .other(String(name).trimmingCharacters(in: .whitespaces)) : nil
    }

    func consume(_ row: CSVRow, sink: ImportWriter?) throws {
        if row.count >= 1, let next = titleSection(row) {
            section = next
            header = nil
            sawSection = true
            lastVisit = nil
            unknownTitle = nil
            if case .other(let name) = next { unknownTitle = name }
            return
        }
        guard let section else {
            throw ImportError.badFile(
                "\(label) does not look like a Drivvo export: line \(row.line) comes before any section such as ##Refuelling or ##Service. Try --source auto."
            )
        }
        guard let header else { return readHeader(row, sink: sink) }
        guard let sink else {
            if section == .refuelling { sniffUnits(row, header: header) }
            return
        }
        let cells = Cells(row: row, conventions: conventions)
        switch section {
        case .vehicle:
            return  // the car's own details, not a record
        case .refuelling:
            guard let day = cells.day(date) else {
                return sink.skip(line: row.line, reason: "the date is not a date", detail: cells.raw(date))
            }
            try sink.fuel(
                line: row.line, date: day, odometer: cells.number(odometer), volume: cells.number(quantity),
                totalCost: cells.number(total), pricePerUnit: cells.number(price),
                partial: cells.bool(fullTank).map { !$0 } ?? false, missed: false,
                station: cells.text(station), notes: cells.text(note)
            )
        case .service:
            guard let day = cells.day(date) else {
                return sink.skip(line: row.line, reason: "the date is not a date", detail: cells.raw(date))
            }
            let name = cells.text(serviceTypes) ?? cells.text(serviceName) ?? cells.text(title)
            let visit = (cells.raw(date), cells.raw(odometer), cells.raw(total))
            let sameVisit = lastVisit.map { $0 == visit } ?? false
            lastVisit = visit
            let extra = [cells.text(title).flatMap { $0 == name ? nil : $0 }, cells.text(note)].compactMap { $0 }
            // "Service type(s)" lists several services separated by commas.
            let names = (name ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
            try sink.service(
                line: row.line, date: day, odometer: cells.number(odometer), names: names,
                cost: sameVisit ? nil : cells.number(total), category: .maintenance,
                notes: extra.joined(separator: ". ").nilIfEmpty
            )
        case .expense:
            guard let day = cells.day(date) else {
                return sink.skip(line: row.line, reason: "the date is not a date", detail: cells.raw(date))
            }
            try sink.expense(
                line: row.line, date: day, odometer: cells.number(odometer), amount: cells.number(total),
                category: cells.text(expenseType), notes: cells.text(note)
            )
        case .other(let name):
            sink.skip(line: row.line, reason: "section \"\(name)\" is not imported")
        }
    }

    func finish(sink: ImportWriter?) throws {
        guard sawSection else {
            throw ImportError.badFile(
                "\(label) does not look like a Drivvo export: it has no ##Refuelling, ##Expense or ##Service section. Try --source auto."
            )
        }
    }

    private func titleSection(_ row: CSVRow) -> Section? {
        let first = FieldBytes.trimmed(row[0])
        guard first.first == UInt8(ascii: "#") else { return nil }
        // A title has nothing in its other cells.
        guard (1..<row.count).allSatisfy({ FieldBytes.trimmed(row[$0]).isEmpty }) else { return nil }
        return Self.section(forTitle: String(decoding: first, as: UTF8.self))
    }

    private func readHeader(_ row: CSVRow, sink: ImportWriter?) {
        let map = HeaderMap(row.strings)
        header = map
        if let name = unknownTitle {
            // A section title in a language not known here: its column count tells which section it is.
            unknownTitle = nil
            if let told = Self.section(forColumnCount: row.count) {
                section = told
                sink?.note("Section \"\(name)\" was read as \(Self.describe(told)) from its \(row.count) columns.")
            }
        }
        odometer = map.index(["odometer", "odometro", "одометр", "пробег"])
        date = map.index(["date", "fecha", "data", "дата"])
        total = map.index([
            "total cost", "costo total", "coste total", "valor total", "custo total", "общая стоимость", "стоимость",
            "итого", "сумма",
        ])
        price = map.index(["price", "precio", "preco", "цена"])
        quantity = map.index([
            "liters", "litres", "gallons", "quantity", "volume", "litros", "galones", "galoes", "cantidad",
            "quantidade",
            "литры", "литров", "количество", "объем",
        ])
        fullTank = map.index(["full tank", "tanque lleno", "tanque cheio", "полный бак"])
        station = map.index([
            "gas station", "station", "gasolinera", "estacion", "posto", "posto de combustivel", "азс",
            "заправочная станция",
        ])
        note = map.index([
            "note", "notes", "nota", "notas", "observacion", "observaciones", "observacao", "observacoes", "примечание",
            "заметка", "комментарий",
        ])
        serviceTypes = map.index([
            "service type s", "service types", "service type", "tipo s de servicio", "tipos de servicio",
            "tipo de servicio",
            "tipo s de servico", "tipos de servico", "tipo de servico", "тип ы обслуживания", "типы обслуживания",
            "тип обслуживания", "вид обслуживания",
        ])
        serviceName = map.index([
            "service name", "service", "nombre del servicio", "servicio", "nome do servico", "servico",
            "название обслуживания", "обслуживание",
        ])
        title = map.index(["title", "titulo", "заголовок", "название"])
        expenseType = map.index([
            "expense type s", "expense types", "expense type", "tipo s de gasto", "tipos de gasto", "tipo de gasto",
            "tipo s de despesa", "tipos de despesa", "tipo de despesa", "тип ы расходов", "типы расходов",
            "тип расхода",
        ])
        fillByPosition(map, columnCount: row.count, sink: sink)
        if conventions.volume == nil, let quantity, let name = map.name(quantity) {
            conventions.volume = VolumeUnit(name: name)
        }
    }

    /// Reads columns whose header word is unknown by their place in the section's layout, when the header
    /// has exactly the layout's columns and that place holds no column recognised as something else.
    private func fillByPosition(_ map: HeaderMap, columnCount: Int, sink: ImportWriter?) {
        guard let section,
            let layout = Self.layouts.first(where: { $0.section == section && $0.roles.count == columnCount })
        else { return }
        let fields: [(Role, ReferenceWritableKeyPath<DrivvoParser, Int?>, String)] = [
            (.odometer, \.odometer, "odometer"), (.date, \.date, "date"), (.total, \.total, "total cost"),
            (.price, \.price, "price"), (.quantity, \.quantity, "quantity"), (.fullTank, \.fullTank, "full tank"),
            (.station, \.station, "station"), (.note, \.note, "note"), (.serviceTypes, \.serviceTypes, "service types"),
            (.serviceName, \.serviceName, "service name"), (.title, \.title, "title"),
            (.expenseType, \.expenseType, "expense type"),
        ]
        let claimed = Set(fields.compactMap { self[keyPath: $0.1] })
        var guessed: [String] = []
        for (role, keyPath, label) in fields where self[keyPath: keyPath] == nil {
            guard let position = layout.roles.firstIndex(of: role), !claimed.contains(position) else { continue }
            self[keyPath: keyPath] = position
            guessed.append("\"\(map.name(position) ?? "")\" as \(label)")
        }
        if !guessed.isEmpty {
            sink?.note(
                "In \(Self.describe(section)), columns with unknown headers were read by their position in Drivvo's layout: \(guessed.joined(separator: ", "))."
            )
        }
    }

    private static func describe(_ section: Section) -> String {
        switch section {
        case .refuelling: "the refuelling section"
        case .expense: "the expense section"
        case .service: "the service section"
        case .vehicle: "the vehicle section"
        case .other(let name): "section \"\(name)\""
        }
    }

    /// Consumption and distance cells carry their unit ("6,414 л/100км", "12,5 km/l", "28.4 mpg").
    private func sniffUnits(_ row: CSVRow, header: HeaderMap) {
        guard conventions.distance == nil else { return }
        for index in 0..<row.count {
            let text = String(decoding: row[index], as: UTF8.self).lowercased()
            guard text.contains(where: \.isNumber) else { continue }
            if text.contains("km") || text.contains("км") {
                conventions.distance = .kilometers
                conventions.volume = conventions.volume ?? .liters
                return
            }
            if text.contains("mpg") || text.contains("mi/") || text.hasSuffix(" mi") {
                conventions.distance = .miles
                conventions.volume = conventions.volume ?? .gallons
                return
            }
        }
    }
}
