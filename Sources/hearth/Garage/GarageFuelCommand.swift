import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

/// `hearth garage fuel [show] VEHICLE`, `hearth garage fuel add VEHICLE …` and `fuel edit|delete ID`.
struct GarageFuelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuel",
        abstract: "Fuel economy by the full-tank method, and fill-ups.",
        subcommands: [Show.self, Add.self, Edit.self, Delete.self],
        defaultSubcommand: Show.self
    )

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A vehicle's fuel economy: each full fill-up's figure, the average and the cost per distance.",
            discussion: """
                Each full fill-up measures the distance since the previous full one against the fuel bought since
                then, partial fills included. A fill-up marked as following a missed one starts over.
                """
        )
        @OptionGroup var options: GarageOptions
        @Argument(help: "The vehicle: its name or the start of its id.") var vehicle: String
        @Option(help: "mpg (US) or l/100km (default mpg).") var units: FuelEconomyUnit = .mpg

        func run() async throws {
            let store = try options.openStore()
            let found = try await store.vehicle(matching: vehicle)
            let economy = try await store.fuelEconomy(of: found.id)
            if options.json { return try GarageOutput.json(economy) }
            print("\(found.displayName): \(economy.entries.count) fill-up\(economy.entries.count == 1 ? "" : "s")")
            guard !economy.entries.isEmpty else {
                return print(
                    "No fill-ups yet. Add one with `hearth garage fuel add \"\(found.displayName)\" --odometer 42100 --gallons 11.2 --cost 41.30`."
                )
            }
            let kilometres = units == .litersPer100km
            GarageOutput.table(
                [
                    "DATE", kilometres ? "ODOMETER KM" : "ODOMETER", kilometres ? "LITRES" : "GALLONS", "COST", "TANK",
                    units.label.uppercased(), "ID",
                ],
                economy.entries.map { entry in
                    let fillUp = entry.fillUp
                    return [
                        fillUp.date.iso,
                        fillUp.odometer.map {
                            GarageOutput.number(kilometres ? Int((Double($0) * 1.609344).rounded()) : $0)
                        } ?? "—",
                        fillUp.gallons.map { GarageFuelCommand.quantity($0, litres: kilometres) } ?? "—",
                        GarageOutput.money(fillUp.totalCost),
                        fillUp.isPartial ? "partial" : "full",
                        entry.mpg.map { GarageFuelCommand.figure($0, units) }
                            ?? GarageFuelCommand.reasonText(entry.reason),
                        String(fillUp.id.uuidString.prefix(8)),
                    ]
                }
            )
            print(
                GarageFuelCommand.averageLine(economy, units: units)
                    ?? "No average yet: it takes two full fill-ups with odometer readings.")
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Record a fill-up.")
        @OptionGroup var options: GarageOptions
        @Argument(help: "The vehicle: its name or the start of its id.") var vehicle: String
        @Option(help: "The odometer, in miles.") var odometer: Int?
        @Option(help: "Fuel bought, in US gallons, such as 11.452.") var gallons: String?
        @Option(help: "Fuel bought, in litres (instead of --gallons).") var litres: String?
        @Option(help: "What it cost, such as 41.30.") var cost: String?
        @Option(help: "The day, yyyy-MM-dd (default today).") var date: String?
        @Flag(help: "The tank was not filled to the top.") var partial = false
        @Flag(help: "One or more fill-ups before this one were not recorded.") var missed = false
        @Option var station: String?
        @Option var notes: String?

        func validate() throws {
            if gallons != nil && litres != nil { throw ValidationError("Give --gallons or --litres, not both.") }
        }

        func run() async throws {
            let store = try options.openStore()
            let found = try await store.vehicle(matching: vehicle)
            var quantity = gallons
            if let litres {
                guard let value = Double(litres.trimmingCharacters(in: .whitespaces)), value > 0 else {
                    throw ValidationError(
                        "--litres \"\(litres)\" is not a quantity; give litres above 0, such as 42.5.")
                }
                quantity = String(format: "%.3f", value / 3.785411784)
            }
            let log = try await store.addFillUp(
                FillUpDraft(
                    date: try GarageArguments.day(date, "--date"), odometer: odometer, gallons: quantity, cost: cost,
                    isPartial: partial, missedPrevious: missed, station: station, notes: notes
                ),
                to: found.id
            )
            if options.json { return try GarageOutput.json(log) }
            let economy = try await store.fuelEconomy(of: found.id)
            let figure = economy.entries.first { $0.fillUp.id == log.id }?.mpg
            print(
                "Recorded a \(partial ? "partial" : "full") fill-up for \(found.displayName) on \(log.date)"
                    + (figure.map { ": \(GarageFuelCommand.figure($0, .mpg))." } ?? "."))
            if let line = GarageFuelCommand.averageLine(economy, units: .mpg) { print(line) }
        }
    }

    /// "Average 31.2 mpg over 1,204 miles; fuel cost $0.112 per mile" (nil before the first complete chain).
    static func averageLine(_ economy: FuelEconomy, units: FuelEconomyUnit) -> String? {
        guard let mpg = economy.averageMPG else { return nil }
        let kilometres = units == .litersPer100km
        let distance =
            kilometres
            ? "\(GarageOutput.number(Int((Double(economy.distance) * 1.609344).rounded()))) km"
            : "\(GarageOutput.number(economy.distance)) miles"
        var line = "Average \(figure(mpg, units)) over \(distance)"
        if let cost = kilometres ? economy.costPerKilometer : economy.costPerMile {
            let money = Formatting.currency(cost, fractionDigits: 3)
            line += "; fuel cost \(money) per \(kilometres ? "km" : "mile")"
        }
        return line + "."
    }

    static func figure(_ mpg: Double, _ units: FuelEconomyUnit) -> String {
        String(format: "%.1f %@", units.value(fromMPG: mpg), units.label)
    }

    static func quantity(_ gallons: Decimal, litres: Bool) -> String {
        let value = NSDecimalNumber(decimal: gallons).doubleValue
        return String(format: "%.2f", litres ? value * 3.785411784 : value)
    }

    static func reasonText(_ reason: FuelEconomy.NoFigureReason?) -> String {
        switch reason {
        case .first: "— (first)"
        case .partial: "— (partial)"
        case .missedPrevious: "— (after a missed fill-up)"
        case .incomplete: "— (no odometer or quantity)"
        case .noDistance: "— (odometer did not move)"
        case nil: "—"
        }
    }
}
