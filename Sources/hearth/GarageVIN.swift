import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

/// `hearth garage vin decode VIN [--online]`.
struct GarageVIN: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "vin", abstract: "Check and decode VINs.", subcommands: [Decode.self])

    struct Decode: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a VIN offline (check digit, model year, region); --online also asks NHTSA."
        )
        @OptionGroup var options: GarageOptions
        @OptionGroup var nhtsa: NHTSAOptions
        @Argument(help: "The VIN; O, I and Q are read as 0, 1 and 0.") var vin: String
        @Flag(help: "Also decode with NHTSA's vPIC service.") var online = false
        @Option(name: .customLong("model-year"), help: "Helps vPIC with pre-1981 or ambiguous VINs.") var modelYear: Int?

        /// "3.0 L, 6 cyl", or nil when vPIC knows neither.
        func engine(_ decoded: VINDecoding) -> String? {
            let parts = [decoded.displacementL.map { "\($0) L" }, decoded.engineCylinders.map { "\($0) cyl" }].compactMap { $0 }
            return parts.isEmpty ? nil : parts.joined(separator: ", ")
        }

        struct Output: Encodable {
            var vin: String
            var corrected: Bool
            var checkDigit: String
            var expectedCheckDigit: String
            var checkDigitValid: Bool
            var modelYear: Int?
            var region: String
            var country: String?
            var manufacturer: String?
            var nhtsa: VINDecoding?
        }

        func run() async throws {
            let parsed: VIN
            switch VIN.parse(vin) {
            case .success(let value): parsed = value
            case .failure(let problem): throw ServiceError.validationFailed(problem.message)
            }
            var output = Output(
                vin: parsed.value, corrected: parsed.value != vin.uppercased(), checkDigit: String(parsed.checkDigit),
                expectedCheckDigit: String(parsed.expectedCheckDigit), checkDigitValid: parsed.isCheckDigitValid,
                modelYear: parsed.modelYear, region: parsed.region.rawValue, country: parsed.country,
                manufacturer: parsed.manufacturer
            )
            if online { output.nhtsa = try await nhtsa.client().decodeVIN(parsed.value, modelYear: modelYear) }
            if options.json { return try GarageOutput.json(output) }
            if output.corrected { print("Read as \(parsed.value) (O, I and Q are not used in VINs).") }
            var rows: [[String]] = [
                ["VIN", parsed.value],
                ["Check digit", parsed.isCheckDigitValid ? "\(parsed.checkDigit) (valid)" : "\(parsed.checkDigit), expected \(parsed.expectedCheckDigit)"],
                ["Model year", parsed.modelYear.map(String.init) ?? "unknown"],
                ["Region", parsed.region.rawValue + (parsed.country.map { " (\($0))" } ?? "")],
                ["Maker (WMI \(parsed.wmi))", parsed.manufacturer ?? "not in the offline table"],
            ]
            if let decoded = output.nhtsa {
                let fields: [(String, String?)] = [
                    ("Make", decoded.make), ("Model", decoded.model), ("NHTSA model year", decoded.modelYear.map(String.init)),
                    ("Trim", decoded.trim), ("Series", decoded.series), ("Body", decoded.bodyClass), ("Type", decoded.vehicleType),
                    ("Drive", decoded.driveType), ("Fuel", decoded.fuelTypePrimary),
                    ("Engine", engine(decoded)),
                    ("Plant", decoded.plantCountry), ("Manufacturer", decoded.manufacturer),
                ]
                rows += fields.compactMap { label, value in value.map { [label, $0] } }
            }
            GarageOutput.table(["FIELD", "VALUE"], rows)
            if !parsed.isCheckDigitValid {
                GarageOutput.note("warning: the check digit does not match; check for a typo (vehicles built outside North America may not use it).")
            }
            if let decoded = output.nhtsa, !decoded.isClean {
                GarageOutput.note("NHTSA: \(decoded.errorText ?? "error codes \(decoded.errorCodes)")\(decoded.suggestedVIN.map { " Suggested VIN: \($0)." } ?? "")")
            }
        }
    }
}
