import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

/// `hearth garage vehicle add|list|update|remove`.
struct GarageVehicleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vehicle",
        abstract: "Add, list, change and remove vehicles.",
        subcommands: [
            Add.self, List.self, Show.self, Update.self, Archive.self, Unarchive.self, Photo.self, Remove.self,
        ]
    )

    /// The vehicle fields `add` and `update` share.
    struct Fields: ParsableArguments {
        @Option(help: "Your name for it, such as \"Daily\".") var name: String?
        @Option var make: String?
        @Option var model: String?
        @Option(help: "The model year.") var year: Int?
        @Option(help: "The odometer reading, in miles.") var mileage: Int?
        @Option(help: "The 17-character VIN (O, I and Q are read as 0, 1 and 0).") var vin: String?
        @Option(name: .customLong("plate"), help: "The licence plate.") var licensePlate: String?
        @Option(name: .customLong("tire-size")) var tireSize: String?
        @Option(name: .customLong("oil-type")) var oilType: String?
        @Option var notes: String?
        @Option(help: "When the marbete (Puerto Rico registration sticker) expires, as MM/YYYY; \"none\" clears it.")
        var marbete: String?
        @Option(help: "The picture it is shown with: \(VehicleIcon.names); \"none\" for the default.") var icon: String?

        func apply(to vehicle: inout Vehicle) throws {
            if let icon { vehicle.icon = icon.isEmpty || icon.lowercased() == "none" ? nil : icon.lowercased() }
            if let name { vehicle.name = name }
            if let make { vehicle.make = make }
            if let model { vehicle.model = model }
            if let year { vehicle.year = year }
            if let mileage { vehicle.currentMileage = mileage }
            if let vin { vehicle.vin = vin.isEmpty ? nil : vin }
            if let licensePlate { vehicle.licensePlate = licensePlate.isEmpty ? nil : licensePlate }
            if let tireSize { vehicle.tireSize = tireSize.isEmpty ? nil : tireSize }
            if let oilType { vehicle.oilType = oilType.isEmpty ? nil : oilType }
            if let notes { vehicle.notes = notes.isEmpty ? nil : notes }
            if let marbete {
                if marbete.lowercased() == "none" || marbete.isEmpty {
                    vehicle.marbeteExpirationMonth = nil
                    vehicle.marbeteExpirationYear = nil
                } else {
                    let parsed = try GarageArguments.marbete(marbete)
                    vehicle.marbeteExpirationMonth = parsed.month
                    vehicle.marbeteExpirationYear = parsed.year
                }
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a vehicle.")
        @OptionGroup var options: GarageOptions
        @OptionGroup var fields: Fields

        func run() async throws {
            let store = try options.openStore()
            var vehicle = Vehicle(make: "", model: "", year: 0)
            try fields.apply(to: &vehicle)
            let saved = try await store.addVehicle(vehicle)
            let warnings = GarageVehicleCommand.vinWarnings(saved)
            if options.json { return try GarageOutput.json(saved) }
            print("Added \(GarageOutput.label(saved)).")
            GarageOutput.warn(warnings)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the vehicles.")
        @OptionGroup var options: GarageOptions

        func run() async throws {
            let vehicles = try await options.openStore().vehicles()
            if options.json { return try GarageOutput.json(vehicles) }
            guard !vehicles.isEmpty else {
                return print(
                    "No vehicles yet. Add one with: hearth garage vehicle add --name Daily --make Honda --model Civic --year 2019"
                )
            }
            GarageOutput.table(
                ["ID", "NAME", "VEHICLE", "MILEAGE", "VIN", "MARBETE", "ARCHIVED"],
                vehicles.map { vehicle in
                    [
                        String(vehicle.id.uuidString.prefix(8)), vehicle.displayName,
                        [vehicle.year > 0 ? String(vehicle.year) : "", vehicle.make, vehicle.model].filter {
                            !$0.isEmpty
                        }.joined(separator: " "),
                        GarageOutput.number(vehicle.currentMileage), vehicle.vin ?? "—", vehicle.marbete?.label ?? "—",
                        vehicle.isArchived ? "yes" : "",
                    ]
                }
            )
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a vehicle: its details, what is due next, and its fuel economy.")
        @OptionGroup var options: GarageOptions
        @Argument(help: "The vehicle: its name or the start of its id.") var vehicle: String

        func run() async throws {
            let store = try options.openStore()
            let found = try await store.vehicle(matching: vehicle)
            guard let due = try await store.due(vehicleID: found.id).first else {
                throw ServiceError.notFound("Vehicle \(found.displayName)")
            }
            let economy = try await store.fuelEconomy(of: found.id)
            if options.json { return try GarageOutput.json(due) }
            let v = due.vehicle
            var rows: [[String]] = [
                [
                    "Vehicle",
                    [v.year > 0 ? String(v.year) : "", v.make, v.model].filter { !$0.isEmpty }.joined(separator: " "),
                ],
                [
                    "Mileage",
                    "\(GarageOutput.number(v.currentMileage)) miles"
                        + (v.mileageUpdatedAt.map { ", read \(CalendarDay($0, in: .current).iso)" } ?? ""),
                ],
            ]
            for (label, value) in [
                ("VIN", v.vin), ("Plate", v.licensePlate), ("Tire size", v.tireSize), ("Oil", v.oilType),
                ("Notes", v.notes),
            ] {
                if let value { rows.append([label, value]) }
            }
            if let marbete = due.marbete {
                rows.append(["Marbete", "\(marbete.expiresOn.iso) (\(marbete.status.label))"])
            }
            if let pace = due.pace {
                rows.append([
                    "Pace", String(format: "%.1f mi/day, %@ confidence", pace.milesPerDay, pace.confidence.rawValue),
                ])
            }
            rows.append([
                "Fuel",
                GarageFuelCommand.averageLine(economy, units: .mpg)
                    ?? "no average yet (\(economy.entries.count) fill-ups)",
            ])
            if let next = due.items.first {
                rows.append([
                    "Next",
                    "\(next.service.name): \(next.status.label)"
                        + (next.effectiveDueDate.map { ", by \($0.iso)" } ?? ""),
                ])
            }
            if let bill = due.expenses.first {
                rows.append([
                    "Next bill",
                    "\(bill.expense.category) (\(bill.expense.kind.rawValue)): \(bill.status.label), by \(bill.dueDate.iso)",
                ])
            }
            print(GarageOutput.label(v))
            for row in rows { print("  \(row[0].padding(toLength: 10, withPad: " ", startingAt: 0)) \(row[1])") }
        }
    }

    struct Update: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a vehicle's details (a new mileage is recorded as a reading).")
        @OptionGroup var options: GarageOptions
        @Argument(help: "The vehicle: its name or the start of its id.") var vehicle: String
        @OptionGroup var fields: Fields

        func run() async throws {
            let store = try options.openStore()
            let current = try await store.vehicle(matching: vehicle)
            var changed = current
            try fields.apply(to: &changed)
            let final = changed
            let saved = try await store.updateVehicle(current.id) { $0 = final }
            if options.json { return try GarageOutput.json(saved) }
            print(
                saved == current
                    ? "Nothing to change on \(GarageOutput.label(saved))." : "Updated \(GarageOutput.label(saved)).")
            GarageOutput.warn(GarageVehicleCommand.vinWarnings(saved))
        }
    }

    struct Archive: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Archive a vehicle sold or parked for good: its history stays, it leaves the due lists and reminders.")
        @OptionGroup var options: GarageOptions
        @Argument(help: "The vehicle: its name or the start of its id.") var vehicle: String

        func run() async throws { try await GarageVehicleCommand.archive(vehicle, true, options) }
    }

    struct Unarchive: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Bring an archived vehicle back to the due lists and reminders.")
        @OptionGroup var options: GarageOptions
        @Argument(help: "The vehicle: its name or the start of its id.") var vehicle: String

        func run() async throws { try await GarageVehicleCommand.archive(vehicle, false, options) }
    }

    struct Photo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a vehicle with a photo (a picture of at most 10 MB) instead of its icon, or --remove it.",
            discussion:
                "The picture is copied into the documents folder beside the database; `hearth garage sync` uploads it, and the other devices and the pages show it."
        )
        @OptionGroup var options: GarageOptions
        @Argument(help: "The vehicle: its name or the start of its id.") var vehicle: String
        @Argument(help: "The picture (PNG, JPEG, GIF, BMP, TIFF or WebP).") var file: String?
        @Flag(help: "Show the vehicle with its icon again.") var remove = false

        func validate() throws {
            if remove == (file != nil) {
                throw ValidationError("Give the picture's file, or --remove (not both).")
            }
        }

        func run() async throws {
            let store = try options.openStore()
            let found = try await store.vehicle(matching: vehicle)
            let saved: Vehicle
            if let file {
                saved = try await store.setPhoto(copying: file, of: found.id)
            } else {
                saved = try await store.setPhoto(nil, of: found.id)
                // The copy goes too (a name synced from elsewhere is only trusted when it is a plain file name).
                if let old = found.photoFile, VehicleDocument.isPlainFileName(old), let folder = store.documentsFolder {
                    try? FileManager.default.removeItem(at: folder.appendingPathComponent(old))
                }
            }
            if options.json { return try GarageOutput.json(saved) }
            print(
                file == nil
                    ? "\(GarageOutput.label(saved)) is shown with its icon again."
                    : "\(GarageOutput.label(saved)) is shown with \(file ?? ""); `hearth garage sync` sends it to your other devices and the pages."
            )
        }
    }

    /// Archives (or brings back) the vehicle `name` names, and says so.
    static func archive(_ name: String, _ archived: Bool, _ options: GarageOptions) async throws {
        let store = try options.openStore()
        let found = try await store.vehicle(matching: name)
        let saved = try await store.updateVehicle(found.id) { $0.isArchived = archived }
        if options.json { return try GarageOutput.json(saved) }
        print(
            archived
                ? "Archived \(GarageOutput.label(saved)): its history stays; it is out of the due lists and reminders."
                : "\(GarageOutput.label(saved)) is back in the due lists and reminders.")
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a vehicle with its services, logs and readings.")
        @OptionGroup var options: GarageOptions
        @Argument(help: "The vehicle: its name or the start of its id.") var vehicle: String
        @Flag(help: "Confirm: the vehicle's whole history is deleted.") var yes = false

        func run() async throws {
            let store = try options.openStore()
            let found = try await store.vehicle(matching: vehicle)
            guard yes else {
                throw ServiceError.validationFailed(
                    "Removing \(GarageOutput.label(found)) deletes its services, logs and readings. Add --yes to confirm."
                )
            }
            try await store.removeVehicle(found.id)
            if options.json { return try GarageOutput.json(["removed": found.id.uuidString]) }
            print("Removed \(GarageOutput.label(found)).")
        }
    }

    /// A warning when the VIN's check digit does not match (normal outside North America).
    static func vinWarnings(_ vehicle: Vehicle) -> [GarageWarning] {
        guard let text = vehicle.vin, case .success(let vin) = VIN.parse(text), !vin.isCheckDigitValid else {
            return []
        }
        return [
            GarageWarning(
                .vinCheckDigit,
                "The VIN's check digit is \(vin.checkDigit) but should be \(vin.expectedCheckDigit); check for a typo (vehicles built outside North America may not use it)."
            )
        ]
    }
}
