import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

/// `hearth garage vin decode VIN [--online]`.
struct GarageVINCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vin", abstract: "Check and decode VINs.", subcommands: [Decode.self])

    struct Decode: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a VIN offline (check digit, model year, region); --online also asks NHTSA."
        )
        @OptionGroup var options: GarageOptions
        @OptionGroup var nhtsa: NHTSAOptions
        @Argument(help: "The VIN; O, I and Q are read as 0, 1 and 0.") var vin: String
        @Flag(help: "Also decode with NHTSA's vPIC service.") var online = false
        @Option(name: .customLong("model-year"), help: "Helps vPIC with pre-1981 or ambiguous VINs.") var modelYear:
            Int?

        func run() async throws {
            let store = try options.openStore()
            let lookup = VINLookup(nhtsa: online ? try nhtsa.client() : nil, analytics: store.analytics)
            let report = try await lookup.decode(vin, online: online, modelYear: modelYear)
            if options.json { return try GarageOutput.json(report) }
            GarageVINCommand.print(report)
        }
    }

    /// The report as a table, with warnings about the check digit and what NHTSA said on stderr.
    static func print(_ report: VINReport) {
        if report.corrected { Swift.print("Read as \(report.vin) (O, I and Q are not used in VINs).") }
        var rows: [[String]] = [
            ["VIN", report.vin],
            [
                "Check digit",
                report.checkDigitValid
                    ? "\(report.checkDigit) (valid)" : "\(report.checkDigit), expected \(report.expectedCheckDigit)",
            ],
            ["Model year", report.modelYear.map(String.init) ?? "unknown"],
            ["Region", report.region + (report.country.map { " (\($0))" } ?? "")],
            ["Maker (WMI \(report.vin.prefix(3)))", report.manufacturer ?? "not in the offline table"],
        ]
        if let decoded = report.nhtsa {
            let engineParts = [decoded.displacementL.map { "\($0) L" }, decoded.engineCylinders.map { "\($0) cyl" }]
                .compactMap { $0 }
            let fields: [(String, String?)] = [
                ("Make", decoded.make), ("Model", decoded.model),
                ("NHTSA model year", decoded.modelYear.map(String.init)),
                ("Trim", decoded.trim), ("Series", decoded.series), ("Body", decoded.bodyClass),
                ("Type", decoded.vehicleType),
                ("Drive", decoded.driveType), ("Fuel", decoded.fuelTypePrimary),
                ("Engine", engineParts.isEmpty ? nil : engineParts.joined(separator: ", ")),
                ("Plant", decoded.plantCountry), ("Manufacturer", decoded.manufacturer),
            ]
            rows += fields.compactMap { label, value in value.map { [label, $0] } }
        }
        GarageOutput.table(["FIELD", "VALUE"], rows)
        if !report.checkDigitValid {
            GarageOutput.note(
                "warning: the check digit does not match; check for a typo (vehicles built outside North America may not use it)."
            )
        }
        if let decoded = report.nhtsa, !decoded.isClean {
            GarageOutput.note(
                "NHTSA: \(decoded.errorText ?? "error codes \(decoded.errorCodes)")\(decoded.suggestedVIN.map { " Suggested VIN: \($0)." } ?? "")"
            )
        }
    }
}
