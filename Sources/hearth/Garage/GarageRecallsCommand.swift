import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

/// `hearth garage recalls VEHICLE|VIN`.
struct GarageRecallsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recalls",
        abstract:
            "Safety recalls NHTSA lists for a vehicle's make, model and year, or for the vehicle a VIN identifies.",
        discussion:
            "Give a vehicle (its name or the start of its id) or a 17-character VIN. A VIN is decoded with NHTSA's vPIC for its make, model and year; so is the VIN of a vehicle that lacks them."
    )
    @OptionGroup var options: GarageOptions
    @OptionGroup var nhtsa: NHTSAOptions
    @Argument(help: "The vehicle, or a VIN.") var vehicle: String

    func run() async throws {
        let store = try options.openStore()
        let client = try nhtsa.client()
        let lookup = VINLookup(nhtsa: client, analytics: store.analytics)
        let (make, model, year) = try await target(store: store, lookup: lookup)
        let recalls = try await client.recalls(make: make, model: model, modelYear: year)
        if options.json { return try GarageOutput.json(recalls) }
        guard !recalls.isEmpty else { return print("NHTSA lists no recalls for the \(year) \(make) \(model).") }
        print("\(recalls.count) recall\(recalls.count == 1 ? "" : "s") for the \(year) \(make) \(model):")
        for recall in recalls {
            var flags: [String] = []
            if recall.parkIt { flags.append("DO NOT DRIVE") }
            if recall.parkOutside { flags.append("PARK OUTSIDE") }
            if recall.overTheAirUpdate { flags.append("over-the-air fix") }
            print(
                "\n\(recall.campaignNumber)  \(recall.component ?? "")\(flags.isEmpty ? "" : "  [" + flags.joined(separator: ", ") + "]")"
            )
            if let date = recall.reportReceivedDate { print("  Reported \(date.iso)") }
            if let summary = recall.summary { print("  \(summary)") }
            if let remedy = recall.remedy { print("  Remedy: \(remedy)") }
        }
    }

    /// The make, model and year to search: a vehicle's own, or what vPIC decodes from a VIN (given, or the
    /// vehicle's when it lacks them).
    private func target(store: GarageStore, lookup: any VINLookingUp) async throws -> (String, String, Int) {
        let found: Vehicle
        do {
            found = try await store.vehicle(matching: vehicle)
        } catch let error as ServiceError where error.code == .notFound {
            guard case .success = VIN.parse(vehicle) else {
                throw ServiceError(.notFound, "\(error.message) Or give a 17-character VIN.", underlying: error)
            }
            return try await lookup.vehicle(forVIN: vehicle)
        }
        if !found.make.isEmpty, !found.model.isEmpty, found.year > 0 { return (found.make, found.model, found.year) }
        if let vin = found.vin { return try await lookup.vehicle(forVIN: vin) }
        throw ServiceError.validationFailed(
            "\(found.displayName) needs a make, model and year (or a VIN) for a recall search; set them with `hearth garage vehicle update`."
        )
    }
}
