import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

/// `hearth garage recalls VEHICLE`.
struct GarageRecalls: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "recalls", abstract: "Safety recalls NHTSA lists for a vehicle's make, model and year.")
    @OptionGroup var options: GarageOptions
    @OptionGroup var nhtsa: NHTSAOptions
    @Argument(help: "The vehicle.") var vehicle: String

    func run() async throws {
        let store = try options.openStore()
        let found = try await store.vehicle(matching: vehicle)
        guard !found.make.isEmpty, !found.model.isEmpty, found.year > 0 else {
            throw ServiceError.validationFailed("\(found.displayName) needs a make, model and year for a recall search; set them with `hearth garage vehicle update`.")
        }
        let recalls = try await nhtsa.client().recalls(make: found.make, model: found.model, modelYear: found.year)
        if options.json { return try GarageOutput.json(recalls) }
        guard !recalls.isEmpty else { return print("NHTSA lists no recalls for the \(found.year) \(found.make) \(found.model).") }
        print("\(recalls.count) recall\(recalls.count == 1 ? "" : "s") for the \(found.year) \(found.make) \(found.model):")
        for recall in recalls {
            var flags: [String] = []
            if recall.parkIt { flags.append("DO NOT DRIVE") }
            if recall.parkOutside { flags.append("PARK OUTSIDE") }
            if recall.overTheAirUpdate { flags.append("over-the-air fix") }
            print("\n\(recall.campaignNumber)  \(recall.component ?? "")\(flags.isEmpty ? "" : "  [" + flags.joined(separator: ", ") + "]")")
            if let date = recall.reportReceivedDate { print("  Reported \(date.iso)") }
            if let summary = recall.summary { print("  \(summary)") }
            if let remedy = recall.remedy { print("  Remedy: \(remedy)") }
        }
    }
}
